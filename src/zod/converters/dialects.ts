/**
 * Rewrites a converter's JSON Schema into a dialect it must be valid under: JSON Schema
 * 2020-12 (from zod-to-json-schema's 2019-09 output, which uses draft-04 boolean bounds
 * and array-form `items`) and OpenAPI 3.0 (from draft-07 output of Zod builds that have
 * no OpenAPI target, and from zod-to-json-schema's `openApi3`, which keeps array-form
 * `items`). Both rewrites are idempotent on output already valid for their dialect.
 *
 * Every `$ref` is kept pointing at the node it pointed at: each node's old and new
 * location are recorded while rewriting, and local pointers are mapped afterwards.
 *
 * @module
 */

type Json = Record<string, unknown>;

/** A subschema: where it sat in the old node, where it goes in the new one. */
interface Move {
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly schema: unknown;
}

/** A rewritten node without its subschemas, and where each subschema goes. */
interface Reshaped {
  readonly node: Json;
  readonly moves: Move[];
}

const MAP_KEYWORDS = [
  "properties",
  "patternProperties",
  "definitions",
  "$defs",
  "dependentSchemas",
] as const;
const LIST_KEYWORDS = ["anyOf", "allOf", "oneOf", "prefixItems"] as const;
const SINGLE_KEYWORDS = [
  "additionalItems",
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
] as const;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Splits a node into its plain keywords and its subschemas (each left where it was). */
function split(schema: Json): Reshaped {
  const node: Json = {};
  const moves: Move[] = [];
  const keep = (path: string[], value: unknown) =>
    moves.push({ from: path, to: path, schema: value });
  for (const [key, value] of Object.entries(schema)) {
    if ((MAP_KEYWORDS as readonly string[]).includes(key) && isObject(value)) {
      node[key] = {};
      for (const [name, child] of Object.entries(value)) keep([key, name], child);
    } else if (
      ((LIST_KEYWORDS as readonly string[]).includes(key) || key === "items") &&
      Array.isArray(value)
    ) {
      node[key] = [];
      for (const [index, child] of value.entries()) keep([key, String(index)], child);
    } else if (
      (key === "items" || (SINGLE_KEYWORDS as readonly string[]).includes(key)) &&
      isObject(value)
    ) {
      keep([key], value);
    } else {
      node[key] = value;
    }
  }
  return { node, moves };
}

/** Moves every subschema found under `from` to `to`, keeping the rest of its path. */
function relocate(moves: Move[], from: readonly string[], to: readonly string[]): Move[] {
  return moves.map((move) => {
    const under = from.every((segment, index) => move.from[index] === segment);
    return under ? { ...move, to: [...to, ...move.from.slice(from.length)] } : move;
  });
}

function setAt(node: Json, path: readonly string[], value: unknown): void {
  let parent: Record<string, unknown> | unknown[] = node;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const container = parent as Record<string, unknown>;
    if (last) container[segment] = value;
    else {
      container[segment] ??= /^\d+$/.test(path[index + 1] as string) ? [] : {};
      parent = container[segment] as Record<string, unknown>;
    }
  });
}

const pointer = (base: string, path: readonly string[]) =>
  [base, ...path.map((segment) => segment.replaceAll("~", "~0").replaceAll("/", "~1"))].join("/");

/** Rewrites every node with `reshape`, then maps each local `$ref` to its node's new place. */
function rewrite(root: Json, reshape: (schema: Json) => Reshaped): Json {
  const places = new Map<string, string>();
  const visit = (schema: unknown, from: string, to: string): unknown => {
    if (!isObject(schema)) return schema;
    places.set(from, to);
    const { node, moves } = reshape(schema);
    for (const move of moves) {
      setAt(node, move.to, visit(move.schema, pointer(from, move.from), pointer(to, move.to)));
    }
    return node;
  };
  const result = visit(root, "#", "#") as Json;
  const mapRefs = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) mapRefs(item);
    if (!isObject(value)) return;
    if (typeof value.$ref === "string") value.$ref = places.get(value.$ref) ?? value.$ref;
    for (const child of Object.values(value)) mapRefs(child);
  };
  mapRefs(result);
  return result;
}

