/**
 * `toolwright/anthropic`: a tool set as Anthropic Messages API `tools`, and the
 * `tool_result` block for a `tool_use` the model sent. Types come from
 * `@anthropic-ai/sdk` (an optional peer dependency, types only).
 *
 * @example
 * ```ts
 * import { runAnthropicToolUse, toAnthropicTools } from "toolwright/anthropic";
 * const message = await anthropic.messages.create({ model, max_tokens, messages, tools: toAnthropicTools(set) });
 * const results = await Promise.all(
 *   message.content.filter((block) => block.type === "tool_use").map((block) => runAnthropicToolUse(set, block)),
 * );
 * messages.push({ role: "user", content: results });
 * ```
 *
 * @module
 */
import type { Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import {
  type ApprovalHandler,
  type CallOutcome,
  deferredListing,
  projectParameters,
  settlePending,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetEntry,
} from "toolwright";
import {
  ADAPTER_DIALECTS,
  type LintDialect,
  type Lowered,
  type LoweringChange,
  ledgerOf,
  nonStrictChange,
} from "toolwright/lint";
import { anthropicResultContent } from "./content";
import {
  type AnthropicServerToolSearch,
  DESCRIBE_TOOLS,
  isCatalogTool,
  NATIVE_SEARCH_DESCRIPTION,
  SEARCH_TOOLS,
  serverToolSearch,
  toolReferences,
} from "./deferred";
import {
  type AnthropicStrictSchema,
  AnthropicStrictSchemaError,
  anthropicStrictParameters,
} from "./strict";

export {
  formatLoweringChange,
  type Lowered,
  type LoweringChange,
  type LoweringChangeKind,
} from "toolwright/lint";
export type { AnthropicResultBlock } from "./content";
export type { AnthropicServerToolSearch } from "./deferred";
export {
  type AnthropicStrictSchema,
  AnthropicStrictSchemaError,
  anthropicStrictParameters,
} from "./strict";

/** Options of {@link toAnthropicTools} and {@link lowerAnthropicTools}. */
export interface AnthropicToolOptions {
  /**
   * `true`: send every tool with `strict: true`, its constraints strict mode cannot enforce
   * moved into descriptions (the tool's own schema still enforces them); throws
   * {@link AnthropicStrictSchemaError} for a tool that cannot be strict. `"auto"`: send each
   * tool that can be strict as strict and the others without `strict`; the ledger of
   * {@link lowerAnthropicTools} says which and why. @default false
   */
  readonly strict?: boolean | "auto";
  /**
   * How a set built with `deferLoading` is sent. `"native"`: Anthropic's own deferred
   * loading: each deferred tool in full (schema, examples, `strict`) with
   * `defer_loading: true`, which keeps it out of the model's context until a search finds
   * it; `describe_tools` is left out. `"catalog"`: each deferred tool listed by its name and
   * one line with an open schema (as `set.schemas()` lists it), beside `search_tools` and
   * `describe_tools`, for gateways or models without tool search. Pass the same value to
   * {@link runAnthropicToolUse}. @default "native"
   */
  readonly deferLoading?: "native" | "catalog";
  /**
   * Under native deferred loading, who searches. `"client"`: the set's `search_tools`,
   * whose results {@link runAnthropicToolUse} sends as `tool_reference` blocks, which the
   * API expands into the found tools' definitions (the tool list stays `Tool[]`). `"bm25"`
   * or `"regex"`: Anthropic's server tool search (`tool_search_tool_bm25_20251119` or
   * `tool_search_tool_regex_20251119`) in place of `search_tools`; the list then holds a
   * server tool beside the `Tool`s. @default "client"
   */
  readonly toolSearch?: "client" | "bm25" | "regex";
  /**
   * Send each entry's `examples` as Anthropic's `input_examples`. @default true
   */
  readonly examples?: boolean;
}

/** One tool of an Anthropic `tools` list: a client tool, or Anthropic's server tool search. */
export type AnthropicTool = Tool | AnthropicServerToolSearch;

/** Options that put Anthropic's server tool search in the list. */
type ServerSearchOptions = AnthropicToolOptions & { readonly toolSearch: "bm25" | "regex" };
/** Options whose list holds client tools only. */
type ClientOptions = AnthropicToolOptions & { readonly toolSearch?: "client" };

/**
 * The lint dialect that describes the tools Anthropic is sent: `"anthropic"` for the tools
 * {@link toAnthropicTools} builds, `"anthropic-strict"` for tools sent with `strict: true`
 * (and the strict tools of `strict: "auto"`).
 *
 * @example
 * ```ts
 * lintToolSet(set, { dialect: anthropicLintDialect({ strict: true }) });
 * ```
 */
export function anthropicLintDialect(options: AnthropicToolOptions = {}): LintDialect {
  return options.strict === true || options.strict === "auto"
    ? ADAPTER_DIALECTS["anthropic-strict"]
    : ADAPTER_DIALECTS.anthropic;
}

/**
 * Anthropic `tools`: `{ name, description, input_schema }` per entry, the schema in
 * JSON Schema 2020-12 (the dialect Anthropic documents for `input_schema`), plus
 * `strict: true` on the tools sent strict (see {@link AnthropicToolOptions}),
 * `input_examples` from the entry's `examples`, and, for a set built with `deferLoading`,
 * `defer_loading: true` on its deferred tools (or their one-line listing, with
 * `deferLoading: "catalog"`).
 *
 * @example
 * ```ts
 * await anthropic.messages.create({ model, max_tokens, messages, tools: toAnthropicTools(set, { strict: "auto" }) });
 * ```
 */
export function toAnthropicTools(set: ToolSet, options?: ClientOptions): Tool[];
export function toAnthropicTools(set: ToolSet, options: ServerSearchOptions): AnthropicTool[];
export function toAnthropicTools(set: ToolSet, options?: AnthropicToolOptions): AnthropicTool[];
export function toAnthropicTools(
  set: ToolSet,
  options: AnthropicToolOptions = {},
): AnthropicTool[] {
  return lowerAnthropicTools(set, options).tools;
}

/**
 * {@link toAnthropicTools} with its ledger: per tool, each constraint moved into a
 * description, each keyword dropped or rewritten, and each tool `strict: "auto"` sent
 * non-strict, with the reason.
 *
 * @example
 * ```ts
 * const { tools, ledger } = lowerAnthropicTools(set, { strict: "auto" });
 * for (const change of ledger) console.warn(formatLoweringChange(change));
 * ```
 */
export function lowerAnthropicTools(set: ToolSet, options?: ClientOptions): Lowered<Tool>;
export function lowerAnthropicTools(
  set: ToolSet,
  options: ServerSearchOptions,
): Lowered<AnthropicTool>;
export function lowerAnthropicTools(
  set: ToolSet,
  options?: AnthropicToolOptions,
): Lowered<AnthropicTool>;
export function lowerAnthropicTools(
  set: ToolSet,
  options: AnthropicToolOptions = {},
): Lowered<AnthropicTool> {
  const native = (options.deferLoading ?? "native") === "native";
  const search = options.toolSearch ?? "client";
  const tools: AnthropicTool[] = [];
  const ledger: LoweringChange[] = [];
  for (const entry of set.entries()) {
    if (native && isCatalogTool(entry, DESCRIBE_TOOLS)) continue;
    if (native && search !== "client" && isCatalogTool(entry, SEARCH_TOOLS)) continue;
    const lowered = lowerEntry(entry, options, native);
    tools.push(lowered.tool);
    ledger.push(...lowered.ledger);
  }
  if (native && search !== "client" && tools.some((tool) => "defer_loading" in tool)) {
    tools.push(serverToolSearch(search));
  }
  return { tools, ledger };
}

// One entry as sent: listed (catalog), or in full, strict when it can be.
function lowerEntry(
  entry: ToolSetEntry,
  options: AnthropicToolOptions,
  native: boolean,
): { readonly tool: Tool; readonly ledger: readonly LoweringChange[] } {
  const strict = options.strict ?? false;
  if (entry.deferred && !native) {
    // Strict would close the open listing schema to `{}`: listed tools go non-strict.
    const ledger =
      strict === false
        ? []
        : [
            nonStrictChange(
              entry.name,
              "anthropic",
              "listed by its summary only (deferLoading: catalog)",
            ),
          ];
    return { tool: listedTool(entry), ledger };
  }
  const base = { ...plainTool(entry, options.examples ?? true), ...nativeParts(entry, native) };
  const lowered = strict === false ? undefined : strictOrReason(entry, strict === "auto");
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
    if (!auto || !(error instanceof AnthropicStrictSchemaError)) throw error;
    return error.reasons.join("; ");
  }
}

