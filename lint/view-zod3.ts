/**
 * Reads a Zod 3 schema (`_def`, `_def.typeName`, `_def.checks`) into the neutral shape. Field names
 * follow `zod/v3/types.js`; formats follow zod-to-json-schema's `parsers/string.js`.
 */
import type { ZodTypeAny } from "zod/v3";
import { baseNode, type ChildEdge, type NodeKind, type SchemaNode } from "./node.js";
import { arrayProp, enumObjectValues, numberProp, prop, shapeEntries, stringProp } from "./read.js";

type Zod3Def = ZodTypeAny["_def"];

const KINDS: Readonly<Record<string, NodeKind>> = {
  ZodString: "string",
  ZodNumber: "number",
  ZodNaN: "nan",
  ZodBigInt: "bigint",
  ZodBoolean: "boolean",
  ZodDate: "date",
  ZodSymbol: "symbol",
  ZodUndefined: "undefined",
  ZodNull: "null",
  ZodAny: "any",
  ZodUnknown: "any",
  ZodNever: "never",
  ZodVoid: "void",
  ZodArray: "array",
  ZodObject: "object",
  ZodUnion: "union",
  ZodDiscriminatedUnion: "union",
  ZodIntersection: "intersection",
  ZodTuple: "tuple",
  ZodRecord: "record",
  ZodMap: "map",
  ZodSet: "set",
  ZodFunction: "function",
  ZodLazy: "lazy",
  ZodLiteral: "literal",
  ZodEnum: "enum",
  ZodEffects: "wrapper",
  ZodNativeEnum: "enum",
  ZodOptional: "optional",
  ZodNullable: "nullable",
  ZodDefault: "default",
  ZodCatch: "wrapper",
  ZodPromise: "promise",
  ZodBranded: "wrapper",
  ZodPipeline: "pipe",
  ZodReadonly: "wrapper",
};

/** zod-to-json-schema's string check → emitted `format` mapping (other checks become patterns). */
const FORMATS: Readonly<Record<string, string>> = {
  email: "email",
  url: "uri",
  uuid: "uuid",
  datetime: "date-time",
  date: "date",
  time: "time",
  duration: "duration",
};

/** zod-to-json-schema's string checks that it emits as a `pattern` (src/parsers/string.ts). */
const PATTERN_CHECKS: ReadonlySet<string> = new Set([
  "regex",
  "cuid",
  "cuid2",
  "startsWith",
  "endsWith",
  "includes",
  "base64url",
  "jwt",
  "cidr",
  "emoji",
  "ulid",
  "nanoid",
]);

const inner = (schema: unknown): ChildEdge => ({ edge: "inner", schema });

/** Reads one Zod 3 schema. Throws only if a getter on the schema itself throws. */
export function viewZod3(schema: object): SchemaNode {
  const def = (schema as { _def: Zod3Def })._def;
  const typeName = stringProp(def, "typeName") ?? "unknown";
  const description = stringProp(def, "description");
  if (typeName === "ZodDate" && prop(def, "coerce") === true) {
    // zod-to-json-schema emits a date-time string for a date, which z.coerce.date() parses:
    // unlike a plain z.date(), the coerced one carries faithfully.
    return baseNode(schema, 3, "string", "ZodDate (coerced)", description, {
      formats: ["date-time"],
    });
  }
  const kind = KINDS[typeName] ?? "other";
  return baseNode(schema, 3, kind, typeName, description, facts(kind, def));
}

/**
 * What a node of `kind` carries. Longer than our usual function on purpose: one case per
 * node kind, leaves included, so that `satisfies never` fails to compile when a kind is added
 * to `NodeKind` without a reading here.
 */