/**
 * JSON Schema 2020-12 from 2019-09 or draft-07 output: boolean exclusive bounds become
 * numeric ones, array-form `items` becomes `prefixItems` (the rest schema becomes `items`; a
 * closed tuple is closed by `maxItems`), `definitions` becomes `$defs`.
 */
export function toDraft2020(schema: Json): Json {
  return rewrite(schema, (original) => {
    const { node, moves } = split(original);
    numericBounds(node);
    let result = moves;
    if (Array.isArray(node.items)) {
      const length = moves.filter((move) => move.from[0] === "items").length;
      delete node.items;
      node.prefixItems = [];
      result = relocate(result, ["items"], ["prefixItems"]);
      const rest = result.find((move) => move.from[0] === "additionalItems");
      if (rest) result = relocate(result, ["additionalItems"], ["items"]);
      else if (node.additionalItems === false) node.maxItems = length;
    }
    closeTupleByLength(node, result);
    delete node.additionalItems;
    result = result.filter((move) => move.to[0] !== "additionalItems");
    if (node.definitions !== undefined && node.$defs === undefined) {
      node.$defs = node.definitions;
      delete node.definitions;
      result = relocate(result, ["definitions"], ["$defs"]);
    }
    return { node, moves: result };
  });
}

/**
 * A closed tuple says its length with `maxItems`, never with `items: false`: the MCP SDK's
 * client checks structured content with a draft-07 validator, which ignores `prefixItems`
 * and reads `items: false` as "no elements at all", rejecting every valid tuple. Both
 * drafts read `maxItems` alike, and a 2020-12 validator still checks each position.
 */
function closeTupleByLength(node: Json, moves: readonly Move[]): void {
  if (node.items !== false || !Array.isArray(node.prefixItems)) return;
  // `split` has taken the subschemas out: the positions are counted among the moves.
  const length = moves.filter((move) => move.to[0] === "prefixItems").length;
  if (typeof node.maxItems !== "number" || node.maxItems > length) node.maxItems = length;
  delete node.items;
}

/** A draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum` made numeric, as 2020-12 wants. */
function numericBounds(node: Json): void {
  for (const [exclusive, inclusive] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof node[exclusive] !== "boolean") continue;
    if (node[exclusive] === true && typeof node[inclusive] === "number") {
      node[exclusive] = node[inclusive];
      delete node[inclusive];
    } else delete node[exclusive];
  }
}

/** The fields of an OpenAPI 3.0 Schema Object (plus `definitions`, where Zod keeps `$ref` targets). */
const OPENAPI_FIELDS = new Set([
  "title",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "enum",
  "type",
  "allOf",
  "oneOf",
  "anyOf",
  "not",
  "items",
  "properties",
  "additionalProperties",
  "description",
  "format",
  "default",
  "nullable",
  "discriminator",
  "readOnly",
  "writeOnly",
  "xml",
  "externalDocs",
  "example",
  "deprecated",
  "$ref",
  "definitions",
]);

/**
 * OpenAPI 3.0 from draft-07 (or 2020-12) output, the way Zod 4's own `openapi-3.0` target
 * renders it: `nullable` instead of null types, `enum: [v]` for `const`, boolean exclusive
 * bounds, a tuple's items as one `anyOf` (OpenAPI 3.0 has no positional items), `$defs`
 * as `definitions`, and keywords OpenAPI 3.0 does not have left out.
 */
export function toOpenApi30(schema: Json): Json {
  return rewrite(schema, (original) => {
    let { node, moves } = split(original);
    ({ node, moves } = nullableAnyOf(node, moves));
    nullableType(node);
    if ("const" in node && node.enum === undefined) node.enum = [node.const];
    legacyBounds(node);
    moves = tupleItems(node, moves);
    if (node.$defs !== undefined && node.definitions === undefined) {
      node.definitions = node.$defs;
      moves = relocate(moves, ["$defs"], ["definitions"]);
    }
    if (Array.isArray(node.examples) && node.examples.length > 0 && !("example" in node))
      node.example = node.examples[0];
    if (Array.isArray(node.required) && node.required.length === 0) delete node.required;
    for (const key of Object.keys(node))
      if (!OPENAPI_FIELDS.has(key) && !key.startsWith("x-")) delete node[key];
    return { node, moves: moves.filter((move) => OPENAPI_FIELDS.has(move.to[0] as string)) };
  });
}

