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

/** Where a JSON Schema keeps its definitions at the root: 2020-12 `$defs`, draft-07 `definitions`. */
export type DefinitionsKeyword = "$defs" | "definitions";

/**
 * What a provider path reads of the root definitions that no `$ref` reaches: the keywords it
 * reads them under, and the rules that apply there (every rule of the row, or only those named).
 */
export interface UnreferencedDefinitionsRead {
  readonly keywords: readonly DefinitionsKeyword[];
  readonly rules: "row" | readonly LintRuleCode[];
}

/**
 * Dialect → what its provider path does with root definitions no `$ref` reaches (a listing's
 * shared `$defs` block, mostly unused by one tool). The walk reaches a definition through the
 * `$ref`s to it; a dialect listed here also walks each unreferenced one on its own, at
 * `$defs.Name` (`definitions.Name`). A dialect not listed ignores them: nothing is validated
 * against a definition nothing refers to, so what the path would make of it changes nothing.
 * JSON Schema input only: a Zod projection has no unreferenced definition.
 *
 * - `openai-strict`: toolwright's strict conversion converts every `$defs`/`definitions`
 *   entry (`src/adapters/openai/strict-schema.ts` convertDefinitions) and refuses the tool for
 *   what it cannot take there; OpenAI's `toStrictJsonSchema` (openai 6 and 7, `lib/transform.js`
 *   ensureStrictJsonSchema) walks both maps through `forEachJSONSchemaChild`, and Structured
 *   Outputs checks every subschema of the document.
 * - `openai`: the same `ensureStrictJsonSchema` refuses an optional property without null in
 *   any definition ("uses `.optional()` without `.nullable()`"), referenced or not.
 * - `anthropic-strict`: the SDK's strict transform (`@anthropic-ai/sdk`
 *   `lib/transform-json-schema.js`) lowers every `$defs` entry (not `definitions`, which it moves
 *   into the root's description as text) and throws on a node without a type there ("JSON schema
 *   must have a type defined…"): the tool cannot be sent. The rest of its lowering (objects
 *   closed, bounds and formats moved into descriptions) changes nothing, since nothing validates
 *   against the definition, so only `untyped` applies.
 */
export const UNREFERENCED_DEFINITIONS: Readonly<
  Partial<Record<LintDialect, UnreferencedDefinitionsRead>>
> = Object.freeze({
  "openai-strict": Object.freeze({ keywords: ["$defs", "definitions"], rules: "row" } as const),
  openai: Object.freeze({ keywords: ["$defs", "definitions"], rules: "row" } as const),
  "anthropic-strict": Object.freeze({ keywords: ["$defs"], rules: ["untyped"] } as const),
});
