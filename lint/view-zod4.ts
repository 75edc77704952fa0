/**
 * Reads a Zod 4 schema (`_zod.def`, `def.type`, checks in `def.checks` each with `_zod.def`) into
 * the neutral shape. Field names follow `zod/v4/core/schemas.js` and `checks.js`; emitted formats
 * and bounds are read in `zod4-checks.ts`.
 */
import type { $ZodTypeDef } from "zod/v4/core";
import { baseNode, type ChildEdge, type NodeKind, type SchemaNode } from "./node.js";
import { arrayProp, enumObjectValues, prop, shapeEntries, stringProp } from "./read.js";
import { defOf, itemBounds, numericFacts, stringFacts } from "./zod4-checks.js";

const KINDS: Readonly<Record<string, NodeKind>> = {
  string: "string",
  template_literal: "string",
  number: "number",
  boolean: "boolean",
  success: "boolean",
  null: "null",
  any: "any",
  unknown: "any",
  never: "never",
  enum: "enum",
  literal: "literal",
  object: "object",
  record: "record",
  array: "array",
  tuple: "tuple",
  union: "union",
  intersection: "intersection",
  optional: "optional",
  nullable: "nullable",
  default: "default",
  prefault: "default",
  catch: "wrapper",
  readonly: "wrapper",
  nonoptional: "wrapper",
  pipe: "pipe",
  lazy: "lazy",
  date: "date",
  bigint: "bigint",
  symbol: "symbol",
  undefined: "undefined",
  void: "void",
  nan: "nan",
  map: "map",
  set: "set",
  function: "function",
  promise: "promise",
  custom: "custom",
  transform: "transform",
};

const inner = (schema: unknown): ChildEdge => ({ edge: "inner", schema });

/** Reads one Zod 4 schema. Throws only if a getter on the schema itself throws. */
export function viewZod4(schema: object): SchemaNode {
  const def = defOf(schema);
  const type = stringProp(def, "type") ?? "unknown";
  const kind = KINDS[type] ?? "other";
  return baseNode(schema, 4, kind, type, description(schema), facts(kind, def));
}

/**
 * Classic Zod exposes `.description`, read from the global registry. `meta` is deliberately not
 * touched: classic Zod binds methods lazily on first access, so reading it would mutate the schema.
 */
function description(schema: object): string | undefined {
  return stringProp(schema, "description");
}

/**
 * What a node of `kind` carries. Longer than our usual function on purpose: one case per
 * node kind, leaves included, so that `satisfies never` fails to compile when a kind is added
 * to `NodeKind` without a reading here.
 */
function facts(kind: NodeKind, def: $ZodTypeDef | undefined): Partial<SchemaNode> {
  switch (kind) {
    case "string":
      return stringFacts(def);
    case "number":
      return { numeric: numericFacts(def) };
    case "array":
      return { children: [{ edge: "element", schema: prop(def, "element") }], ...itemBounds(def) };
    case "object":
      return objectFacts(def);
    case "record":
      // Zod 4 emits `propertyNames` from the key schema for every record.
      return {
        children: [{ edge: "record-value", schema: prop(def, "valueType") }],
        propertyNames: true,
      };
    case "tuple": {
      const items: ChildEdge[] = arrayProp(def, "items").map((schema, key) => ({
        edge: "tuple-item",
        key,
        schema,
      }));
      const rest = prop(def, "rest");
      if (rest) items.push({ edge: "tuple-rest", key: items.length, schema: rest });
      return { children: items };
    }
    case "union":
      return {
        children: arrayProp(def, "options").map((schema, key) => ({
          edge: "union-member",
          key,
          schema,
        })),
        exclusiveUnion: prop(def, "inclusive") === false,
      };
    case "intersection":
      return {
        children: [
          { edge: "intersection-member", key: 0, schema: prop(def, "left") },
          { edge: "intersection-member", key: 1, schema: prop(def, "right") },
        ],
      };
    case "enum":
      return { enumValues: enumValues(def) };
    case "literal":
      return { enumValues: arrayProp(def, "values") };
    case "optional":
    case "nullable":
    case "default":
    case "wrapper":
      return { children: [inner(prop(def, "innerType"))] };
    case "pipe":
      return { children: pipeSides(def) };
    case "lazy": {
      // Not `_zod.innerType`: that accessor caches by redefining itself, a mutation. The getter
      // may build a fresh schema per call; the lazy node's own identity stops cycles.
      const getter = prop(def, "getter");
      return { children: typeof getter === "function" ? [inner(getter())] : [] };
    }
    // Leaves, and what the linter does not descend into (no JSON Schema projection carries it).
    case "boolean":
    case "null":
    case "any":
    case "never":
    case "date":
    case "bigint":
    case "symbol":
    case "undefined":
    case "void":
    case "nan":
    case "map":
    case "set":
    case "function":
    case "promise":
    case "custom":
    case "transform":
    case "other":
      return {};
    default:
      return kind satisfies never;
  }
}

/** Both sides are validated; a side that is only a transform function carries no input schema. */
function pipeSides(def: unknown): ChildEdge[] {
  return (["in", "out"] as const)
    .map((key): ChildEdge => ({ edge: "inner", key, schema: prop(def, key) }))
    .filter((side) => stringProp(defOf(side.schema), "type") !== "transform");
}

/**
 * Zod 4 answers `def.shape` from an accessor that, on first read, spreads the shape (running
 * every property getter) and redefines `def.shape`: reading it would mutate the schema. Like
 * Zod's own `util.rawShape`, read the accessor's `raw` shape instead, then each property on its
 * own, so a getter that throws skips only its property.
 */
function rawShape(def: unknown): unknown {
  if (typeof def !== "object" || def === null) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(def, "shape");
  if (!descriptor?.get) return descriptor?.value;
  if ("raw" in descriptor.get) return prop(descriptor.get, "raw");
  return shapeCopy(descriptor.get);
}

/**
 * zod 3.25's `zod/v4` build has no `raw` on the accessor: it spreads the shape onto `this` and
 * returns it. Called on a scratch object, it hands back that copy and leaves the def untouched
 * (a property getter that throws then skips the whole shape, not just its property).
 */
function shapeCopy(getter: () => unknown): unknown {
  try {
    return getter.call({});
  } catch {
    return undefined;
  }
}

function objectFacts(def: unknown): Partial<SchemaNode> {
  // Property getters (getter-defined recursive objects) run here; the cycle is their edge.
  const children: ChildEdge[] = shapeEntries(rawShape(def)).map(([key, schema]) => ({
    edge: "property",
    key,
    schema,
  }));
  const catchall = prop(def, "catchall");
  const open = catchall !== undefined && stringProp(defOf(catchall), "type") !== "never";
  if (open) children.push({ edge: "catchall", schema: catchall });
  return { children, openObject: open };
}

function enumValues(def: unknown): unknown[] {
  return enumObjectValues(prop(def, "entries"));
}
