/**
 * The set as Anthropic Messages API `tools`: each entry's 2020-12 schema as `input_schema`
 * (strict when asked and possible, with its ledger), its examples as `input_examples`, and
 * a set built with `deferLoading` sent with Anthropic's own deferred loading or the catalog.
 *
 * @module
 */
import type { Tool } from "@anthropic-ai/sdk/resources/messages";
import { projectParameters, StrictSchemaError, type ToolSet, type ToolSetEntry } from "toolwright";
import { ADAPTER_DIALECTS, type LoweringChange } from "toolwright/lint";
import { ledgerOf, nonStrictChange } from "../../../lint/lowering-ledger";
import { describeValue } from "../../core/describe";
import { deferredListing } from "../../set/catalog-listing";
import type { CallerOptions, Listing } from "../contract";
import { StrictBudget } from "../strict-budget";
import {
  type AnthropicServerToolSearch,
  DESCRIBE_TOOLS,
  isCatalogTool,
  NATIVE_SEARCH_DESCRIPTION,
  SEARCH_TOOLS,
  serverToolSearch,
} from "./deferred";
import { type AnthropicStrictSchema, anthropicStrictParameters } from "./strict";

/** Options of the Anthropic adapter: its listing, and the `run`/`encode` that must match it. */
export interface AnthropicOptions extends CallerOptions {
  /**
   * `true`: send every tool with `strict: true`, its constraints strict mode cannot enforce
   * moved into descriptions (the tool's own schema still enforces them); throws
   * `StrictSchemaError` for a tool that cannot be strict. `"auto"`: send each tool that can
   * be strict as strict and the others without `strict`; the ledger says which and why.
   * @default false
   */
  readonly strict?: boolean | "auto";
  /**
   * How a set built with `deferLoading` is sent. `"native"`: Anthropic's own deferred
   * loading: each deferred tool in full (schema, examples, `strict`) with
   * `defer_loading: true`, which keeps it out of the model's context until a search finds
   * it; `describe_tools` is left out. `"catalog"`: each deferred tool listed by its name and
   * one line with an open schema (as `set.schemas()` lists it), beside `search_tools` and
   * `describe_tools`, for gateways or models without tool search. @default "native"
   */
  readonly deferLoading?: "native" | "catalog";
  /**
   * Under native deferred loading, who searches. `"client"`: the set's `search_tools`,
   * whose results `encode` sends as `tool_reference` blocks, which the API expands into the
   * found tools' definitions (the tool list stays `Tool[]`). `"bm25"` or `"regex"`:
   * Anthropic's server tool search (`tool_search_tool_bm25_20251119` or
   * `tool_search_tool_regex_20251119`) in place of `search_tools`; the list then holds a
   * server tool beside the `Tool`s. @default "client"
   */
  readonly toolSearch?: "client" | "bm25" | "regex";
  /** Send each entry's `examples` as Anthropic's `input_examples`. @default true */
  readonly examples?: boolean;
}

/** One tool of an Anthropic `tools` list: a client tool, or Anthropic's server tool search. */
export type AnthropicTool = Tool | AnthropicServerToolSearch;

/** Options that put Anthropic's server tool search in the list. */
export type AnthropicServerSearchOptions = AnthropicOptions & {
  readonly toolSearch: "bm25" | "regex";
};
/** Options whose list holds client tools only. */
export type AnthropicClientOptions = AnthropicOptions & { readonly toolSearch?: "client" };

export function list(set: ToolSet, options?: AnthropicClientOptions): Listing<Tool[]>;
export function list(set: ToolSet, options: AnthropicServerSearchOptions): Listing<AnthropicTool[]>;
export function list(set: ToolSet, options?: AnthropicOptions): Listing<AnthropicTool[]>;
export function list(set: ToolSet, options: AnthropicOptions = {}): Listing<AnthropicTool[]> {
  checkOptions(options);
  const native = (options.deferLoading ?? "native") === "native";
  const search = options.toolSearch ?? "client";
  const tools: AnthropicTool[] = [];
  const ledger: LoweringChange[] = [];
  // Under "auto", strict tools stay within the request's budgets (20 tools, 24 optional…).
  const budget =
    options.strict === "auto" ? new StrictBudget(ADAPTER_DIALECTS["anthropic-strict"]) : undefined;
  for (const entry of set.entries(options.ctx)) {
    if (native && isCatalogTool(entry, DESCRIBE_TOOLS)) continue;
    if (native && search !== "client" && isCatalogTool(entry, SEARCH_TOOLS)) continue;
    const lowered = lowerEntry(entry, options, native, budget);
    tools.push(lowered.tool);
    ledger.push(...lowered.ledger);
  }
  if (native && search !== "client" && tools.some((tool) => "defer_loading" in tool)) {
    tools.push(serverToolSearch(search));
  }
  const strict = options.strict === true || options.strict === "auto";
  const dialect = strict ? ADAPTER_DIALECTS["anthropic-strict"] : ADAPTER_DIALECTS.anthropic;
  return { tools, ledger, dialect };
}

