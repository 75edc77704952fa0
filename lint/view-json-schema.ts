/**
 * Reads a JSON Schema (draft-07, 2020-12, OpenAPI 3.0 schema objects) into the neutral shape, so
 * that a projection is linted as the Zod schema it came from is. Each keyword family maps to the
 * node a Zod view builds for the construct that projects to it: a property left out of
 * `required` is an `optional` layer, `default` a `default` layer, `nullable: true`, a `"null"` in
 * a type array or an `anyOf` with `{ type: "null" }` a `nullable` layer, a local `$ref` a `lazy`
 * layer (so recursion through `$ref` is a cycle, as through `z.lazy()`), `allOf` an intersection,
 * `anyOf`/`oneOf` a union (`oneOf` exclusive), `prefixItems` or an `items` array a tuple.
 */

import { JSON_SCHEMA_KEYWORD_NAMES } from "./json-schema-keywords.js";
import {
  entryOf,
  isSchemaValue,
  type JsonSchemaAt,
  resolveRef,
  schemaAt,
} from "./json-schema-ref.js";
import { baseNode, type ChildEdge, type NodeKind, type SchemaNode } from "./node.js";
import { arrayProp, numberProp, prop, shapeEntries, stringProp } from "./read.js";

/**
 * Keywords that mark a plain object as a JSON Schema (at least one must be an own key). Among
 * them the annotations `description` and `title`: `{ description: "anything" }` is a schema.
 */
export const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(JSON_SCHEMA_KEYWORD_NAMES);

/** Keywords that may sit beside `anyOf: [X, { type: "null" }]` without changing what it is. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "description",
  "title",
  "examples",
  "$comment",
  "default",
]);

const inner = (schema: unknown): ChildEdge => ({ edge: "inner", schema });

/** Reads the layer of a JSON Schema value `at` names; `undefined` for a value that is no schema. */
export function viewJsonSchema(at: JsonSchemaAt): SchemaNode | undefined {
  const { root, value, stage } = at;
  if (!isSchemaValue(value)) return undefined;
  const node = (kind: NodeKind, typeName: string, facts: Partial<SchemaNode>) =>
    baseNode(at, "json-schema", kind, typeName, stringProp(value, "description"), facts);
  switch (stage) {
    case "optional":
      // A default fills the key in: like `.default()`, not `.optional()`, for every rule.
      return hasDefault(value)
        ? node("default", "default", { children: [inner(entryOf(root, value))] })
        : node("optional", "optional", { children: [inner(entryOf(root, value))] });
    case "default":
      if (hasDefault(value))
        return node("default", "default", {
          children: [inner(schemaAt(root, value, "nullable"))],
        });
      return nullableLayer(at, node);
    case "nullable":
      return nullableLayer(at, node);
    default:
      return coreNode(at, node);
  }
}

type Make = (kind: NodeKind, typeName: string, facts: Partial<SchemaNode>) => SchemaNode;

function hasDefault(value: unknown): boolean {
  return prop(value, "default") !== undefined;
}

/** The `nullable` layer, when the value admits null beside something else; else its core. */
function nullableLayer(at: JsonSchemaAt, node: Make): SchemaNode {
  const { root, value } = at;
  const nulls = nullability(value);
  if (nulls === undefined) return coreNode(at, node);
  const child = nulls === "self" ? schemaAt(root, value, "core") : entryOf(root, nulls.member);
  return node("nullable", "nullable", { children: [inner(child)] });
}

/**
 * How `value` admits null: OpenAPI 3.0 `nullable: true`, a type array with `"null"` or an enum
 * with `null` (the core is the value itself, null left out), or `anyOf: [X, { type: "null" }]` with nothing
 * but annotations beside it (the core is `X`, as `.nullable()` projects in 2020-12).
 */
function nullability(value: unknown): "self" | { member: unknown } | undefined {
  if (prop(value, "nullable") === true) return "self";
  const types = prop(value, "type");
  if (Array.isArray(types) && types.includes("null") && types.length > 1) return "self";
  const values = arrayProp(value, "enum");
  if (values.includes(null) && values.length > 1) return "self";
  const members = arrayProp(value, "anyOf");
  const others = members.filter((member) => !isNullSchema(member));
  if (others.length === members.length || others.length === 0) return undefined;
  const alone =
    others.length === 1 && ownKeys(value).every((key) => key === "anyOf" || ANNOTATIONS.has(key));
  return alone ? { member: others[0] } : "self";
}

function isNullSchema(value: unknown): boolean {
  return (
    prop(value, "type") === "null" &&
    ownKeys(value).every((key) => key === "type" || ANNOTATIONS.has(key))
  );
}

