/**
 * JSON Schema projection: one function from a schema of either Zod major to the
 * JSON Schema a named target expects. Zod 3 goes through `zod-to-json-schema`,
 * Zod 4 through Zod's own `toJSONSchema`.
 *
 * @module
 */

import { toJSONSchema } from "zod/v4/core";
import { zodToJsonSchema } from "zod-to-json-schema";
import { type AnySchema, isZod4 } from "./schema";

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
  if (isZod4(schema)) {
    return toJSONSchema(schema as never, { target, io: side, unrepresentable }) as JsonSchema;
  }
  return zodToJsonSchema(schema as never, {
    target: zod3Targets[target],
    $refStrategy: "root",
    effectStrategy: "input",
  }) as JsonSchema;
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
