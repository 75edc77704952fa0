/**
 * Anthropic strict tools: which tools can be sent with `strict: true`, and their lowered
 * `input_schema`. The lint (dialect `anthropic-strict`) decides what blocks strict mode in
 * the schema's own terms; `anthropic-strict-schema.ts` lowers the rest.
 *
 * @module
 */
import { type AnySchema, type JsonSchema, projectParameters, StrictSchemaError } from "toolwright";
import type { SchemaChange } from "toolwright/lint";
import { ADAPTER_DIALECTS, lintModelFacingSchema, type SchemaLintFinding } from "toolwright/lint";
import { strictCache } from "../strict-cache";
import { lowerAnthropicStrictSchema } from "./strict-schema";

/** A tool's strict `input_schema` and what the lowering moved or dropped to get it. */
export interface AnthropicStrictSchema {
  /** The schema to send with `strict: true` (a fresh, unfrozen copy per call). */
  readonly inputSchema: JsonSchema;
  /** The changes, with lint paths. */
  readonly changes: readonly SchemaChange[];
}

// Lint codes of `anthropic-strict` the lowering repairs by moving the constraint into the
// description: strict mode no longer enforces it, the tool's own schema still does.
const REPAIRED = new Set<string>([
  "numeric-bound",
  "multiple-of",
  "string-length-bound",
  "max-items",
  "min-items-above-one",
  "string-format",
]);

const cached = strictCache<AnthropicStrictSchema>("inputSchema");

/**
 * The Anthropic strict form of a tool's `parameters`, cached per schema and name. Throws
 * {@link StrictSchemaError} with the `anthropic-strict` findings the lowering cannot
 * repair (open objects, intersections, recursion, tuples, untyped nodes, too many unions).
 *
 * @example
 * ```ts
 * const { inputSchema, changes } = anthropicStrictParameters("search", search.parameters);
 * ```
 */
export function anthropicStrictParameters(tool: string, schema: AnySchema): AnthropicStrictSchema {
  return cached.copy(schema, tool, () => {
    const blocking = lintModelFacingSchema(schema, {
      dialect: ADAPTER_DIALECTS["anthropic-strict"],
      side: "input",
    }).filter((finding) => finding.severity === "error" && !REPAIRED.has(finding.code));
    if (blocking.length > 0)
      throw new StrictSchemaError(tool, "anthropic", reasonsOf(blocking), blocking);
    const lowered = lowerAnthropicStrictSchema(projectParameters(tool, schema, "draft-2020-12"));
    return { inputSchema: lowered.schema, changes: lowered.changes };
  });
}

function reasonsOf(findings: readonly SchemaLintFinding[]): string[] {
  return findings.map((f) => `${f.path} [${f.code}] ${f.message.replace(/\.+$/, "")}`);
}