/** Options of {@link runAnthropicToolUse}. */
export interface AnthropicToolUseOptions
  extends Pick<AnthropicToolOptions, "deferLoading" | "toolSearch"> {
  /**
   * Asks a person about a call that needs approval; the call then runs, or its result is
   * the readable denial (a handler that throws denies). Without it, the result says the
   * call needs approval and has not run (`is_error: true`); a host that wants the request
   * itself calls `set.call` and {@link toAnthropicToolResult}.
   */
  readonly approve?: ApprovalHandler;
}

/**
 * Runs a `tool_use` block through the set and answers with its `tool_result` block (see
 * {@link toAnthropicToolResult}). A call that needs approval is settled by
 * `options.approve` when given. Never rejects.
 *
 * @example
 * ```ts
 * const result = await runAnthropicToolUse(set, block, undefined, { approve: askUser });
 * ```
 */
export async function runAnthropicToolUse(
  set: ToolSet,
  block: { readonly id: string; readonly name: string; readonly input: unknown },
  ctx?: ToolExecutionContext,
  options: AnthropicToolUseOptions = {},
): Promise<ToolResultBlockParam> {
  const outcome = await set.call(block.name, block.input, ctx);
  const settled = await settlePending(set, outcome, options.approve, ctx);
  return toAnthropicToolResult(block.id, settled, { ...options, set, name: block.name });
}

