/**
 * `toolwright/lint`: a pure, structural linter for the Zod schemas a model sees (tool parameters,
 * returns, structured outputs). It flags constructs a provider's conversion path cannot represent
 * faithfully, per dialect. It imports only Zod's types: no runtime code, no vendor SDK, no I/O.
 *
 * @example
 * ```ts
 * import { ADAPTER_DIALECTS, lintModelFacingSchema, lintToolSet } from "toolwright/lint";
 *
 * for (const finding of lintModelFacingSchema(tool.parameters, { dialect: "openai-strict" })) {
 *   console.log(`[${finding.code}] ${finding.path}: ${finding.message}`);
 * }
 * // A whole set, for the path an adapter sends it on: names, schemas and per-request budgets.
 * lintToolSet(toolSet([capability]), { dialect: ADAPTER_DIALECTS["anthropic-strict"] });
 * ```
 *
 * @module
 */
import type { LintRule } from "./rule.js";
import { RULES } from "./rules/index.js";
import type { LintRuleCode, LintRuleMeta } from "./types.js";

export { ADAPTER_DIALECTS, ADAPTER_MODES, type AdapterMode } from "./adapter-dialects.js";
export { DEFAULT_DIALECT, LINT_DIALECTS } from "./dialects.js";
export { lintModelFacingSchema } from "./lint.js";
export { lintToolSet } from "./lint-tool-set.js";
export {
  formatLoweringChange,
  type LoweringChange,
  type LoweringChangeKind,
  type SchemaChange,
} from "./lowering-ledger.js";
export { type BudgetMeasure, REQUEST_BUDGETS, type RequestBudget } from "./request-budgets.js";
export { UNENFORCED_KEYWORDS } from "./rules/unenforced-keyword.js";
export { measureSchema, type SchemaMeasures } from "./schema-measures.js";
export { TOOL_NAME_RULES, type ToolNameRule } from "./tool-names.js";
export {
  LINT_DIALECT_NAMES,
  LINT_RULE_CODES,
  type LintDialect,
  type LintOptions,
  type LintRuleCode,
  type LintRuleMeta,
  type LintSeverity,
  type LintSide,
  type SchemaLintFinding,
  TOOL_SET_RULE_CODES,
  type ToolSetLintEntry,
  type ToolSetLintFinding,
  type ToolSetRuleCode,
} from "./types.js";

const metaOf = ({ code, severity, description, fix, evidence }: LintRule): LintRuleMeta =>
  Object.freeze({ code, severity, description, fix, evidence });

/**
 * Every rule's public metadata (code, severity, what it flags, the fix, its evidence), keyed by
 * code, for tooling that lists rules.
 *
 * @example
 * ```ts
 * for (const rule of Object.values(LINT_RULES)) console.log(rule.code, rule.severity, rule.description);
 * ```
 */
export const LINT_RULES: Readonly<Record<LintRuleCode, LintRuleMeta>> = Object.freeze(
  Object.fromEntries(Object.values(RULES).map((rule) => [rule.code, metaOf(rule)])) as Record<
    LintRuleCode,
    LintRuleMeta
  >,
);
