/**
 * A result's content parts in what OpenAI's two tool-result formats accept. A Chat
 * Completions tool message carries text only, so every other part becomes a text part
 * saying what it was. A Responses API `function_call_output` carries text, images (as
 * data URLs) and files, so only audio and resource links become text.
 *
 * @module
 */
import type { ChatCompletionContentPartText } from "openai/resources/chat/completions";
import type { ResponseFunctionCallOutputItem } from "openai/resources/responses/responses";
import type { ContentPart, ResourcePart } from "toolwright";
import { linkText, omitted, resourceText } from "../part-text";

/** Where a part went that did not fit, as the omission text names it. */
const CHAT = "OpenAI Chat Completions tool results";
const RESPONSES = "OpenAI Responses tool results";

/** The image media types the Responses API takes as `input_image`. */
const IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** Chat Completions tool message content: a string for one text part, text parts otherwise. */
export function chatContent(
  parts: readonly ContentPart[],
): string | ChatCompletionContentPartText[] {
  const texts = parts.map(chatText);
  return texts.length === 1 ? (texts[0] ?? "") : texts.map((text) => ({ type: "text", text }));
}

function chatText(part: ContentPart): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
    case "audio":
      return omitted(part, CHAT, "carry text only");
    case "resource-link":
      return linkText(part);
    case "resource":
      return part.text !== undefined
        ? resourceText(part, part.text)
        : omitted(part, CHAT, "carry text only");
  }
}

/** Responses `function_call_output` output: a string for one text part, items otherwise. */
export function responsesOutput(
  parts: readonly ContentPart[],
): string | ResponseFunctionCallOutputItem[] {
  const [only] = parts;
  if (parts.length === 1 && only?.type === "text") return only.text;
  return parts.map(responsesItem);
}

function responsesItem(part: ContentPart): ResponseFunctionCallOutputItem {
  switch (part.type) {
    case "text":
      return { type: "input_text", text: part.text };
    case "image":
      return IMAGE_TYPES.includes(part.mediaType)
        ? { type: "input_image", image_url: dataUrl(part.mediaType, part.data) }
        : inputText(omitted(part, RESPONSES, "take images as PNG, JPEG, WebP or GIF"));
    case "audio":
      return inputText(omitted(part, RESPONSES, "carry no audio"));
    case "resource-link":
      return inputText(linkText(part));
    case "resource":
      return resourceItem(part);
  }
}

// Text as text; bytes as an image when they are one, else as a file named after the URI.
function resourceItem(part: ResourcePart): ResponseFunctionCallOutputItem {
  if (part.text !== undefined) return inputText(resourceText(part, part.text));
  const mediaType = part.mediaType ?? "application/octet-stream";
  const data = dataUrl(mediaType, part.blob ?? "");
  if (IMAGE_TYPES.includes(mediaType)) return { type: "input_image", image_url: data };
  return { type: "input_file", file_data: data, filename: fileNameOf(part.uri) };
}

function inputText(text: string): ResponseFunctionCallOutputItem {
  return { type: "input_text", text };
}

function dataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}

/** The last path segment of `uri`, or the URI itself when it has none. */
function fileNameOf(uri: string): string {
  const last = uri
    .split(/[/\\]/)
    .filter((segment) => segment !== "")
    .at(-1);
  return last ?? uri;
}
