/**
 * The one text fallback for content parts: what a model reads of a part its provider has
 * no place for (a link, an embedded text resource, media a result cannot carry), worded
 * the same in every adapter, so that the model always knows what was there.
 *
 * @module
 */
import type { ContentPart, ResourceLinkPart, ResourcePart } from "../core/model-output";

/** A resource link as a line of text: the model can ask for it by its URI. */
export function linkText(part: ResourceLinkPart): string {
  const type = part.mediaType === undefined ? "" : ` (${part.mediaType})`;
  const about = part.description === undefined ? "" : `: ${part.description}`;
  return `[resource link: ${part.name} <${part.uri}>${type}${about}]`;
}

/** What a part is, as the texts below name it: `image (image/png)`, `resource file:///a (text/csv)`. */
export function partName(part: Exclude<ContentPart, { type: "text" | "resource-link" }>): string {
  if (part.type !== "resource") return `${part.type} (${part.mediaType})`;
  return `resource ${part.uri}${part.mediaType === undefined ? "" : ` (${part.mediaType})`}`;
}

/** An embedded text resource as text, headed by its URI so the model knows its source. */
export function resourceText(part: ResourcePart, text: string): string {
  return `[${partName(part)}]\n${text}`;
}

/**
 * A part the provider cannot carry, named: `[image (image/tiff) omitted: Anthropic tool
 * results carry images only as JPEG, PNG, GIF or WebP]`.
 */
export function omitted(
  part: Exclude<ContentPart, { type: "text" | "resource-link" }>,
  where: string,
  why: string,
): string {
  return `[${partName(part)} omitted: ${where} ${why}]`;
}
