/**
 * What a model reads of a tool's result, when the tool says more than JSON can: text,
 * images, audio, links to resources and embedded resources. A tool's `toModelOutput`
 * returns these parts; each host adapter maps them to its provider's own content shapes,
 * and writes a part its provider has no place for as text.
 *
 * @module
 */

/** Text for the model. */
export interface TextPart {
  readonly type: "text";
  readonly text: string;
}

/** An image, base64-encoded. */
export interface ImagePart {
  readonly type: "image";
  /** The bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  /** Its media type, e.g. `image/png`. */
  readonly mediaType: string;
}

/** Audio, base64-encoded. */
export interface AudioPart {
  readonly type: "audio";
  /** The bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  /** Its media type, e.g. `audio/wav`. */
  readonly mediaType: string;
}

/** A link to a resource the model or client may fetch or read. */
export interface ResourceLinkPart {
  readonly type: "resource-link";
  readonly uri: string;
  /** A short name for it. */
  readonly name: string;
  readonly description?: string;
  readonly mediaType?: string;
}

/** A resource embedded in the result: its text, or its bytes base64-encoded. */
export interface ResourcePart {
  readonly type: "resource";
  readonly uri: string;
  readonly mediaType?: string;
  /** The resource as text; give this or `blob`. */
  readonly text?: string;
  /** The resource's bytes, base64-encoded; give this or `text`. */
  readonly blob?: string;
}

/** One part of what a model reads of a result. */
export type ContentPart = TextPart | ImagePart | AudioPart | ResourceLinkPart | ResourcePart;

/** What `toModelOutput` returns: text, or content parts in order. */
export type ModelOutput = string | readonly ContentPart[];
