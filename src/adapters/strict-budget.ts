/**
 * The per-request budgets of a strict provider path, kept by `strict: "auto"`: each tool
 * that can be strict is sent strict while the request's strict tools stay within every
 * budget (`REQUEST_BUDGETS`, counted as the lint counts them); a tool that would take the
 * request past one is sent non-strict, and the reason names the budget. First come, first
 * served, in the set's order, so the same set always lists the same way.
 *
 * @module
 */
import {
  type LintDialect,
  measureSchema,
  REQUEST_BUDGETS,
  type SchemaMeasures,
} from "toolwright/lint";

/** What the request's strict tools have used so far, against one dialect's budgets. */
export class StrictBudget {
  readonly #dialect: LintDialect;
  readonly #used: SchemaMeasures = {
    tools: 0,
    properties: 0,
    optionalProperties: 0,
    unionProperties: 0,
    enumValues: 0,
    characters: 0,
  };

  constructor(dialect: LintDialect) {
    this.#dialect = dialect;
  }

  /**
   * Charges a tool's parameters to the budget and returns `undefined` when they fit; when
   * they would not, charges nothing and returns why the tool goes non-strict.
   */
  admit(parameters: object): string | undefined {
    const budgets = REQUEST_BUDGETS[this.#dialect] ?? [];
    const measures = measureSchema(parameters);
    for (const budget of budgets) {
      const total = this.#used[budget.measure] + measures[budget.measure];
      if (total > budget.limit) {
        return `with it the request's strict tools would have ${total} ${budget.counts}, over the ${budget.limit} allowed per request (${budget.source})`;
      }
    }
    for (const key of Object.keys(this.#used) as (keyof SchemaMeasures)[]) {
      this.#used[key] += measures[key];
    }
    return undefined;
  }
}