/** The values each option takes: a misspelt one would silently list the tools another way. */
const OPTION_VALUES = {
  strict: [true, false, "auto"],
  deferLoading: ["native", "catalog"],
  toolSearch: ["client", "bm25", "regex"],
  examples: [true, false],
} as const satisfies {
  readonly [Name in Exclude<keyof AnthropicOptions, "ctx">]-?: readonly unknown[];
};

function checkOptions(options: AnthropicOptions): void {
  for (const [name, allowed] of Object.entries(OPTION_VALUES)) {
    const value: unknown = options[name as keyof AnthropicOptions];
    if (value === undefined || (allowed as readonly unknown[]).includes(value)) continue;
    const expected = allowed.map((option) => JSON.stringify(option)).join(", ");
    throw new TypeError(
      `anthropic.list: ${name} must be one of ${expected} (or left out), received ${describeValue(value)}`,
    );
  }
}

// One entry as sent: listed (catalog), or in full, strict when it can be.
function lowerEntry(
  entry: ToolSetEntry,
  options: AnthropicOptions,
  native: boolean,
  budget: StrictBudget | undefined,
): { readonly tool: Tool; readonly ledger: readonly LoweringChange[] } {
  const strict = options.strict ?? false;
  if (entry.deferred && !native) {
    // Strict would close the open listing schema to `{}`: listed tools go non-strict.
    const reason = "listed by its summary only (deferLoading: catalog)";
    const ledger = strict === false ? [] : [nonStrictChange(entry.name, "anthropic", reason)];
    return { tool: listedTool(entry), ledger };
  }
  const base = { ...plainTool(entry, options.examples ?? true), ...nativeParts(entry, native) };
  const converted = strict === false ? undefined : strictOrReason(entry, strict === "auto");
  // A strict-capable tool past the request's budgets goes non-strict too.
  const lowered =
    typeof converted === "object" && budget !== undefined
      ? (budget.admit(entry.parameters) ?? converted)
      : converted;
  if (lowered === undefined || typeof lowered === "string") {
    const ledger =
      typeof lowered === "string" ? [nonStrictChange(entry.name, "anthropic", lowered)] : [];
    return { tool: base, ledger };
  }
  return {
    tool: { ...base, input_schema: lowered.inputSchema as Tool.InputSchema, strict: true },
    ledger: ledgerOf(entry.name, "anthropic-strict", lowered.changes),
  };
}

// Native deferred loading: the flag on deferred tools, and a search_tools that says it loads.
function nativeParts(entry: ToolSetEntry, native: boolean): Partial<Tool> {
  if (!native) return {};
  if (entry.deferred) return { defer_loading: true };
  return isCatalogTool(entry, SEARCH_TOOLS) ? { description: NATIVE_SEARCH_DESCRIPTION } : {};
}

// A deferred entry under "catalog": its summary and an open schema; describe_tools has the rest.
function listedTool(entry: ToolSetEntry): Tool {
  const listing = deferredListing(entry.description);
  return {
    name: entry.name,
    description: listing.description,
    input_schema: structuredClone(listing.parameters) as Tool.InputSchema,
  };
}

function plainTool(entry: ToolSetEntry, examples: boolean): Tool {
  return {
    name: entry.name,
    description: entry.description,
    input_schema: structuredClone(
      projectParameters(entry.name, entry.parameters, "draft-2020-12"),
    ) as Tool.InputSchema,
    ...(examples &&
      entry.examples !== undefined &&
      entry.examples.length > 0 && { input_examples: structuredClone([...entry.examples]) }),
  };
}

// Under "auto", a tool that cannot be strict is the reason it is sent without; otherwise
// the error stands.
function strictOrReason(entry: ToolSetEntry, auto: boolean): AnthropicStrictSchema | string {
  try {
    return anthropicStrictParameters(entry.name, entry.parameters);
  } catch (error) {
    if (!auto || !(error instanceof StrictSchemaError)) throw error;
    return error.reasons.join("; ");
  }
}