function ownKeys(value: unknown): string[] {
  return typeof value === "object" && value !== null ? shapeEntries(value).map(([key]) => key) : [];
}

/** The non-null JSON types `value` names, in order (a type array, or one `type`). */
function typesOf(value: unknown): string[] {
  const type = prop(value, "type");
  const all = Array.isArray(type) ? type : [type];
  const named = all.filter((t): t is string => typeof t === "string");
  return named.length > 1 ? named.filter((t) => t !== "null") : named;
}

/** Type and structure: `$ref`, `allOf`, `anyOf`/`oneOf`, a type array, enum/const, one type. */
function coreNode(at: JsonSchemaAt, node: Make): SchemaNode {
  const { root, value, stage } = at;
  if (value === true) return node("any", "true", {});
  if (value === false) return node("never", "false", {});
  const ref = prop(value, "$ref");
  if (typeof ref === "string") {
    const target = resolveRef(root, ref);
    const children = target === undefined ? [] : [inner(entryOf(root, target))];
    return node("lazy", "$ref", { children, ref });
  }
  const allOf = arrayProp(value, "allOf");
  if (allOf.length > 0) {
    return node("intersection", "allOf", { children: members(root, allOf, "intersection-member") });
  }
  const union = unionOf(value);
  if (union !== undefined) {
    return node("union", union.keyword, {
      children: members(root, union.members, "union-member"),
      exclusiveUnion: union.keyword === "oneOf",
    });
  }
  const types = typesOf(value);
  if (!stage.startsWith("type:") && types.length > 1) {
    const children = types.map(
      (_, key): ChildEdge => ({
        edge: "union-member",
        key,
        schema: schemaAt(root, value, `type:${key}`),
      }),
    );
    return node("union", "type array", { children });
  }
  const type = stage.startsWith("type:") ? types[Number(stage.slice(5))] : types[0];
  return valueNode(at, type ?? inferredType(value), node);
}

function members(root: unknown, list: readonly unknown[], edge: ChildEdge["edge"]): ChildEdge[] {
  return list.map((schema, key): ChildEdge => ({ edge, key, schema: entryOf(root, schema) }));
}

/**
 * The union `anyOf`/`oneOf` makes, an `anyOf`'s null members left out (the nullable layer took
 * them; a `oneOf` keeps its null member, which a union reads as taking null). An
 * `anyOf` of bare formats under a string type (zod-to-json-schema's `.ip()`) is no union: the
 * string reads the formats.
 */
function unionOf(
  value: unknown,
): { keyword: "anyOf" | "oneOf"; members: readonly unknown[] } | undefined {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const all = arrayProp(value, keyword);
    if (all.length === 0 || (keyword === "anyOf" && formatsOnly(all))) continue;
    const others = keyword === "anyOf" ? all.filter((member) => !isNullSchema(member)) : all;
    return { keyword, members: others.length > 0 ? others : all };
  }
  return undefined;
}

function formatsOnly(list: readonly unknown[]): boolean {
  return (
    list.every((member) => ownKeys(member).every((key) => key === "format" || key === "pattern")) &&
    list.some((member) => ownKeys(member).length > 0)
  );
}

/** What a schema without `type` is by its keywords: an object's, an array's, or anything. */
function inferredType(value: unknown): string | undefined {
  const has = (key: string) => prop(value, key) !== undefined;
  if (["properties", "additionalProperties", "patternProperties", "required"].some(has))
    return "object";
  if (["items", "prefixItems"].some(has)) return "array";
  if (prop(value, "not") === true || (has("not") && ownKeys(prop(value, "not")).length === 0))
    return "never";
  return undefined;
}

/** The node for one JSON type (or none: enum, const, or anything). */
function valueNode(at: JsonSchemaAt, type: string | undefined, node: Make): SchemaNode {
  const { value } = at;
  const values = arrayProp(value, "enum");
  if (values.length > 0) {
    const nonNull = values.filter((v) => v !== null);
    return node("enum", "enum", { enumValues: nonNull.length > 0 ? nonNull : values.slice() });
  }
  if (prop(value, "const") !== undefined) {
    return node("literal", "const", { enumValues: [prop(value, "const")] });
  }
  switch (type) {
    case "string":
      return node("string", "string", stringFacts(value));
    case "number":
    case "integer":
      return node("number", type, numberFacts(value, type));
    case "boolean":
    case "null":
      return node(type, type, {});
    case "object":
      return objectNode(at, node);
    case "array":
      return arrayNode(at, node);
    case "never":
      return node("never", "not {}", {});
    default:
      return node("any", type === undefined ? "{}" : `type ${JSON.stringify(type)}`, {});
  }
}

