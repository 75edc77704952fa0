/** The per-request limits a provider applies to all the tools of one request: data. */
import type { LintDialect } from "./types.js";

/** What a budget counts across every tool of the request. */
export type BudgetMeasure =
  | "tools"
  | "properties"
  | "optionalProperties"
  | "unionProperties"
  | "enumValues"
  | "characters";

/** One documented limit. */
export interface RequestBudget {
  readonly measure: BudgetMeasure;
  readonly limit: number;
  /** What is counted, in words, for messages. */
  readonly counts: string;
  /** Where the limit is documented. */
  readonly source: string;
}

const ANTHROPIC_STRICT = "Anthropic structured outputs, strict tool use limits per request";
const OPENAI_STRICT = "OpenAI Structured Outputs, 'Supported schemas': objects have limitations";

/**
 * Dialect → its per-request budgets. Counted over the input projection of every tool's
 * parameters, at every depth; union-typed means a union or a `.nullable()` property.
 */
export const REQUEST_BUDGETS: Partial<Readonly<Record<LintDialect, readonly RequestBudget[]>>> =
  Object.freeze<Partial<Record<LintDialect, readonly RequestBudget[]>>>({
    "anthropic-strict": Object.freeze([
      { measure: "tools", limit: 20, counts: "strict tools", source: ANTHROPIC_STRICT },
      {
        measure: "optionalProperties",
        limit: 24,
        counts: "optional parameters",
        source: ANTHROPIC_STRICT,
      },
      {
        measure: "unionProperties",
        limit: 16,
        counts: "union-typed parameters (anyOf or type arrays)",
        source: ANTHROPIC_STRICT,
      },
    ]),
    "openai-strict": Object.freeze([
      { measure: "properties", limit: 5000, counts: "object properties", source: OPENAI_STRICT },
      { measure: "enumValues", limit: 1000, counts: "enum values", source: OPENAI_STRICT },
      {
        measure: "characters",
        limit: 120_000,
        counts: "characters of property names, enum values and consts",
        source: OPENAI_STRICT,
      },
    ]),
  });
