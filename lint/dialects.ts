/**
 * The closed dialect table: which rule codes are errors in which dialect. Data only; there is no
 * runtime registration. `missing-description` is in no row: it is dialect-independent and runs
 * only with `requireDescribe: true`.
 */
import type { LintDialect, LintRuleCode } from "./types.js";

/**
 * Dialect → the rule codes that are errors there. `gemini-bifrost` and `openai` are exactly the
 * spec's rows; the others are documented with their evidence in `lint/README.md`.
 *
 * @example
 * ```ts
 * LINT_DIALECTS["gemini-bifrost"]; // ["exclusive-numeric-bound", "recursive-lazy", "tuple"]
 * ```
 */
export const LINT_DIALECTS = Object.freeze({
  "gemini-bifrost": Object.freeze(["exclusive-numeric-bound", "recursive-lazy", "tuple"] as const),
  openai: Object.freeze(["optional-without-nullable"] as const),
  "openai-strict": Object.freeze([
    "non-object-root",
    "open-object",
    "optional-property",
    "intersection",
    "one-of-union",
    "string-format",
    "nesting-depth",
    "unrepresentable",
  ] as const),
  gemini: Object.freeze([
    "exclusive-numeric-bound",
    "tuple",
    "recursive-lazy",
    "open-object",
    "non-string-enum",
    "string-format",
    "empty-object",
    "multiple-of",
    "unrepresentable",
  ] as const),
  "anthropic-strict": Object.freeze([
    "non-object-root",
    "numeric-bound",
    "multiple-of",
    "string-length-bound",
    "max-items",
    "min-items-above-one",
    "tuple",
    "recursive-lazy",
    "open-object",
    "too-many-union-parameters",
    "unrepresentable",
  ] as const),
} as const) satisfies Readonly<Record<LintDialect, readonly LintRuleCode[]>>;

/** The dialect used when none is given. */
export const DEFAULT_DIALECT: LintDialect = "gemini-bifrost";