/** `format` (and bare formats under `anyOf`), `pattern`, lengths and `contentEncoding`. */
/** A number's bounds, and the `format` a JSON Schema may write on it (OpenAPI's `int32`). */
function numberFacts(value: unknown, type: string): Partial<SchemaNode> {
  const format = stringProp(value, "format");
  return { numeric: numericFacts(value, type), formats: format === undefined ? [] : [format] };
}

function stringFacts(value: unknown): Partial<SchemaNode> {
  const parts = [value, ...arrayProp(value, "anyOf")];
  const formats = parts.map((part) => stringProp(part, "format")).filter((f) => f !== undefined);
  return {
    formats,
    pattern: parts.some((part) => stringProp(part, "pattern") !== undefined),
    lengthBounded:
      numberProp(value, "minLength") !== undefined || numberProp(value, "maxLength") !== undefined,
    contentEncoding: stringProp(value, "contentEncoding") !== undefined,
  };
}

/**
 * Bounds in both spellings: 2020-12/draft-07 `exclusiveMinimum: n`, and OpenAPI 3.0 (draft-04
 * style) `exclusiveMinimum: true` turning `minimum` exclusive. A safe-integer bound on an
 * integer is what Zod 4's `.int()` emits: a format bound, not a written one.
 */
function numericFacts(value: unknown, type: string): SchemaNode["numeric"] {
  const side = (bound: "minimum" | "maximum", exclusive: string, safe: number) => {
    const inclusive = numberProp(value, bound);
    const flag = prop(value, exclusive);
    const exclusiveBound = typeof flag === "number" || (flag === true && inclusive !== undefined);
    const format = type === "integer" && inclusive === safe;
    return {
      exclusiveBound,
      format,
      inclusive: inclusive !== undefined && flag !== true && !format,
    };
  };
  const min = side("minimum", "exclusiveMinimum", Number.MIN_SAFE_INTEGER);
  const max = side("maximum", "exclusiveMaximum", Number.MAX_SAFE_INTEGER);
  return {
    exclusiveMinimum: min.exclusiveBound,
    exclusiveMaximum: max.exclusiveBound,
    inclusiveBound: min.inclusive || max.inclusive,
    formatBound: min.format || max.format,
    multipleOf: numberProp(value, "multipleOf") !== undefined,
  };
}

/**
 * `properties` (each left out of `required` behind an `optional` layer) and
 * `additionalProperties`: absent or `false` is closed, as Zod projects a strip object (the
 * conversions close it); `true` or a schema is open, a record when there are no `properties`.
 */
function objectNode(at: JsonSchemaAt, node: Make): SchemaNode {
  const { root, value } = at;
  const required = new Set(arrayProp(value, "required"));
  const children: ChildEdge[] = shapeEntries(prop(value, "properties")).map(([key, schema]) => ({
    edge: "property",
    key,
    schema: required.has(key) ? entryOf(root, schema) : schemaAt(root, schema, "optional"),
  }));
  const extra = prop(value, "additionalProperties");
  if (extra === undefined || extra === false) return node("object", "object", { children });
  if (prop(value, "properties") === undefined) {
    return node("record", "record", {
      children: [{ edge: "record-value", schema: entryOf(root, extra) }],
      propertyNames: prop(value, "propertyNames") !== undefined,
    });
  }
  children.push({ edge: "catchall", schema: entryOf(root, extra) });
  return node("object", "object", { children, openObject: true });
}

/**
 * `items` as one schema is an array; `prefixItems` (2020-12) or an `items` array (draft-07) is a
 * tuple, its rest the 2020-12 `items` or draft-07 `additionalItems` (unless `false`). An array
 * without `items` admits anything: its element is `true`, and `itemsOmitted` says so.
 */
function arrayNode(at: JsonSchemaAt, node: Make): SchemaNode {
  const { root, value } = at;
  const items = prop(value, "items");
  const prefix = prop(value, "prefixItems");
  const positional = Array.isArray(prefix) ? prefix : Array.isArray(items) ? items : undefined;
  if (positional !== undefined) {
    const children = members(root, positional, "tuple-item");
    const rest = Array.isArray(prefix) ? items : prop(value, "additionalItems");
    if (isSchemaValue(rest) && rest !== false && !Array.isArray(rest)) {
      children.push({ edge: "tuple-rest", key: children.length, schema: entryOf(root, rest) });
    }
    return node("tuple", "tuple", { children });
  }
  const element = isSchemaValue(items) ? items : true;
  return node("array", "array", {
    children: [{ edge: "element", schema: entryOf(root, element) }],
    minItems: numberProp(value, "minItems"),
    maxItems: numberProp(value, "maxItems"),
    itemsOmitted: items === undefined,
  });
}
