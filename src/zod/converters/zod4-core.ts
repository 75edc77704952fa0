/**
 * A Zod 4 schema without a `toJSONSchema` method of its own (zod 4.0 and 4.1, zod 3.25's
 * `zod/v4` build, `zod/mini`, a bare `zod/v4/core` schema) to JSON Schema, with the
 * installed Zod 4 core, whichever build it is: zod 4.1+ (every target natively) or zod
 * 3.25's `zod/v4` build and zod 4.0 (only `draft-7` and `draft-2020-12`).
 *
 * @module
 */
import type { JsonSchemaTarget, SchemaSide, Unrepresentable } from "../json-schema";
import type { Zod4Schema } from "../schema";

type Json = Record<string, unknown>;

interface Build {
  readonly major: number;
  readonly minor: number;
}

/** What toolwright uses of `zod/v4/core`, read structurally: every build since 3.25 has it. */
export interface ZodCore {
  readonly version: Build;
  readonly globalRegistry: { get(schema: object): unknown };
  toJSONSchema(schema: unknown, params: object): unknown;
  safeParse(schema: unknown, value: unknown): unknown;
  safeParseAsync(schema: unknown, value: unknown): Promise<unknown>;
}

/** zod 3.25's `zod/v4` build reports itself as 4.0.0, like zod 4.0 does. */
const isLegacy = (build: Build | undefined) => build?.major === 4 && build.minor === 0;

/**
 * Converts with `core`. A legacy core's `openapi-3.0` is emitted as `draft-7` here and
 * rewritten to OpenAPI 3.0 by the caller (`toOpenApi30`): zod 4.1 added that target, and
 * older builds print "Invalid target" for it and emit 2020-12. Every build accepts
 * `draft-7` (4.1+ as an alias of `draft-07`).
 */
export function zod4JsonSchema(
  core: ZodCore,
  schema: Zod4Schema,
  target: JsonSchemaTarget,
  side: SchemaSide,
  unrepresentable: Unrepresentable,
): Json {
  const nativeOpenApi = !isLegacy(core.version);
  const emitted =
    target === "draft-07" || (target === "openapi-3.0" && !nativeOpenApi) ? "draft-7" : target;
  return core.toJSONSchema(schema, {
    target: emitted,
    io: side,
    unrepresentable,
    ...(isLegacy(buildOf(schema)) && { metadata: ownMetadata(core) }),
  }) as Json;
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
function ownMetadata(core: ZodCore) {
  return {
    get(schema: object): unknown {
      const shared = core.globalRegistry.get(schema);
      if (shared !== undefined || !isLegacy(buildOf(schema))) return shared;
      const meta = (schema as { meta?: () => unknown }).meta;
      return typeof meta === "function" ? meta.call(schema) : undefined;
    },
  };
}
