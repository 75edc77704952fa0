/**
 * The converters: what a schema needs only when it is not a Zod 4 classic schema of zod
 * 4.2 or later, loaded on demand by `../load-converters.ts` and never imported
 * statically. Zod 3 projection through zod-to-json-schema, Zod 4 projection and parsing
 * through the installed `zod/v4/core` for builds whose schemas lack their own methods,
 * and the dialect rewrites their outputs need.
 *
 * It is a build entry of its own (tsup.config.ts), so a program that never needs it
 * never loads it and a bundle of the core never holds it. It keeps no state: under
 * vitest it is a module instance apart from the rest of the source. What it loads, it
 * loads through the `Loader` it is handed, the one of the code that loaded it, so that
 * every module is resolved from one place and is the instance an `import` gets. It
 * imports nothing but its own files, so its build is one file that needs no other.
 *
 * @module
 */
import type { JsonSchemaTarget, SchemaSide, Unrepresentable } from "../json-schema";
import type { Loader } from "../load";
import type { ParseResult } from "../parse";
import type { AnySchema, Zod4Schema } from "../schema";
import { toDraft2020, toOpenApi30 } from "./dialects";
import { type Zod3Converter, zod3JsonSchema } from "./zod3";
import { type ZodCore, zod4JsonSchema } from "./zod4-core";

type Json = Record<string, unknown>;

const CONVERTER = "zod-to-json-schema";
const CORE = "zod/v4/core";

/**
 * How to install zod-to-json-schema: npm picks 3.25, whose peer range refuses zod 3.23
 * and 3.24, so those need the converter release of their own minor.
 */
const CONVERTER_INSTALL =
  "npm i zod-to-json-schema (on zod 3.23 or 3.24: npm i zod-to-json-schema@3.23 or zod-to-json-schema@3.24; npm would pick 3.25, whose peer range refuses those zods)";

/**
 * `schema` as JSON Schema for `target`: Zod 3 through zod-to-json-schema, Zod 4 through
 * the installed core, each rewritten into the target's dialect where the converter does
 * not emit it (2020-12 from zod-to-json-schema's 2019-09, OpenAPI 3.0 from a legacy
 * core's draft-07 and from zod-to-json-schema's array-form tuples). On output already in
 * the dialect they change only key order and a closed tuple's `items: false` (said with
 * `maxItems`, as ../closed-tuples.ts says why).
 */
export function projectSchema(
  loader: Loader,
  schema: AnySchema,
  target: JsonSchemaTarget,
  side: SchemaSide,
  unrepresentable: Unrepresentable,
): Json {
  const emitted = isZod4(schema)
    ? zod4JsonSchema(
        coreOf(loader, "projecting this Zod 4 schema"),
        schema,
        target,
        side,
        unrepresentable,
      )
    : zod3JsonSchema(converterOf(loader), schema, target);
  if (target === "draft-2020-12") return toDraft2020(emitted);
  if (target === "openapi-3.0") return toOpenApi30(emitted);
  return emitted;
}

/** Parses with the installed core: for a schema without a `safeParse` of its own. */
export function coreSafeParse(loader: Loader, schema: AnySchema, value: unknown): ParseResult {
  return coreOf(loader, "parsing a zod/v4/core schema").safeParse(schema, value) as ParseResult;
}

/** Parses asynchronously with the installed core (see {@link coreSafeParse}). */
export function coreSafeParseAsync(
  loader: Loader,
  schema: AnySchema,
  value: unknown,
): Promise<ParseResult> {
  return coreOf(loader, "parsing a zod/v4/core schema").safeParseAsync(
    schema,
    value,
  ) as Promise<ParseResult>;
}

function coreOf(loader: Loader, purpose: string): ZodCore {
  const core = loader.load(CORE) as ZodCore | undefined;
  if (core !== undefined) return core;
  throw new Error(`${purpose} needs ${CORE}, from zod 3.25 or 4: ${loader.notLoaded(CORE)}`);
}

function converterOf(loader: Loader): Zod3Converter {
  let converter: Zod3Converter | undefined;
  try {
    converter = loader.load(CONVERTER) as Zod3Converter | undefined;
  } catch (error) {
    // zod-to-json-schema 3.25 imports zod/v3, which zod 3.23 and 3.24 do not have.
    throw new Error(
      `projecting a Zod 3 schema needs ${CONVERTER}, which failed to load (${messageOf(error)}); install the release for your zod: ${CONVERTER_INSTALL}`,
      { cause: error },
    );
  }
  if (converter !== undefined) return converter;
  throw new Error(
    `projecting a Zod 3 schema needs ${CONVERTER}, an optional peer dependency of toolwright: ${loader.notLoaded(CONVERTER)}; install it: ${CONVERTER_INSTALL}`,
  );
}

/** As ../schema.ts says it (not imported, so that the built file needs no shared chunk). */
function isZod4(schema: AnySchema): schema is Zod4Schema {
  return "_zod" in schema;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
