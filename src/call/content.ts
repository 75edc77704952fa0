/**
 * What a model reads of a value: the parts a tool's `toModelOutput` makes of it (checked),
 * or the value as text (a string as it is, anything else as JSON), cut to a size budget
 * with a visible marker rather than silently.
 *
 * @module
 */
import { describeValue, messageOf } from "../core/describe";
import type { ContentPart, ModelOutput } from "../core/model-output";

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
  if (!Array.isArray(output)) {
    return fallback(
      value,
      `tool '${name}': toModelOutput returned ${describeValue(output)}, not text or content parts`,
    );
  }
  const problem = output.map(partProblem).findIndex((found) => found !== undefined);
  if (problem >= 0) {
    return fallback(
      value,
      `tool '${name}': toModelOutput part ${problem + 1} ${partProblem(output[problem])}`,
    );
  }
  return output as ContentPart[];
}

function fallback(value: unknown, why: string): ContentPart[] {
  return [textOf(value), { type: "text", text: `(${why}; the result is shown as JSON)` }];
}

const FIELDS: Record<ContentPart["type"], readonly string[]> = {
  text: ["text"],
  image: ["data", "mediaType"],
  audio: ["data", "mediaType"],
  "resource-link": ["uri", "name"],
  resource: ["uri"],
};

/** What is wrong with `part`, or `undefined` when it is a content part. */
function partProblem(part: unknown): string | undefined {
  if (typeof part !== "object" || part === null)
    return `is ${describeValue(part)}, not a content part`;
  const { type } = part as { type?: unknown };
  const fields = typeof type === "string" ? FIELDS[type as ContentPart["type"]] : undefined;
  if (fields === undefined) {
    return `has type ${JSON.stringify(type) ?? "undefined"}; expected one of ${Object.keys(FIELDS).join(", ")}`;
  }
  const missing = fields.find(
    (field) => typeof (part as Record<string, unknown>)[field] !== "string",
  );
  if (missing !== undefined) return `(${type}) needs a string '${missing}'`;
  const { data, blob } = part as { data?: unknown; blob?: unknown };
  const binary = type === "image" || type === "audio" ? data : blob;
  // Providers and MCP clients reject a whole result over bad base64: named here instead.
  if (typeof binary === "string" && !isBase64(binary)) {
    return `(${type}) needs base64 '${type === "resource" ? "blob" : "data"}'`;
  }
  if (type === "resource") {
    const { text, blob } = part as { text?: unknown; blob?: unknown };
    if (typeof text !== "string" && typeof blob !== "string")
      return "(resource) needs a string 'text' or 'blob'";
  }
  return undefined;
}

function isBase64(text: string): boolean {
  return text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}

/** The payload of a part that counts against a budget. */
function sizeOf(part: ContentPart): number {
  switch (part.type) {
    case "text":
      return part.text.length;
    case "image":
    case "audio":
      return part.data.length;
    case "resource":
      return (part.text ?? part.blob ?? "").length;
    case "resource-link":
      return 0;
  }
}

/**
 * `parts` cut to `budget` characters of payload: a text cut where it runs out, with a
 * marker saying how much was left out; a binary part that does not fit replaced by a
 * marker naming it. The model always sees that something was cut.
 */
function withinBudget(parts: readonly ContentPart[], budget: number): ContentPart[] {
  let left = budget;
  return parts.map((part): ContentPart => {
    const size = sizeOf(part);
    if (size <= left) {
      left -= size;
      return part;
    }
    const over = size - Math.max(left, 0);
    if (part.type === "text") {
      const kept = part.text.slice(0, Math.max(left, 0));
      left = 0;
      return {
        type: "text",
        text: `${kept}\n… [truncated: ${over.toLocaleString("en-US")} more characters]`,
      };
    }
    left = 0;
    const what =
      part.type === "resource" ? `resource ${part.uri}` : `${part.type} (${part.mediaType})`;
    return {
      type: "text",
      text: `[${what} omitted: ${size.toLocaleString("en-US")} characters, over the output budget]`,
    };
  });
}
