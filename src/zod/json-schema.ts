/**
 * JSON Schema projection: one function from a schema of either Zod major to the
 * JSON Schema a named target expects, valid under that target's dialect.
 *
 * How each target is produced:
 * - Zod 4 classic from zod 4.2 on: the schema's own `toJSONSchema` method, which emits
 *   every target natively; only a closed tuple's `items: false` is said with `maxItems`
 *   in 2020-12 (see ./closed-tuples.ts). Nothing else is loaded.
 * - Everything else goes through the converters (`./converters/`, loaded on demand):
 *   a Zod 4 schema without the method (zod 4.0 and 4.1, zod 3.25's `zod/v4`,
 *   `zod/mini`) through the installed `zod/v4/core`'s `toJSONSchema`, a Zod 3 schema
 *   through zod-to-json-schema (an optional peer dependency), each rewritten into the
 *   target's dialect where the converter does not emit it.
 *
 * @module
 */

import { closeTuplesByLength } from "./closed-tuples";
import { loader } from "./load";
import { loadConverters } from "./load-converters";
import { type AnySchema, isZod4, type Zod4Schema } from "./schema";

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
  const own = isZod4(schema) ? ownConverter(schema) : undefined;
  if (own === undefined) {
    return loadConverters().projectSchema(loader, schema, target, side, unrepresentable);
  }
  const emitted = own.call(schema, { target, io: side, unrepresentable });
  if (target === "draft-2020-12") closeTuplesByLength(emitted);
  return emitted;
}

type OwnConverter = (params: object) => JsonSchema;

/** The schema's own `toJSONSchema` (Zod 4 classic, zod 4.2 and later), if it has one. */
function ownConverter(schema: Zod4Schema): OwnConverter | undefined {
  const method = (schema as { toJSONSchema?: unknown }).toJSONSchema;
  return typeof method === "function" ? (method as OwnConverter) : undefined;
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
