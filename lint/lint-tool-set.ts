/**
 * The set linter: every tool's parameters under one dialect, plus what only the whole request
 * can break, the provider's tool-name rule and its per-request budgets.
 */
import { checkOptions, lintModelFacingSchema } from "./lint.js";
import { REQUEST_BUDGETS, type RequestBudget } from "./request-budgets.js";
import { measureSchema, type SchemaMeasures } from "./schema-measures.js";
import { TOOL_NAME_RULES } from "./tool-names.js";
import { entriesOf } from "./tool-set-input.js";
import type { LintDialect, LintOptions, ToolSetLintEntry, ToolSetLintFinding } from "./types.js";

/**
 * Lints a whole tool set for one provider path: each tool's name against the provider's name
 * rule, each tool's `parameters` with {@link lintModelFacingSchema}, and the set against the
 * provider's per-request budgets (Anthropic strict: 20 tools, 24 optional and 16 union-typed
 * parameters; OpenAI strict: 5,000 properties, 1,000 enum values, 120,000 characters). Pure,
 * like the schema linter: it reads names and schemas and imports nothing of the runtime.
 *
 * @param tools - A `toolSet(...)`, a list of capabilities, or a list of `{ name, parameters }`.
 *   Pass the tool set to include the manual tools `toolSet` adds.
 * @param options - `dialect` (default `"gemini-bifrost"`) and `requireDescribe`, as for schemas;
 *   parameters are linted on their input side.
 * @returns Per tool, its name finding then its schema findings; then the budget findings.
 * @throws {TypeError} When `tools` is none of those, or a tool's parameters is not a schema.
 *
 * @example
 * ```ts
 * import { ADAPTER_DIALECTS, lintToolSet } from "toolwright/lint";
 *
 * const findings = lintToolSet(toolSet([meetings, billing]), {
 *   dialect: ADAPTER_DIALECTS["anthropic-strict"],
 * });
 * // [{ code: "request-budget", severity: "error", path: "$", tool: undefined,
 * //    message: "The set has 27 optional parameters; ... at most 24 ..." }, ...]
 * ```
 */
export function lintToolSet(tools: unknown, options: LintOptions = {}): ToolSetLintFinding[] {
  const checked = checkOptions(options, "lintToolSet");
  const entries = entriesOf(tools);
  const findings: ToolSetLintFinding[] = [];
  for (const entry of entries) {
    const named = nameFinding(entry.name, checked.dialect);
    if (named !== undefined) findings.push(named);
    // Parameters: every adapter projects their input side.
    for (const finding of schemaFindings(entry, { ...checked, side: "input" })) {
      findings.push({ ...finding, tool: entry.name });
    }
  }
  findings.push(...budgetFindings(entries, checked.dialect));
  return findings;
}

function schemaFindings(entry: ToolSetLintEntry, options: LintOptions) {
  try {
    return lintModelFacingSchema(entry.parameters, options);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new TypeError(`lintToolSet: tool '${entry.name}': ${error.message}`);
  }
}

function nameFinding(name: string, dialect: LintDialect): ToolSetLintFinding | undefined {
  const rule = TOOL_NAME_RULES[dialect];
  if (rule.pattern.test(name)) return undefined;
  const consequence =
    rule.code === "invalid-tool-name"
      ? "the provider rejects the request"
      : "hosts may refuse or mangle it";
  return {
    code: rule.code,
    severity: rule.code === "invalid-tool-name" ? "error" : "warning",
    path: "$",
    dialect,
    message: `Tool name ${JSON.stringify(name)} breaks this provider path's rule (${rule.allowed}), so ${consequence}. Rename the tool.`,
    tool: name,
  };
}

function budgetFindings(
  entries: readonly ToolSetLintEntry[],
  dialect: LintDialect,
): ToolSetLintFinding[] {
  const budgets = REQUEST_BUDGETS[dialect];
  if (budgets === undefined || entries.length === 0) return [];
  const totals = total(entries.map((entry) => measureSchema(entry.parameters as object)));
  return budgets
    .filter((budget) => totals[budget.measure] > budget.limit)
    .map((budget) => over(budget, totals, dialect));
}

function total(all: readonly SchemaMeasures[]): SchemaMeasures {
  const sum = (key: keyof SchemaMeasures) => all.reduce((acc, measures) => acc + measures[key], 0);
  return {
    tools: sum("tools"),
    properties: sum("properties"),
    optionalProperties: sum("optionalProperties"),
    unionProperties: sum("unionProperties"),
    enumValues: sum("enumValues"),
    characters: sum("characters"),
  };
}

function over(
  budget: RequestBudget,
  totals: SchemaMeasures,
  dialect: LintDialect,
): ToolSetLintFinding {
  return {
    code: "request-budget",
    severity: "error",
    path: "$",
    dialect,
    message: `The set has ${totals[budget.measure]} ${budget.counts}; this provider path allows at most ${budget.limit} per request (${budget.source}). Split the tools across requests, or simplify their schemas.`,
    tool: undefined,
  };
}
