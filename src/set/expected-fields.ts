/**
 * The fields a tool accepts, written as a model would write them: `{ day: string,
 * limit?: number }`. Read from the tool's projected JSON Schema, so it says what the
 * model was shown; the default error texts end with it, to say what to send instead.
 *
 * @module
 */
import { projectParameters } from "../core/projection";
import type { JsonSchema } from "../zod/json-schema";
import type { AnySchema } from "../zod/schema";

/** Longest type written out for one field; longer ones are cut with `…`. */
const MAX_TYPE_LENGTH = 80;
/** Most fields listed; the rest are counted. */
const MAX_FIELDS = 30;

/** The fields `parameters` accepts, or `undefined` when its schema cannot be projected. */
export function expectedFields(name: string, parameters: AnySchema): string | undefined {
  let schema: JsonSchema;
  try {
    schema = projectParameters(name, parameters, "draft-2020-12");
  } catch {
    return undefined;
  }
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return "{}";
  const fields = names
    .slice(0, MAX_FIELDS)
    .map(
      (key) => `${key}${required.has(key) ? "" : "?"}: ${clip(typeOf(properties[key] ?? {}, 0))}`,
    );
  if (names.length > MAX_FIELDS) fields.push(`… ${names.length - MAX_FIELDS} more`);
  return `{ ${fields.join(", ")} }`;
}

function typeOf(schema: JsonSchema, depth: number): string {
  if (depth > 2) return "…";
  if ("const" in schema) return JSON.stringify(schema.const) ?? "unknown";
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants))
    return variants.map((variant) => typeOf(variant, depth + 1)).join(" | ");
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") return `${typeOf((schema.items ?? {}) as JsonSchema, depth + 1)}[]`;
  if (type === "integer") return "integer";
  if (typeof type === "string") return type;
  if (typeof schema.$ref === "string") return "object";
  return "unknown";
}

function clip(text: string): string {
  return text.length <= MAX_TYPE_LENGTH ? text : `${text.slice(0, MAX_TYPE_LENGTH - 1)}…`;
}
