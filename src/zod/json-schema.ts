/**
 * JSON Schema projection: one function from a schema of either Zod major to the
 * JSON Schema a named target expects, valid under that target's dialect.
 *
 * How each target is produced:
 * - Zod 4, from zod 4.1 or later: Zod's own `toJSONSchema`, every target natively.
 * - Zod 4 from zod 3.25's `zod/v4` build (or zod 4.0): its `toJSONSchema` knows only
 *   `draft-7` and `draft-2020-12` (any other name prints "Invalid target" and emits
 *   2020-12), so `openapi-3.0` is its `draft-7` output rewritten by `toOpenApi30`.
 * - Zod 3: `zod-to-json-schema`; it has no 2020-12 target, so `draft-2020-12` is its
 *   2019-09 output rewritten by `toDraft2020` (numeric exclusive bounds, `prefixItems`),
 *   and `openapi-3.0` is its `openApi3` output passed through `toOpenApi30` (which
 *   turns its array-form tuple `items` into one `items: {anyOf}`, as Zod 4 does).
 *
 * Both rewrites also run over Zod 4's native 2020-12 and OpenAPI output, where they
 * change nothing; they keep the guarantee whatever build produced the schema.
 *
 * @module
 */

import { zodToJsonSchema } from "zod-to-json-schema";
import { toDraft2020, toOpenApi30 } from "./json-schema-dialects";
import { type AnySchema, isZod4 } from "./schema";
import { zod4JsonSchema } from "./zod4-json-schema";

/** A JSON Schema document, as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/**
 * The JSON Schema dialect to emit: 2020-12 for MCP, draft-07 for most provider
 * APIs, OpenAPI 3.0 for Gemini's legacy `parameters` and OpenAPI tooling.
 */
export type JsonSchemaTarget = "draft-2020-12" | "draft-07" | "openapi-3.0";

/** Which side of a transform to describe: what a schema accepts or what it yields. */
export type SchemaSide = "input" | "output";

/**
 * What to do with a construct JSON Schema cannot carry (a date, a bigint, an
 * output-side transform): `"throw"` naming it, or `"any"`, emitting `{}` in its place.
 * Zod 4 only: zod-to-json-schema (Zod 3) never throws and degrades such nodes itself.
 */
export type Unrepresentable = "throw" | "any";

/** Options of {@link toJsonSchema}. */
export interface JsonSchemaOptions {
  /** The dialect to emit. @default "draft-07" */
  readonly target?: JsonSchemaTarget;
  /** `"input"` for parameters (what the model sends), `"output"` for returns. @default "input" */
  readonly side?: SchemaSide;
  /** What to do with a construct JSON Schema cannot carry. @default "throw" */
  readonly unrepresentable?: Unrepresentable;
}

// zod-to-json-schema has no 2020-12 target; 2019-09 is the closest it emits.
const zod3Targets = {
  "draft-2020-12": "jsonSchema2019-09",
  "draft-07": "jsonSchema7",
  "openapi-3.0": "openApi3",
} as const satisfies Record<JsonSchemaTarget, string>;

const cache = new WeakMap<object, Map<string, JsonSchema>>();

/**
 * Projects `schema` to JSON Schema. The result is cached per schema object and
 * deep-frozen: copy it before changing it. By default a Zod 4 construct JSON Schema
 * cannot carry (a date, a bigint, an output-side transform) throws, naming it.
 */
export function toJsonSchema(schema: AnySchema, options: JsonSchemaOptions = {}): JsonSchema {
  const { target = "draft-07", side = "input", unrepresentable = "throw" } = options;
  const key = `${target}:${side}:${unrepresentable}`;
  let bySchema = cache.get(schema);
  if (bySchema === undefined) {
    bySchema = new Map();
    cache.set(schema, bySchema);
  }
  const cached = bySchema.get(key);
  if (cached !== undefined) return cached;
  const projected = deepFreeze(
    withoutDialectMarker(convert(schema, target, side, unrepresentable)),
  );
  bySchema.set(key, projected);
  return projected;
}

function convert(
  schema: AnySchema,
  target: JsonSchemaTarget,
  side: SchemaSide,
  unrepresentable: Unrepresentable,
): JsonSchema {
  const emitted = isZod4(schema)
    ? zod4JsonSchema(schema, target, side, unrepresentable)
    : (zodToJsonSchema(schema as never, {
        target: zod3Targets[target],
        $refStrategy: "root",
        effectStrategy: "input",
      }) as Record<string, unknown>);
  if (target === "draft-2020-12") return toDraft2020(emitted);
  if (target === "openapi-3.0") return toOpenApi30(emitted);
  return emitted;
}

// Providers reject or ignore `$schema`; the target is the caller's to declare.
function withoutDialectMarker(schema: JsonSchema): JsonSchema {
  const { $schema: _marker, ...rest } = schema;
  return rest;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
