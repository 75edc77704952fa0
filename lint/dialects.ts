/**
 * The closed dialect table: which rules run in which dialect. Data only; there is no runtime
 * registration. A rule's severity is its own: the rows are mostly errors, plus
 * `unenforced-keyword` warnings where a path accepts keywords it does not enforce.
 * `missing-description` is in no row: it is dialect-independent and runs only with
 * `requireDescribe: true`. `optional-property` is in no row either: toolwright's OpenAI strict
 * conversion repairs every optional property, so no adapter path rejects one (the code stays, as
 * shipped codes do, for a path that sends a projection to a strict provider unconverted); nor is
 * `one-of-union` in the `openai-strict` row: that conversion sends a discriminated union's
 * `oneOf` as `anyOf`, as OpenAI's own helper does.
 */
import type { LintDialect, LintRuleCode } from "./types.js";

/** Rows whose adapter refuses a schema it cannot project: every toolwright adapter's parameters. */
const PROJECTABLE = ["non-object-root", "unrepresentable"] as const;

/**
 * Dialect → the rule codes that run there. `gemini-bifrost` and `openai` are exactly the spec's
 * rows; each other row describes one toolwright adapter mode (see `ADAPTER_DIALECTS`) and reports
 * only what that adapter cannot carry faithfully. The provider path and evidence of each row are
 * in `lint/README.md`.
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
    "intersection",
    "pipe-all-of",
    "tuple",
    "string-format",
    "untyped",
    "property-path-ref",
    "nesting-depth",
    "unrepresentable",
  ] as const),
  gemini: Object.freeze([
    "non-object-root",
    "exclusive-numeric-bound",
    "tuple",
    "recursive-lazy",
    "property-path-ref",
    "open-object",
    "intersection",
    "pipe-all-of",
    "one-of-union",
    "non-string-enum",
    "string-format",
    "empty-object",
    "multiple-of",
    "untyped",
    "unrepresentable",
    "unsupported-keyword",
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
    "intersection",
    "pipe-type-conflict",
    "string-format",
    "untyped",
    "too-many-union-parameters",
    "unrepresentable",
  ] as const),
  "openai-non-strict": Object.freeze([...PROJECTABLE, "pipe-type-conflict"] as const),
  anthropic: Object.freeze([...PROJECTABLE, "pipe-type-conflict"] as const),
  "gemini-json-schema": Object.freeze([
    ...PROJECTABLE,
    "intersection",
    "pipe-all-of",
    "required-cycle",
    "unenforced-keyword",
  ] as const),
  mcp: Object.freeze([...PROJECTABLE, "pipe-type-conflict"] as const),
} as const) satisfies Readonly<Record<LintDialect, readonly LintRuleCode[]>>;

/**
 * Where a provider path sends a JSON Schema that names its draft instead: `@google/genai`'s
 * `tTool` moves a legacy `parameters` (or `response`) holding a `$schema` key to
 * `parametersJsonSchema` (`responseJsonSchema`), unprocessed, so such a schema meets that
 * path's limits, not the legacy field's. Every adapter projects a Zod schema without
 * `$schema`, so a route applies to a JSON Schema input only (a listing from a server).
 */
export const DRAFT_ROUTES: Readonly<Partial<Record<LintDialect, LintDialect>>> = Object.freeze({
  gemini: "gemini-json-schema",
});

/** The dialect used when none is given. */
export const DEFAULT_DIALECT: LintDialect = "gemini-bifrost";
