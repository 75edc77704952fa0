/**
 * OpenAI strict function calling: turning a parameters JSON Schema into one the strict
 * path accepts, and mapping the arguments a model sends back to what the tool's own
 * schema expects. The conversion is in `strict-schema.ts`, the mapping back in
 * `restore.ts`; this file lints, caches and reports.
 *
 * @module
 */
import { type AnySchema, type JsonSchema, projectParameters, StrictSchemaError } from "toolwright";
import type { SchemaChange } from "toolwright/lint";
import { ADAPTER_DIALECTS, lintModelFacingSchema } from "toolwright/lint";
import { strictCache } from "../strict-cache";
import { nullRestorer } from "./restore";
import { convertToStrict } from "./strict-schema";

/** A strict-compatible schema and the inverse mapping for the arguments a model sends. */
export interface OpenAIStrictSchema {
  /** The strict-compatible parameters schema (a fresh, unfrozen copy per call). */
  readonly parameters: JsonSchema;
  /**
   * Maps a model's arguments back: a `null` sent for a property that was optional and
   * not nullable is removed, so the tool's own schema sees the key absent. Returns a
   * new value; anything not matching the schema's shape passes through unchanged.
   */
  restore(args: unknown): unknown;
  /** What the conversion changed, with lint paths: the ledger's raw material. */
  readonly changes: readonly SchemaChange[];
}

// Lint codes the conversion itself repairs: optional properties, and a `oneOf` whose options
// are exclusive (it refuses the others with its own reason).
const REPAIRED = new Set<string>(["optional-property", "one-of-union"]);
const cached = strictCache<OpenAIStrictSchema>("parameters");

/**
 * The strict form of a tool's `parameters` schema, cached per schema and name. Lints the
 * schema with the `openai-strict` dialect first and throws {@link StrictSchemaError}
 * carrying the findings the conversion cannot repair (optional properties it can); then
 * converts the draft-07 projection with {@link toOpenAIStrict}.
 *
 * @example
 * ```ts
 * const { parameters, restore } = openAIStrictParameters("search", searchTool.parameters);
 * ```
 */
export function openAIStrictParameters(tool: string, schema: AnySchema): OpenAIStrictSchema {
  return cached.copy(schema, tool, () => strictForm(tool, schema));
}

/**
 * The restore of a tool's strict form, from the cache without copying its schema: what
 * decoding a call needs. Throws the {@link StrictSchemaError} the form was refused with.
 */
export function strictRestore(tool: string, schema: AnySchema): OpenAIStrictSchema["restore"] {
  return cached.shared(schema, tool, () => strictForm(tool, schema)).restore;
}

function strictForm(tool: string, schema: AnySchema): OpenAIStrictSchema {
  assertRepairable(tool, schema);
  return toOpenAIStrict(tool, projectParameters(tool, schema, "draft-07"));
}

// The lint names what blocks strict mode in the schema's own terms, before the projection.
function assertRepairable(tool: string, schema: AnySchema): void {
  // The input side: what the draft-07 projection below shows of a Zod 4 pipe.
  const dialect = ADAPTER_DIALECTS["openai-strict"];
  const findings = lintModelFacingSchema(schema, { dialect, side: "input" }).filter(
    (finding) => finding.severity === "error" && !REPAIRED.has(finding.code),
  );
  if (findings.length > 0) {
    const reasons = findings.map(
      (finding) => `${finding.path} [${finding.code}] ${finding.message}`,
    );
    throw new StrictSchemaError(tool, "openai", reasons, findings);
  }
}

/**
 * Converts a tool's parameters JSON Schema (the input side, draft-07 or 2020-12) to the
 * form OpenAI's `strict: true` accepts: every property listed in `required`, an
 * optional property made nullable instead, `additionalProperties: false` on every
 * object, `default` removed, a `oneOf` whose options are mutually exclusive (a
 * discriminated union) sent as `anyOf`. Throws {@link StrictSchemaError} naming the tool and
 * every construct strict mode cannot take (intersections, any other `oneOf`, tuples, records
 * and other open objects, formats outside the supported list, a non-object root).
 *
 * @example
 * ```ts
 * const strict = toOpenAIStrict("search", projectParameters("search", Search, "draft-07"));
 * strict.parameters; // send with strict: true
 * await toolbox.execute("search", strict.restore(JSON.parse(call.arguments)));
 * ```
 */
export function toOpenAIStrict(tool: string, parameters: JsonSchema): OpenAIStrictSchema {
  const { schema, reasons, plans, changes } = convertToStrict(parameters);
  if (reasons.length > 0) throw new StrictSchemaError(tool, "openai", reasons);
  return { parameters: schema, restore: nullRestorer(plans), changes };
}
