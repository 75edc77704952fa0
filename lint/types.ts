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
  "untyped",
  "property-path-ref",
  "pipe-all-of",
  "pipe-type-conflict",
  "required-cycle",
  "unenforced-keyword",
  "unsupported-keyword",
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
  "openai-non-strict",
  "anthropic",
  "gemini-json-schema",
  "mcp",
] as const;

/**
 * A model-facing conversion path whose limits a lint run checks against. See the dialect matrix
 * in `lint/README.md` for the provider path each one represents, and `ADAPTER_DIALECTS` for the
 * dialect of each toolwright adapter mode.
 */
export type LintDialect = (typeof LINT_DIALECT_NAMES)[number];

/**
 * `"error"`: the provider path rejects or distorts the construct. `"warning"`: the path carries it
 * but something is lost that the boundary still catches (an unenforced keyword), or authoring
 * quality (`missing-description`), or a convention a host only warns about.
 */
export type LintSeverity = "error" | "warning";

/**
 * Which side of a schema the projection shows: `"input"` for parameters (what a model sends;
 * every adapter projects parameters this way), `"output"` for returns.
 */
export type LintSide = "input" | "output";

/** Options of {@link lintModelFacingSchema}. */
export interface LintOptions {
  /** The provider path to check against. @default "gemini-bifrost" */
  readonly dialect?: LintDialect;
  /** Also warn (`missing-description`) on object properties without `.describe()`. @default false */
  readonly requireDescribe?: boolean;
  /**
   * The side the projection shows, for the one construct whose projection depends on it: a
   * Zod 4 `.pipe()`, projected as its input schema for parameters and its output schema for
   * returns. Unset, both sides are checked (a schema used both ways). A Zod 3 pipe projects as
   * `allOf` of both sides either way. @default undefined
   */
  readonly side?: LintSide;
}

/** One construct the chosen provider path cannot represent faithfully, and where it is. */
export interface SchemaLintFinding {
  /** The stable rule code. */
  readonly code: LintRuleCode;
  /** `"error"` for provider-validity rules, `"warning"` for `unenforced-keyword` and `missing-description`. */
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

/** Codes of the findings only a whole tool set can have: names and per-request budgets. */
export const TOOL_SET_RULE_CODES = [
  "invalid-tool-name",
  "nonconforming-tool-name",
  "request-budget",
] as const;

/**
 * `"invalid-tool-name"`: the provider rejects the name. `"nonconforming-tool-name"`: the host
 * only warns (MCP). `"request-budget"`: the set exceeds a per-request limit of the provider.
 */
export type ToolSetRuleCode = (typeof TOOL_SET_RULE_CODES)[number];

/** One finding of {@link lintToolSet}: a schema finding of one tool, or a finding about the set. */
export interface ToolSetLintFinding {
  /** A schema rule code, or a tool-set rule code. */
  readonly code: LintRuleCode | ToolSetRuleCode;
  readonly severity: LintSeverity;
  /** Inside the tool's parameters (`$.items[].name`), or `$` for a name or the whole set. */
  readonly path: string;
  readonly dialect: LintDialect;
  readonly message: string;
  /** The tool the finding is about; `undefined` for a budget of the whole set. */
  readonly tool: string | undefined;
}

/** One tool as the set linter reads it: its name and its parameters schema (or raw shape). */
export interface ToolSetLintEntry {
  readonly name: string;
  readonly parameters: unknown;
}