/** `anyOf: [X, {type: "null"}]` as X with `nullable: true` (merged when nothing clashes). */
function nullableAnyOf(node: Json, moves: Move[]): Reshaped {
  const members = moves.filter((move) => move.from[0] === "anyOf");
  const isNull = (move: Move) =>
    isObject(move.schema) &&
    move.schema.type === "null" &&
    Object.keys(move.schema).every((key) => key === "type" || key === "description");
  if (members.length < 2 || !members.some(isNull)) return { node, moves };
  const kept = members.filter((member) => !isNull(member));
  const others = moves.filter((move) => move.from[0] !== "anyOf");
  const only = kept.length === 1 ? kept[0]?.schema : undefined;
  const base = { ...node };
  delete base.anyOf;
  if (isObject(only) && !("$ref" in only) && Object.keys(only).every((key) => !(key in base))) {
    // The one member merges into this node: its subschemas move up a level.
    const inner = split(only);
    const from = kept[0]?.from ?? [];
    const lifted = inner.moves.map((move) => ({ ...move, from: [...from, ...move.from] }));
    return { node: { ...base, ...inner.node, nullable: true }, moves: [...others, ...lifted] };
  }
  const renumbered = kept.map((member, index) => ({ ...member, to: ["anyOf", String(index)] }));
  return { node: { ...base, anyOf: [], nullable: true }, moves: [...others, ...renumbered] };
}

/** A type array as one type plus `nullable`, or `anyOf` one type each; `type: "null"` as Zod 4 renders it. */
function nullableType(node: Json): void {
  if (node.type === "null") {
    Object.assign(node, { type: "string", nullable: true, enum: [null] });
    return;
  }
  if (!Array.isArray(node.type)) return;
  const types = node.type.filter((type) => type !== "null");
  if (types.length < node.type.length) node.nullable = true;
  if (types.length === 1) node.type = types[0];
  else if (types.length === 0) Object.assign(node, { type: "string", enum: [null] });
  else {
    delete node.type;
    node.anyOf = [...((node.anyOf as unknown[]) ?? []), ...types.map((type) => ({ type }))];
  }
}

/** A numeric exclusive bound as `minimum`/`maximum` plus the boolean, keeping the tighter bound. */
function legacyBounds(node: Json): void {
  for (const [exclusive, inclusive, tighter] of [
    ["exclusiveMinimum", "minimum", (a: number, b: number) => a > b],
    ["exclusiveMaximum", "maximum", (a: number, b: number) => a < b],
  ] as const) {
    const bound = node[exclusive];
    if (typeof bound !== "number") continue;
    const current = node[inclusive];
    if (typeof current === "number" && tighter(current, bound)) delete node[exclusive];
    else Object.assign(node, { [inclusive]: bound, [exclusive]: true });
  }
}

/** Positional items (`items: [...]` or `prefixItems`) plus the rest, as one `items: {anyOf}`. */
function tupleItems(node: Json, moves: Move[]): Move[] {
  const positional = Array.isArray(node.items)
    ? "items"
    : Array.isArray(node.prefixItems)
      ? "prefixItems"
      : undefined;
  if (positional === undefined) return moves;
  const restKey = positional === "items" ? "additionalItems" : "items";
  // `split` lists direct subschemas only: positional items first, in order, then the rest.
  const members = [
    ...moves.filter((move) => move.from[0] === positional),
    ...moves.filter((move) => move.from[0] === restKey && move.from.length === 1),
  ];
  const others = moves.filter((move) => !members.includes(move));
  delete node.prefixItems;
  delete node.additionalItems;
  delete node.items;
  if (members.length > 1) node.items = { anyOf: [] };
  const placed = members.map((member, index) => ({
    ...member,
    to: members.length === 1 ? ["items"] : ["items", "anyOf", String(index)],
  }));
  return [...others, ...placed];
}
