/**
 * Anthropic strict tools: which tools can be sent with `strict: true`, and their lowered
 * `input_schema`. The lint (dialect `anthropic-strict`) decides what blocks strict mode in
 * the schema's own terms; `anthropic-strict-schema.ts` lowers the rest.
 *
 * @module
 */
import { type AnySchema, type JsonSchema, projectParameters, ToolwrightError } from "toolwright";
import type { SchemaChange } from "toolwright/lint";
import { ADAPTER_DIALECTS, lintModelFacingSchema, type SchemaLintFinding } from "toolwright/lint";
import { brand } from "../../core/brand";
import { lowerAnthropicStrictSchema } from "./strict-schema";

/** A parameters schema cannot be sent as an Anthropic strict tool; `reasons` say where and why. */
export class AnthropicStrictSchemaError extends ToolwrightError {
  override readonly name = "AnthropicStrictSchemaError";
  readonly code = "STRICT_SCHEMA";
  /** The tool whose parameters cannot be strict. */
  readonly tool: string;
  /** One `path [code] why` line per blocking construct. */
  readonly reasons: readonly string[];
  /** The `anthropic-strict` lint findings behind `reasons`. */
  readonly findings: readonly SchemaLintFinding[];

  constructor(tool: string, findings: readonly SchemaLintFinding[]) {
    const reasons = findings.map((f) => `${f.path} [${f.code}] ${f.message.replace(/\.+$/, "")}`);
    super(
      `tool '${tool}' parameters cannot be made Anthropic-strict: ${reasons.join("; ")}. Rewrite those parts of the schema, send this tool without strict, or use strict: "auto"`,
    );
    this.tool = tool;
    this.reasons = reasons;
    this.findings = findings;
  }
}

brand(AnthropicStrictSchemaError, "AnthropicStrictSchemaError");

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

const cache = new WeakMap<object, Map<string, AnthropicStrictSchema>>();

/**
 * The Anthropic strict form of a tool's `parameters`, cached per schema and name. Throws
 * {@link AnthropicStrictSchemaError} with the `anthropic-strict` findings the lowering cannot
 * repair (open objects, intersections, recursion, tuples, untyped nodes, too many unions).
 *
 * @example
 * ```ts
 * const { inputSchema, changes } = anthropicStrictParameters("search", search.parameters);
 * ```
 */
export function anthropicStrictParameters(tool: string, schema: AnySchema): AnthropicStrictSchema {
  const cached = cache.get(schema)?.get(tool);
  if (cached !== undefined) return copyOf(cached);
  const blocking = lintModelFacingSchema(schema, {
    dialect: ADAPTER_DIALECTS["anthropic-strict"],
    side: "input",
  }).filter((finding) => finding.severity === "error" && !REPAIRED.has(finding.code));
  if (blocking.length > 0) throw new AnthropicStrictSchemaError(tool, blocking);
  const lowered = lowerAnthropicStrictSchema(projectParameters(tool, schema, "draft-2020-12"));
  const strict = { inputSchema: lowered.schema, changes: lowered.changes };
  const byName = cache.get(schema) ?? new Map<string, AnthropicStrictSchema>();
  byName.set(tool, strict);
  cache.set(schema, byName);
  return copyOf(strict);
}

// The cached copy stays private: callers get one they may change.
function copyOf(strict: AnthropicStrictSchema): AnthropicStrictSchema {
  return { inputSchema: structuredClone(strict.inputSchema), changes: strict.changes };
}
