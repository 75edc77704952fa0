/**
 * Public types of the model-facing schema linter: the closed sets of rule codes and dialects,
 * the options, and the finding it returns.
 */

/** Every rule code the linter can report, kebab-case and stable: a shipped code is never renamed. */
export const LINT_RULE_CODES = [
  "exclusive-numeric-bound",
  "recursive-lazy",
  "tuple",
  "optional-without-nullable",
  "missing-description",
  "unrepresentable",
  "open-object",
  "optional-property",
  "intersection",
  "one-of-union",
  "string-format",
  "non-object-root",
  "nesting-depth",
  "non-string-enum",
  "empty-object",
  "multiple-of",
  "numeric-bound",
  "string-length-bound",
  "max-items",
  "min-items-above-one",
  "too-many-union-parameters",
] as const;

/** A rule code, e.g. `"exclusive-numeric-bound"`. */
export type LintRuleCode = (typeof LINT_RULE_CODES)[number];

/** Every dialect name; the first is the default. */
export const LINT_DIALECT_NAMES = [
  "gemini-bifrost",
  "openai",
  "openai-strict",
  "gemini",
  "anthropic-strict",
] as const;

/**
 * A model-facing conversion path whose limits a lint run checks against. See the dialect matrix
 * in `lint/README.md` for the provider path each one represents.
 */
export type LintDialect = (typeof LINT_DIALECT_NAMES)[number];

/** `"error"`: the provider path rejects or distorts the construct. `"warning"`: authoring quality. */
export type LintSeverity = "error" | "warning";

/** Options of {@link lintModelFacingSchema}. */
export interface LintOptions {
  /** The provider path to check against. @default "gemini-bifrost" */
  readonly dialect?: LintDialect;
  /** Also warn (`missing-description`) on object properties without `.describe()`. @default false */
  readonly requireDescribe?: boolean;
}

/** One construct the chosen provider path cannot represent faithfully, and where it is. */
export interface SchemaLintFinding {
  /** The stable rule code. */
  readonly code: LintRuleCode;
  /** `"error"` for provider-validity rules, `"warning"` for `missing-description`. */
  readonly severity: LintSeverity;
  /** JSONPath-like location rooted at `$`, e.g. `$.items[].name`; see `lint/README.md`. */
  readonly path: string;
  /** The dialect the run checked against. */
  readonly dialect: LintDialect;
  /** What was found, why this path cannot represent it, and what to write instead. */
  readonly message: string;
}

/** The public description of one rule, for tooling that lists rules (a CLI, docs). */
export interface LintRuleMeta {
  /** The stable rule code. */
  readonly code: LintRuleCode;
  /** The severity every finding of this rule carries. */
  readonly severity: LintSeverity;
  /** What the rule flags. */
  readonly description: string;
  /** What to write instead. */
  readonly fix: string;
  /** The provider documentation or converter source the rule rests on. */
  readonly evidence: string;
}
