/**
 * Reads a schema of either major, or a JSON Schema, into the neutral shape: `zodMajor` tells the
 * major apart, `isJsonSchema` a JSON Schema, and `viewSchema` hands the schema to its reader
 * (`view-zod3.ts`, `view-zod4.ts`, `view-json-schema.ts`). Nothing else in the linter knows
 * there are three readers.
 */
import { entryOf, isSchemaAt } from "./json-schema-ref.js";
import { baseNode, type ChildEdge, type SchemaNode } from "./node.js";
import { JSON_SCHEMA_KEYWORDS, viewJsonSchema } from "./view-json-schema.js";
import { viewZod3 } from "./view-zod3.js";
import { viewZod4 } from "./view-zod4.js";

/** Which Zod major `value` is, structurally: Zod 4 carries `_zod`, Zod 3 `_def` without `_zod`. */
export function zodMajor(value: unknown): 3 | 4 | undefined {
  if ((typeof value !== "object" && typeof value !== "function") || value === null)
    return undefined;
  try {
    if ("_zod" in value && typeof value._zod === "object" && value._zod !== null) return 4;
    if ("_def" in value && typeof value._def === "object" && value._def !== null) return 3;
  } catch {
    // A proxy or getter that throws on `in` is not a schema we can read.
  }
  return undefined;
}

/**
 * Reads one schema into the neutral shape. Returns `undefined` for a non-schema and for a schema
 * whose own definition throws when read: the walker skips it and reports nothing about it.
 */
export function viewSchema(value: unknown): SchemaNode | undefined {
  if (isSchemaAt(value)) return viewJson(value);
  const major = zodMajor(value);
  if (major === undefined) {
    if (isRawShape(value)) return viewRawShape(value);
    // A document root: its own document, entered as every `$ref` to it (`#`) is.
    return isJsonSchema(value) ? viewJson(entryOf(value, value)) : undefined;
  }
  try {
    return major === 4 ? viewZod4(value as object) : viewZod3(value as object);
  } catch {
    return undefined;
  }
}

/**
 * True for a raw shape, `{ city: z.string() }`: a plain object each of whose own fields is a
 * schema. toolwright takes one as `parameters` and wraps it in `z.object` of its fields' major.
 */
export function isRawShape(value: unknown): value is Readonly<Record<string, object>> {
  if (typeof value !== "object" || value === null || zodMajor(value) !== undefined) return false;
  try {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(value).every((field) => zodMajor(field) !== undefined);
  } catch {
    return false;
  }
}

// The object node `z.object` of the shape would be: a closed object of the fields' major.
function viewRawShape(shape: Readonly<Record<string, object>>): SchemaNode {
  const fields = Object.entries(shape);
  const major = fields.length > 0 && fields.every(([, field]) => zodMajor(field) === 3) ? 3 : 4;
  const children: ChildEdge[] = fields.map(([key, schema]) => ({ edge: "property", key, schema }));
  return baseNode(shape, major, "object", "raw shape", undefined, { children });
}

/** A Proxy that throws on a key read or listing reads as nothing, as a throwing Zod getter does. */
function viewJson(at: Parameters<typeof viewJsonSchema>[0]): SchemaNode | undefined {
  try {
    return viewJsonSchema(at);
  } catch {
    return undefined;
  }
}

/**
 * True for a JSON Schema document: `true`/`false`, or a plain object (prototype `Object` or
 * `null`) that is no Zod schema and no raw shape, has at least one JSON Schema keyword among its
 * own keys (`type`, `properties`, `$ref`, `anyOf`, `enum`, `description`, …; see
 * `JSON_SCHEMA_KEYWORDS`) and no Zod schema among its values. Raw shapes are decided first, so
 * `{ type: z.string() }` stays a raw shape, and so does `{}` (an empty parameters object, as
 * toolwright reads it), although as JSON Schema it would admit anything.
 */
export function isJsonSchema(value: unknown): boolean {
  if (typeof value === "boolean") return true;
  if (typeof value !== "object" || value === null || zodMajor(value) !== undefined) return false;
  if (isRawShape(value)) return false;
  try {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    const keys = Object.keys(value);
    return (
      keys.some((key) => JSON_SCHEMA_KEYWORDS.has(key)) &&
      keys.every((key) => zodMajor((value as Record<string, unknown>)[key]) === undefined)
    );
  } catch {
    return false;
  }
}
