/**
 * Positions inside one JSON Schema document, and local `$ref` resolution. A JSON Schema carries no
 * identity of its own for the layers the Zod views see (a property left out of `required` is an
 * optional layer, `nullable: true` a nullable one), and `$ref` needs the document it is read
 * against; so the JSON view walks {@link JsonSchemaAt} handles, one per (document, value, stage),
 * canonical so that the walker's identity-based cycle detection sees a `$ref` back to an ancestor
 * as the same schema, exactly as it sees a `z.lazy()` returning its ancestor.
 */
import { prop } from "./read.js";

/**
 * Which layer of a value a handle stands for, outermost first: `optional` (a property left out
 * of its object's `required`), `default`, `nullable`, then the `core` (type and structure). A
 * `type:i` stage is the `i`-th member of a multi-type `type` array.
 */
export type JsonSchemaStage = "optional" | "default" | "nullable" | "core" | `type:${number}`;

/** One position in a JSON Schema document: the value there and the layer of it viewed. */
export interface JsonSchemaAt {
  /** The document `$ref` pointers resolve against. */
  readonly root: unknown;
  /** A schema: an object or a boolean. */
  readonly value: unknown;
  readonly stage: JsonSchemaStage;
}

type Handle = JsonSchemaAt;

// Handles by identity: `WeakSet.has` runs no Proxy trap, so asking about a hostile value is safe.
const made = new WeakSet<object>();

// Per document, per value, per stage: one frozen handle, so identity is stable across reads.
// A cache, not state the lint depends on: dropping it would only break cycle detection.
const handles = new WeakMap<object, Map<unknown, Map<JsonSchemaStage, Handle>>>();

/** The canonical handle for `value` at `stage` in `root` (a boolean root is its own document). */
export function schemaAt(root: unknown, value: unknown, stage: JsonSchemaStage): JsonSchemaAt {
  const key = typeof root === "object" && root !== null ? root : BOOLEAN_ROOTS;
  const byValue = handles.get(key) ?? new Map<unknown, Map<JsonSchemaStage, Handle>>();
  handles.set(key, byValue);
  const byStage = byValue.get(value) ?? new Map<JsonSchemaStage, Handle>();
  byValue.set(value, byStage);
  let handle = byStage.get(stage);
  if (handle === undefined) {
    handle = Object.freeze({ root, value, stage });
    made.add(handle);
    byStage.set(stage, handle);
  }
  return handle;
}
const BOOLEAN_ROOTS = {};

/** The entry handle of `value`: where a `$ref`, an item or a required property lands. */
export const entryOf = (root: unknown, value: unknown): JsonSchemaAt =>
  schemaAt(root, value, "default");

/** Whether `value` is a handle made by {@link schemaAt}. */
export function isSchemaAt(value: unknown): value is JsonSchemaAt {
  return typeof value === "object" && value !== null && made.has(value);
}

/**
 * Resolves a local `$ref` (`#`, or a JSON Pointer fragment `#/$defs/Node`, `~0`/`~1` and
 * percent escapes decoded) against `root`; `undefined` when it does not resolve, or is not local.
 */
export function resolveRef(root: unknown, ref: string): unknown {
  try {
    return followPointer(root, ref);
  } catch {
    // A Proxy on the way whose traps throw: as unresolvable as a missing key.
    return undefined;
  }
}

function followPointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  const fragment = safeDecode(ref.slice(1));
  if (fragment === undefined) return undefined;
  if (fragment === "") return root;
  if (!fragment.startsWith("/")) return undefined; // a plain-name anchor: not supported
  let at: unknown = root;
  for (const token of fragment.slice(1).split("/")) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return undefined;
    at = prop(at, key);
  }
  return isSchemaValue(at) ? at : undefined;
}

function safeDecode(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/** A JSON Schema is an object (not an array) or a boolean. */
export function isSchemaValue(value: unknown): boolean {
  return (
    typeof value === "boolean" ||
    (typeof value === "object" && value !== null && !Array.isArray(value))
  );
}

/** Keywords whose value is one subschema. */
const ONE = [
  "additionalProperties",
  "additionalItems",
  "items",
  "not",
  "propertyNames",
  "contains",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
];
/** Keywords whose value is a list of subschemas. */
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
/** Keywords whose value maps names to subschemas. */
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/** The subschemas of `schema` with the JSON Pointer of each, in keyword order. */
export function subschemas(schema: unknown, pointer: string): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  for (const keyword of ONE) {
    const value = prop(schema, keyword);
    if (isSchemaValue(value)) found.push([`${pointer}/${keyword}`, value]);
  }
  for (const keyword of LIST) {
    const value = prop(schema, keyword);
    if (!Array.isArray(value)) continue;
    value.forEach((item, i) => {
      found.push([`${pointer}/${keyword}/${i}`, item]);
    });
  }
  for (const keyword of MAP) {
    const value = prop(schema, keyword);
    if (typeof value !== "object" || value === null) continue;
    for (const key of safeKeys(value)) {
      found.push([
        `${pointer}/${keyword}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`,
        prop(value, key),
      ]);
    }
  }
  return found;
}

function safeKeys(value: object): string[] {
  try {
    return Object.keys(value);
  } catch {
    return [];
  }
}

/**
 * The first `$ref` in the document that does not resolve locally, with where it sits (a JSON
 * Pointer), or `undefined`. Iterative and cycle-safe: a 10,000-deep or self-containing document
 * is scanned without recursion, each object once.
 */
export function unresolvedRef(root: unknown): { ref: string; at: string } | undefined {
  const seen = new Set<object>();
  const stack: Array<[string, unknown]> = [["#", root]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [pointer, schema] = next;
    if (typeof schema !== "object" || schema === null || seen.has(schema)) continue;
    seen.add(schema);
    const ref = prop(schema, "$ref");
    if (typeof ref === "string" && resolveRef(root, ref) === undefined) return { ref, at: pointer };
    const children = safeSubschemas(schema, pointer);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as [string, unknown]);
  }
  return undefined;
}

/**
 * The top-level definitions (`#/$defs/name`, `#/definitions/name`) the document's own schema
 * reaches through `$ref`s, directly or through other definitions. Iterative and cycle-safe,
 * as {@link unresolvedRef} is.
 */
export function reachedDefinitions(root: unknown): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<object>();
  const own = safeSubschemas(root, "#").filter(([pointer]) => !DEFINITION.test(pointer));
  const stack: Array<[string, unknown]> = [["#", { $ref: prop(root, "$ref") }], ...own];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [pointer, schema] = next;
    if (typeof schema !== "object" || schema === null || seen.has(schema)) continue;
    seen.add(schema);
    const ref = prop(schema, "$ref");
    const definition = typeof ref === "string" ? DEFINITION.exec(ref)?.[0] : undefined;
    if (typeof ref === "string" && definition !== undefined && !reached.has(definition)) {
      reached.add(definition);
      stack.push([definition, resolveRef(root, definition)]);
    }
    stack.push(...safeSubschemas(schema, pointer));
  }
  return reached;
}

/** The top-level definition a pointer names or lies within. */
const DEFINITION = /^#\/(?:\$defs|definitions)\/[^/]+/;

// A list whose Proxy traps throw has no subschemas to scan; the view skips it the same way.
function safeSubschemas(schema: unknown, pointer: string): Array<[string, unknown]> {
  try {
    return subschemas(schema, pointer);
  } catch {
    return [];
  }
}
