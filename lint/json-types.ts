/**
 * The JSON types a schema's projection admits, read from the neutral shape: what a `type` keyword
 * (or the union of its branches) would say. Used to tell when an `allOf` of two schemas, as
 * zod-to-json-schema writes a Zod 3 pipe, admits nothing at all.
 */
import type { SchemaNode } from "./node.js";
import { viewSchema } from "./node-view.js";

/** A set of JSON type names (`"integer"` counted as `"number"`), or `undefined` for any type. */
export type JsonTypes = ReadonlySet<string> | undefined;

const ONE: Partial<Readonly<Record<SchemaNode["kind"], string>>> = {
  string: "string",
  number: "number",
  bigint: "number",
  boolean: "boolean",
  null: "null",
  date: "string",
  object: "object",
  record: "object",
  array: "array",
  tuple: "array",
  map: "array",
  set: "array",
};

// Deeper than this, a schema is treated as admitting anything: never a false conflict.
const MAX_DEPTH = 64;

/** The JSON types `node` admits on the input side, following its wrappers. */
export function jsonTypes(node: SchemaNode, depth = 0): JsonTypes {
  if (depth > MAX_DEPTH) return undefined;
  const single = ONE[node.kind];
  if (single !== undefined) return new Set([single]);
  if (node.kind === "enum" || node.kind === "literal") return valueTypes(node.enumValues ?? []);
  const children = node.children.map((child) => viewSchema(child.schema));
  if (children.some((child) => child === undefined)) return undefined;
  const types = (children as SchemaNode[]).map((child) => jsonTypes(child, depth + 1));
  switch (node.kind) {
    case "union":
      return unite(types);
    case "nullable":
      return unite([...types, new Set(["null"])]);
    case "intersection":
    case "pipe":
      return intersect(types);
    case "optional":
    case "default":
    case "wrapper":
    case "lazy":
      return types[0];
    default:
      return undefined;
  }
}

/** Whether two type sets share no type: an `allOf` of them admits no value. */
export function disjoint(a: JsonTypes, b: JsonTypes): boolean {
  if (a === undefined || b === undefined) return false;
  return [...a].every((type) => !b.has(type));
}

function valueTypes(values: readonly unknown[]): JsonTypes {
  const kinds = values.map((value) =>
    value === null ? "null" : typeof value === "bigint" ? "number" : typeof value,
  );
  return new Set(kinds);
}

function unite(all: readonly JsonTypes[]): JsonTypes {
  if (all.some((types) => types === undefined)) return undefined;
  return new Set(all.flatMap((types) => [...(types as ReadonlySet<string>)]));
}

function intersect(all: readonly JsonTypes[]): JsonTypes {
  const known = all.filter((types): types is ReadonlySet<string> => types !== undefined);
  if (known.length === 0) return undefined;
  const [first, ...rest] = known as [ReadonlySet<string>, ...ReadonlySet<string>[]];
  return new Set([...first].filter((type) => rest.every((types) => types.has(type))));
}
