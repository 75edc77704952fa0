/**
 * The shape of a rule module: metadata plus a `create` that returns listeners, as in an ESLint
 * rule. One file per rule under `rules/`; the dialect table decides where each one runs.
 */
import type { LintDialect, LintRuleMeta } from "./types.js";
import type { CycleVisit, Visit } from "./walk.js";

/** What a rule may do during one lint run. */
export interface RuleContext {
  /** The dialect of the run, for rules whose limits differ by provider (`string-format`). */
  readonly dialect: LintDialect;
  /** Records a finding; duplicates of (code, path) are dropped by the runner. */
  report(path: string, message: string): void;
}

/** Callbacks a rule subscribes to for one run. */
export interface RuleListener {
  /** Every node, in walk order. */
  node?(visit: Visit): void;
  /** Every back-reference to an ancestor. */
  cycle?(visit: CycleVisit): void;
  /** After the walk, for rules that count across the whole schema. */
  end?(): void;
}

/** A rule: its public metadata and the factory for its per-run listeners. */
export interface LintRule extends LintRuleMeta {
  create(context: RuleContext): RuleListener;
}