/** Where a result came from, so that {@link toAnthropicToolResult} can build its content. */
export interface AnthropicResultSource
  extends Pick<AnthropicToolOptions, "deferLoading" | "toolSearch"> {
  /** The set that ran the call. */
  readonly set: ToolSet;
  /** The tool it called. */
  readonly name: string;
}

/**
 * The `tool_result` block for any outcome of the `tool_use` block `toolUseId`. A failure
 * or a call pending approval: its readable `error`, with `is_error: true`. A value: with
 * `source`, the content parts `source.set.content` makes of it (its tool's
 * `toModelOutput`, cut to the set's `outputBudget`) as blocks (text, image, and document
 * blocks for text resources and PDFs; the rest as text saying what it is), or as a plain
 * string when they are one text part; under native deferred loading, a `search_tools`
 * result as `tool_reference` blocks for the deferred tools it found. Without `source`, the
 * value as JSON text (a string value as it is).
 *
 * @example
 * ```ts
 * const outcome = await set.call(block.name, block.input);
 * if (isPending(outcome)) await store.save(outcome.approval); // ask later, then set.resume
 * messages.push({ role: "user", content: [toAnthropicToolResult(block.id, outcome, { set, name: block.name })] });
 * ```
 */
export function toAnthropicToolResult(
  toolUseId: string,
  outcome: CallOutcome,
  source?: AnthropicResultSource,
): ToolResultBlockParam {
  if (!outcome.ok) {
    return { type: "tool_result", tool_use_id: toolUseId, content: outcome.error, is_error: true };
  }
  const { value } = outcome;
  if (source === undefined) {
    const content = typeof value === "string" ? value : (JSON.stringify(value ?? null) ?? "null");
    return { type: "tool_result", tool_use_id: toolUseId, content };
  }
  const references = searchReferences(source, outcome);
  const content = references ?? anthropicResultContent(source.set.content(source.name, value));
  return { type: "tool_result", tool_use_id: toolUseId, content };
}

// Under native deferred loading with the set's own search, what search_tools found, as references.
function searchReferences(source: AnthropicResultSource, outcome: CallOutcome) {
  const native = (source.deferLoading ?? "native") === "native";
  const entry = source.set.get(source.name);
  if (!native || (source.toolSearch ?? "client") !== "client" || entry === undefined) {
    return undefined;
  }
  return isCatalogTool(entry, SEARCH_TOOLS) ? toolReferences(source.set, outcome) : undefined;
}
