/**
 * What a model reads of a value: the parts a tool's `toModelOutput` makes of it (checked),
 * or the value as text (a string as it is, anything else as JSON), cut to a size budget
 * with a visible marker rather than silently.
 *
 * @module
 */
import { clip, codePointEnd } from "../core/clip";
import { describeValue, messageOf } from "../core/describe";
import type { ContentPart, ModelOutput } from "../core/model-output";
import { asWritten, isAsWritten } from "./outcome";

/** A `toModelOutput` as the set calls it. */
export type ToModelOutput = (result: unknown) => ModelOutput;

/**
 * The content parts of `value` for the model: `toModelOutput`'s, or the value as one text
 * part. A `toModelOutput` that throws or returns something else than parts gives the value
 * as text, followed by a text part saying what went wrong, so nothing is silently lost.
 * With `budget`, at most that many characters of payload (text, base64 data) are kept.
 */
export function modelContent(
  name: string,
  value: unknown,
  toModelOutput: ToModelOutput | undefined,
  budget: number | undefined,
): ContentPart[] {
  const parts =
    toModelOutput === undefined ? [textOf(value)] : fromHook(name, value, toModelOutput);
  return budget === undefined ? parts : withinBudget(parts, budget);
}

/** `outcome` with a failure's text cut to `budget` characters: a model reads it too. */
export function failureWithin<T extends { readonly ok: boolean; readonly error?: string }>(
  outcome: T,
  budget: number,
): T {
  const { error } = outcome;
  if (outcome.ok || error === undefined || error.length <= budget) return outcome;
  const cut = { ...outcome, error: cutText(error, budget) };
  return isAsWritten(outcome) ? asWritten(cut) : cut;
}

/** The value as one text part: a string as it is, anything else as JSON. */
export function textOf(value: unknown): ContentPart {
  if (typeof value === "string") return { type: "text", text: value };
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    text = `(a result that cannot be written as JSON: ${messageOf(error)})`;
  }
  return { type: "text", text: text ?? "null" };
}

function fromHook(name: string, value: unknown, toModelOutput: ToModelOutput): ContentPart[] {
  let output: unknown;
  try {
    output = toModelOutput(value);
  } catch (error) {
    return fallback(value, `tool '${name}': toModelOutput threw: ${messageOf(error)}`);
  }
  if (typeof output === "string") return [{ type: "text", text: output }];
  const parts = readParts(output);
  return typeof parts === "string"
    ? fallback(value, `tool '${name}': toModelOutput ${parts}`)
    : parts;
}

function fallback(value: unknown, why: string): ContentPart[] {
  return [textOf(value), { type: "text", text: `(${why}; the result is shown as JSON)` }];
}

/** The most parts one result may hold: a bound on the loop, not a budget. */
const MAX_PARTS = 100_000;

/**
 * `output` read once into plain parts (copies holding only their own fields), or what is
 * wrong with it. Never throws: a getter, a Proxy or a lying `length` is a problem named.
 */
function readParts(output: unknown): ContentPart[] | string {
  let length: number;
  try {
    if (!Array.isArray(output)) {
      return `returned ${describeValue(output)}, not text or content parts`;
    }
    length = output.length;
  } catch (error) {
    return `returned parts that cannot be read: ${messageOf(error)}`;
  }
  if (length > MAX_PARTS) {
    return `returned ${length} parts, more than the ${MAX_PARTS} a result may hold`;
  }
  const parts: ContentPart[] = [];
  for (let index = 0; index < length; index += 1) {
    let part: ContentPart | string;
    try {
      part = readPart(output[index]);
    } catch (error) {
      part = `cannot be read: ${messageOf(error)}`;
    }
    if (typeof part === "string") return `part ${index + 1} ${part}`;
    parts.push(part);
  }
  return parts;
}

const TYPES = ["text", "image", "audio", "resource-link", "resource"] as const;

