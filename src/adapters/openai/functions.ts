/**
 * One tool set entry as an OpenAI function, for either API: its description (examples
 * folded in when asked), its parameters (the strict conversion when asked and possible),
 * whether it is sent strict and deferred, and what lowering changed.
 *
 * @module
 */
import { projectParameters, StrictSchemaError, type ToolSetEntry } from "toolwright";
import { ADAPTER_DIALECTS, type LintDialect, type LoweringChange } from "toolwright/lint";
import { ledgerOf, nonStrictChange } from "../../../lint/lowering-ledger";
import { deferredListing, TOOL_CATALOG } from "../../set/catalog-listing";
import type { CallerOptions } from "../contract";
import { describeWithExamples } from "../examples-text";
import { StrictBudget } from "../strict-budget";
import { repairArrayItems } from "./array-items";
import { type OpenAIStrictSchema, openAIStrictParameters } from "./strict";

/** Options of both OpenAI listings, and of `decode` and `run`, which must match them. */
export interface OpenAIToolOptions extends CallerOptions {
  /**
   * `true`: send `strict: true` with a strict-compatible schema (every property required,
   * optionals nullable, objects closed); throws `StrictSchemaError` naming the tool and the
   * `openai-strict` findings for a schema that cannot be made strict. `"auto"`: send each
   * tool that can be strict as strict and the others non-strict; the ledger says which and
   * why. Decoding then turns the `null` a model sends for an optional property back into an
   * absent key. @default false
   */
  readonly strict?: boolean | "auto";
  /**
   * `"description"`: fold each entry's `examples` into its description (OpenAI has no
   * field for them), one JSON line per example, as written (the strict conversion does
   * not rewrite them). Without it, examples are left out. @default undefined
   */
  readonly examples?: "description";
  /**
   * How a set built with `deferLoading` is sent. `"catalog"`: each deferred tool listed by
   * its name and one line with an open schema, sent non-strict (the ledger says so), beside
   * `search_tools` and `describe_tools`. `"native"` (Responses API only): OpenAI's own
   * deferred loading: each deferred tool in full with `defer_loading: true`, the hosted
   * `{ type: "tool_search" }` tool in place of `search_tools` and `describe_tools`; the list
   * then holds a `ToolSearchTool` beside the `FunctionTool`s, which is why it is not the
   * default. @default "catalog"
   */
  readonly deferLoading?: "catalog" | "native";
}

/** One entry as a function: what is sent, and what lowering changed. */
export interface LoweredFunction {
  readonly description: string;
  readonly parameters: Record<string, unknown>;
  readonly strict: boolean;
  readonly deferred: boolean;
  readonly ledger: readonly LoweringChange[];
}

/** The request's strict budget under `strict: "auto"`; `undefined` otherwise. */
export function strictBudgetOf(options: OpenAIToolOptions): StrictBudget | undefined {
  return options.strict === "auto"
    ? new StrictBudget(ADAPTER_DIALECTS["openai-strict"])
    : undefined;
}

/** Whether `entry` is one of the two tools `deferLoading` adds. */
export function isCatalogTool(entry: ToolSetEntry): boolean {
  return entry.capability === TOOL_CATALOG;
}

/**
 * The lint dialect that describes what is sent with `options`: `"openai-strict"` with
 * `strict` (the conversion repairs optional properties itself), `"openai-non-strict"`
 * without.
 */
export function dialectOf(options: OpenAIToolOptions): LintDialect {
  return options.strict === true || options.strict === "auto"
    ? ADAPTER_DIALECTS["openai-strict"]
    : ADAPTER_DIALECTS.openai;
}

/**
 * Lowers one entry. `budget` is the request's, under `strict: "auto"`: a tool past it is
 * sent non-strict.
 */
export function lowerFunction(
  entry: ToolSetEntry,
  options: OpenAIToolOptions,
  budget?: StrictBudget,
): LoweredFunction {
  const native = options.deferLoading === "native";
  if (entry.deferred && !native) return listedFunction(entry, options.strict ?? false);
  const description =
    options.examples === "description"
      ? describeWithExamples(entry.description, entry.examples)
      : entry.description;
  const deferred = entry.deferred === true;
  return { description, deferred, ...lowerParameters(entry, options.strict ?? false, budget) };
}

// A deferred entry under "catalog": its summary and an open schema, never strict (strict
// would close the open schema to `{}`); describe_tools gives the model the rest.
function listedFunction(entry: ToolSetEntry, strict: boolean | "auto"): LoweredFunction {
  const listing = deferredListing(entry.description);
  const reason = "listed by its summary only (deferLoading: catalog)";
  return {
    description: listing.description,
    parameters: structuredClone(listing.parameters) as Record<string, unknown>,
    strict: false,
    deferred: false,
    ledger: strict === false ? [] : [nonStrictChange(entry.name, "openai", reason)],
  };
}

function lowerParameters(
  entry: ToolSetEntry,
  strict: boolean | "auto",
  budget: StrictBudget | undefined,
): Pick<LoweredFunction, "parameters" | "strict" | "ledger"> {
  const converted = strict === false ? undefined : withinBudget(entry, strict, budget);
  if (converted === undefined || typeof converted === "string") {
    // draft-07: numeric exclusive bounds for both Zod majors.
    const parameters = structuredClone(
      projectParameters(entry.name, entry.parameters, "draft-07"),
    ) as Record<string, unknown>;
    const repaired = ledgerOf(entry.name, "openai", repairArrayItems(parameters));
    const ledger =
      typeof converted === "string" ? [nonStrictChange(entry.name, "openai", converted)] : [];
    return { parameters, strict: false, ledger: [...ledger, ...repaired] };
  }
  return {
    parameters: converted.parameters as Record<string, unknown>,
    strict: true,
    ledger: ledgerOf(entry.name, "openai-strict", converted.changes),
  };
}

// Under "auto", a strict-capable tool past the request's budgets goes non-strict too.
function withinBudget(
  entry: ToolSetEntry,
  strict: true | "auto",
  budget: StrictBudget | undefined,
): OpenAIStrictSchema | string {
  const converted = strictOrReason(entry, strict === "auto");
  if (typeof converted === "string" || strict !== "auto" || budget === undefined) return converted;
  return budget.admit(entry.parameters) ?? converted;
}

// Under "auto", a tool that cannot be strict is the reason it is sent without; otherwise
// the error stands.
function strictOrReason(entry: ToolSetEntry, auto: boolean): OpenAIStrictSchema | string {
  try {
    return openAIStrictParameters(entry.name, entry.parameters);
  } catch (error) {
    if (!auto || !(error instanceof StrictSchemaError)) throw error;
    return error.reasons.join("; ");
  }
}
