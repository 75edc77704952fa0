/**
 * A Zod 4 schema to JSON Schema with the installed Zod 4 core, whichever build it is:
 * zod 4.1+ (every target natively) or zod 3.25's `zod/v4` build and zod 4.0 (only
 * `draft-7` and `draft-2020-12`).
 *
 * @module
 */

import { globalRegistry, toJSONSchema, version } from "zod/v4/core";
import type { JsonSchemaTarget, SchemaSide, Unrepresentable } from "./json-schema";
import type { Zod4Schema } from "./schema";

type Json = Record<string, unknown>;

interface Build {
  readonly major: number;
  readonly minor: number;
}

/** zod 3.25's `zod/v4` build reports itself as 4.0.0, like zod 4.0 does. */
const isLegacy = (build: Build | undefined) => build?.major === 4 && build.minor === 0;

/**
 * zod 4.1 added the `openapi-3.0` target; older builds print "Invalid target" for it
 * and emit 2020-12. Every build accepts `draft-7` (4.1+ as an alias of `draft-07`).
 */
const nativeOpenApi = !isLegacy(version);

/**
 * Converts with the installed core. A legacy build's `openapi-3.0` is emitted as
 * `draft-7` here and rewritten to OpenAPI 3.0 by the caller (`toOpenApi30`).
 */
export function zod4JsonSchema(
  schema: Zod4Schema,
  target: JsonSchemaTarget,
  side: SchemaSide,
  unrepresentable: Unrepresentable,
): Json {
  const emitted =
    target === "draft-07" || (target === "openapi-3.0" && !nativeOpenApi) ? "draft-7" : target;
  return toJSONSchema(
    schema as never,
    {
      target: emitted,
      io: side,
      unrepresentable,
      ...(isLegacy(buildOf(schema)) && { metadata: withOwnMetadata }),
    } as never,
  ) as Json;
}

function buildOf(schema: unknown): Build | undefined {
  const found = (schema as { _zod?: { version?: Build } })._zod?.version;
  return typeof found === "object" && found !== null ? found : undefined;
}

/**
 * zod 4.1+ keeps `.describe()`/`.meta()` in one registry shared through `globalThis`;
 * zod 3.25's `zod/v4` build keeps its own. For a schema of that build converted by
 * another core, its metadata is read through its own `.meta()` (classic schemas).
 */
const withOwnMetadata = {
  get(schema: object): unknown {
    const shared = globalRegistry.get(schema as never);
    if (shared !== undefined || !isLegacy(buildOf(schema))) return shared;
    const meta = (schema as { meta?: () => unknown }).meta;
    return typeof meta === "function" ? meta.call(schema) : undefined;
  },
};