/** `part` as a plain content part, each field read once, or what is wrong with it. */
function readPart(part: unknown): ContentPart | string {
  if (typeof part !== "object" || part === null) {
    return `is ${describeValue(part)}, not a content part`;
  }
  const fields = part as Record<string, unknown>;
  const type = fields.type;
  switch (type) {
    case "text": {
      const text = fields.text;
      return typeof text === "string" ? { type, text } : needs(type, "text");
    }
    case "image":
    case "audio": {
      const { data, mediaType } = fields;
      if (typeof data !== "string") return needs(type, "data");
      if (typeof mediaType !== "string") return needs(type, "mediaType");
      // Providers and MCP clients reject a whole result over bad base64: named here instead.
      return isBase64(data) ? { type, data, mediaType } : `(${type}) needs base64 'data'`;
    }
    case "resource-link": {
      const { uri, name, description, mediaType } = fields;
      if (typeof uri !== "string") return needs(type, "uri");
      if (typeof name !== "string") return needs(type, "name");
      return { type, uri, name, ...optional({ description, mediaType }) };
    }
    case "resource": {
      const { uri, mediaType, text, blob } = fields;
      if (typeof uri !== "string") return needs(type, "uri");
      if (typeof blob === "string" && !isBase64(blob)) return "(resource) needs base64 'blob'";
      if (typeof text !== "string" && typeof blob !== "string") {
        return "(resource) needs a string 'text' or 'blob'";
      }
      return { type, uri, ...optional({ mediaType, text, blob }) };
    }
    default: {
      const shown = typeof type === "string" ? JSON.stringify(type) : describeType(type);
      return `has type ${shown}; expected one of ${TYPES.join(", ")}`;
    }
  }
}

function needs(type: string, field: string): string {
  return `(${type}) needs a string '${field}'`;
}

/** The optional fields that are text; anything else (`null` included) is left out. */
function optional(fields: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") kept[key] = value;
  }
  return kept;
}

function describeType(type: unknown): string {
  return type === undefined ? "undefined" : describeValue(type);
}

function isBase64(text: string): boolean {
  return text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}

/**
 * The characters a model reads of `part`: every field it carries (text, data, names,
 * URIs, media types, descriptions), and at least one for the part itself, so that no
 * number of empty parts is free.
 */
function sizeOf(part: ContentPart): number {
  let size = 0;
  for (const [key, field] of Object.entries(part)) {
    if (key !== "type" && typeof field === "string") size += field.length;
  }
  return Math.max(size, 1);
}

/**
 * `parts` cut to `budget` characters: the parts that fit, in order; then the first that
 * does not, a text cut where the budget runs out and anything else replaced by a marker
 * naming it; then one marker for the parts after it. Markers are short and bounded, so the
 * model always sees that something was cut.
 */
function withinBudget(parts: readonly ContentPart[], budget: number): ContentPart[] {
  let left = budget;
  const kept: ContentPart[] = [];
  for (const [index, part] of parts.entries()) {
    const size = sizeOf(part);
    if (size <= left) {
      left -= size;
      kept.push(part);
      continue;
    }
    kept.push(
      part.type === "text" ? { type: "text", text: cutText(part.text, left) } : omitted(part, size),
    );
    const rest = parts.slice(index + 1);
    if (rest.length > 0) kept.push(restOmitted(rest));
    break;
  }
  return kept;
}

/** `text` cut to `budget` characters (never inside a surrogate pair), with a marker saying how much was left out. */
function cutText(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const end = codePointEnd(text, budget);
  return `${text.slice(0, end)}\n… [truncated: ${(text.length - end).toLocaleString("en-US")} more characters]`;
}

/** A marker naming a part that does not fit: by its URI or media type, itself cut short. */
function omitted(part: Exclude<ContentPart, { type: "text" }>, size: number): ContentPart {
  const what =
    part.type === "resource" || part.type === "resource-link"
      ? `${part.type} ${clip(part.uri)}`
      : `${part.type} (${clip(part.mediaType)})`;
  return {
    type: "text",
    text: `[${what} omitted: ${size.toLocaleString("en-US")} characters, over the output budget]`,
  };
}

/** One marker for the parts after the cut; a single one is marked as it would be cut. */
function restOmitted(rest: readonly ContentPart[]): ContentPart {
  const [only] = rest;
  if (rest.length === 1 && only !== undefined) {
    return only.type === "text"
      ? { type: "text", text: cutText(only.text, 0) }
      : omitted(only, sizeOf(only));
  }
  const size = rest.reduce((sum, part) => sum + sizeOf(part), 0);
  const count =
    rest.length === 1 ? "1 more part" : `${rest.length.toLocaleString("en-US")} more parts`;
  return {
    type: "text",
    text: `[${count} omitted: ${size.toLocaleString("en-US")} characters, over the output budget]`,
  };
}