function facts(kind: NodeKind, def: Zod3Def): Partial<SchemaNode> {
  switch (kind) {
    case "string":
      return stringFacts(def);
    case "number":
      return { numeric: numericFacts(def) };
    case "array":
      return {
        children: [{ edge: "element", schema: prop(def, "type") }],
        // zod-to-json-schema leaves out `items` for a ZodAny element (parsers/array.ts).
        itemsOmitted: stringProp(prop(prop(def, "type"), "_def"), "typeName") === "ZodAny",
        minItems:
          numberProp(prop(def, "exactLength"), "value") ??
          numberProp(prop(def, "minLength"), "value"),
        maxItems:
          numberProp(prop(def, "exactLength"), "value") ??
          numberProp(prop(def, "maxLength"), "value"),
      };
    case "object":
      return objectFacts(def);
    case "record":
      return {
        children: [{ edge: "record-value", schema: prop(def, "valueType") }],
        propertyNames: checkedKeys(prop(def, "keyType")),
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
    case "union": {
      const options = unionOptions(def);
      return {
        children: options.map((schema, key) => ({ edge: "union-member", key, schema })),
        untrackedChildren: ["primitive", "literal", "enum"].some((shortcut) =>
          options.every((option) => mergedAs(option) === shortcut),
        ),
      };
    }
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
      return { enumValues: [prop(def, "value")] };
    case "optional":
    case "default":
      return { children: [inner(prop(def, "innerType"))] };
    case "nullable":
      return {
        children: [inner(prop(def, "innerType"))],
        untrackedChildren: isBarePrimitive(prop(def, "innerType")),
      };
    case "wrapper":
      return {
        children: [inner(prop(def, "innerType") ?? prop(def, "schema") ?? prop(def, "type"))],
      };
    case "pipe":
      return {
        children: [
          { edge: "inner", key: "in", schema: prop(def, "in") },
          { edge: "inner", key: "out", schema: prop(def, "out") },
        ],
      };
    case "lazy": {
      // The getter may build a fresh schema per call; the lazy node's own identity stops cycles.
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

function stringFacts(def: Zod3Def): Partial<SchemaNode> {
  const formats: string[] = [];
  let lengthBounded = false;
  let pattern = false;
  let contentEncoding = false;
  for (const check of arrayProp(def, "checks")) {
    const checkKind = stringProp(check, "kind") ?? "";
    if (checkKind === "min" || checkKind === "max" || checkKind === "length") lengthBounded = true;
    if (PATTERN_CHECKS.has(checkKind)) pattern = true;
    if (checkKind === "base64") contentEncoding = true;
    const format = FORMATS[checkKind];
    if (format !== undefined) formats.push(format);
    if (checkKind === "ip") {
      const version = stringProp(check, "version");
      if (version !== "v6") formats.push("ipv4");
      if (version !== "v4") formats.push("ipv6");
    }
  }
  return { formats, lengthBounded, pattern, contentEncoding };
}

/** zod-to-json-schema emits `propertyNames` for an enum key or a string key with checks. */
function checkedKeys(key: unknown): boolean {
  const keyDef = prop(key, "_def");
  const typeName = stringProp(keyDef, "typeName");
  if (typeName === "ZodEnum") return true;
  if (typeName === "ZodBranded") return checkedKeys(prop(keyDef, "type"));
  return typeName === "ZodString" && arrayProp(keyDef, "checks").length > 0;
}

function numericFacts(def: Zod3Def): SchemaNode["numeric"] {
  let exclusiveMinimum = false;
  let exclusiveMaximum = false;
  let inclusiveBound = false;
  let multipleOf = false;
  for (const check of arrayProp(def, "checks")) {
    const checkKind = stringProp(check, "kind");
    const inclusive = prop(check, "inclusive") === true;
    if (checkKind === "min" && !inclusive) exclusiveMinimum = true;
    if (checkKind === "max" && !inclusive) exclusiveMaximum = true;
    if ((checkKind === "min" || checkKind === "max") && inclusive) inclusiveBound = true;
    if (checkKind === "multipleOf") multipleOf = true;
  }
  return { exclusiveMinimum, exclusiveMaximum, inclusiveBound, formatBound: false, multipleOf };
}

function objectFacts(def: Zod3Def): Partial<SchemaNode> {
  const shapeSource = prop(def, "shape");
  const shape = typeof shapeSource === "function" ? shapeSource() : shapeSource;
  const children: ChildEdge[] = shapeEntries(shape).map(([key, schema]) => ({
    edge: "property",
    key,
    schema,
  }));
  const catchall = prop(def, "catchall");
  const catchallOpen =
    stringProp(prop(catchall, "_def"), "typeName") !== "ZodNever" && catchall !== undefined;
  if (catchallOpen) children.push({ edge: "catchall", schema: catchall });
  return { children, openObject: catchallOpen || prop(def, "unknownKeys") === "passthrough" };
}

function enumValues(def: Zod3Def): unknown[] {
  const values = prop(def, "values");
  return Array.isArray(values) ? values : enumObjectValues(values);
}

/** A discriminated union keeps its options in a Map in older Zod 3 builds. */
function unionOptions(def: Zod3Def): unknown[] {
  const options = prop(def, "options");
  return options instanceof Map ? [...options.values()] : arrayProp(def, "options").slice();
}

/** How zod-to-json-schema merges a union member into a shortcut (parsers/union.ts), if it does. */
function mergedAs(schema: unknown): "primitive" | "literal" | "enum" | undefined {
  if (isBarePrimitive(schema)) return "primitive";
  const def = prop(schema, "_def");
  const typeName = stringProp(def, "typeName");
  if (typeName === "ZodLiteral" && prop(def, "description") === undefined) return "literal";
  return typeName === "ZodEnum" ? "enum" : undefined;
}

/** A primitive without checks: zod-to-json-schema writes it as a bare `type` (parsers/union.ts, nullable.ts). */
function isBarePrimitive(schema: unknown): boolean {
  const def = prop(schema, "_def");
  const typeName = stringProp(def, "typeName") ?? "";
  const primitive = ["ZodString", "ZodNumber", "ZodBigInt", "ZodBoolean", "ZodNull"];
  return primitive.includes(typeName) && arrayProp(def, "checks").length === 0;
}
