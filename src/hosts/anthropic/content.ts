/**
 * A result's content parts as `tool_result` content: text as text blocks, images as image
 * blocks, text resources and PDFs as document blocks; what a `tool_result` has no block
 * for (audio, other binary resources, resource links) as a text block that says what it
 * is, so the model knows it was there.
 *
 * @module
 */
import type {
  DocumentBlockParam,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { ContentPart, ResourcePart } from "toolwright";

/** One block of `tool_result` content. */
export type AnthropicResultBlock = Exclude<
  ToolResultBlockParam["content"],
  string | undefined
>[number];

/** The image media types an Anthropic image block takes. */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

function isImageType(mediaType: string | undefined): mediaType is ImageType {
  return (IMAGE_TYPES as readonly (string | undefined)[]).includes(mediaType);
}

/**
 * `tool_result` content for `parts`: a plain string when they are a single text part (as
 * results were before content parts), blocks otherwise.
 */
export function anthropicResultContent(
  parts: readonly ContentPart[],
): string | AnthropicResultBlock[] {
  const [only] = parts;
  if (parts.length === 1 && only?.type === "text") return only.text;
  return parts.map(blockOf);
}

function blockOf(part: ContentPart): AnthropicResultBlock {
  switch (part.type) {
    case "text":
      return text(part.text);
    case "image":
      return isImageType(part.mediaType)
        ? image(part.data, part.mediaType)
        : text(omitted(`image (${part.mediaType})`, "carry images only as JPEG, PNG, GIF or WebP"));
    case "audio":
      return text(omitted(`audio (${part.mediaType})`, "carry no audio"));
    case "resource-link":
      return text(linkText(part.name, part.uri, part.mediaType, part.description));
    case "resource":
      return resourceBlock(part);
  }
}

function resourceBlock(part: ResourcePart): AnthropicResultBlock {
  if (part.text !== undefined) {
    const document: DocumentBlockParam = {
      type: "document",
      source: { type: "text", media_type: "text/plain", data: part.text },
      title: part.uri,
    };
    return document;
  }
  const blob = part.blob ?? "";
  if (isImageType(part.mediaType)) return image(blob, part.mediaType);
  if (part.mediaType === "application/pdf") {
    return {
      type: "document",
      source: { type: "base64", media_type: "application/pdf", data: blob },
      title: part.uri,
    };
  }
  return text(
    omitted(
      `resource ${part.uri}${part.mediaType === undefined ? "" : ` (${part.mediaType})`}`,
      "carry binary resources only as images or PDFs",
    ),
  );
}

function text(value: string): TextBlockParam {
  return { type: "text", text: value };
}

function image(data: string, mediaType: ImageType): ImageBlockParam {
  return { type: "image", source: { type: "base64", media_type: mediaType, data } };
}

function omitted(what: string, why: string): string {
  return `[${what} omitted: Anthropic tool results ${why}]`;
}

/** A resource link as a line of text: the model can ask for it by its URI. */
function linkText(
  name: string,
  uri: string,
  mediaType: string | undefined,
  description: string | undefined,
): string {
  const type = mediaType === undefined ? "" : ` (${mediaType})`;
  const about = description === undefined ? "" : `: ${description}`;
  return `[resource link: ${name} <${uri}>${type}${about}]`;
}
