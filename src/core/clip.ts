/**
 * Clipping text a model reads back from its caller (a tool name, a URI, a media type): a
 * hostile caller's value is echoed at a bounded length, never cut inside a surrogate pair.
 *
 * @module
 */

/** The most characters of a name or URI that a message shows. */
export const SHOWN = 100;

/** `text`, or its first {@link SHOWN} characters and an ellipsis. */
export function clip(text: string): string {
  return text.length <= SHOWN ? text : `${text.slice(0, codePointEnd(text, SHOWN))}…`;
}

/** `end`, moved back by one where it would split a surrogate pair. */
export function codePointEnd(text: string, end: number): number {
  const before = text.charCodeAt(end - 1);
  const after = text.charCodeAt(end);
  const splits = before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
  return splits ? end - 1 : end;
}
