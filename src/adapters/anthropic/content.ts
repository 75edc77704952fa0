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
import { linkText, omitted } from "../part-text";

/** One block of `tool_result` content. */
export type AnthropicResultBlock = Exclude<
  ToolResultBlockParam["content"],
  string | undefined
>[number];

/** Where a part went that did not fit, as the omission text names it. */
const WHERE = "Anthropic tool results";

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
        : text(omitted(part, WHERE, "carry images only as JPEG, PNG, GIF or WebP"));
    case "audio":
      return text(omitted(part, WHERE, "carry no audio"));
    case "resource-link":
      return text(linkText(part));
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
  return text(omitted(part, WHERE, "carry binary resources only as images or PDFs"));
}

function text(value: string): TextBlockParam {
  return { type: "text", text: value };
}

function image(data: string, mediaType: ImageType): ImageBlockParam {
  return { type: "image", source: { type: "base64", media_type: mediaType, data } };
}
