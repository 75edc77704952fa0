/**
 * The Responses API adapter: the set as flat function tools (with OpenAI's own deferred
 * loading when asked), a `function_call` item decoded, and any outcome as the
 * `function_call_output` item that answers it.
 *
 * @module
 */
import type {
  FunctionTool,
  ResponseInputItem,
  ToolSearchTool,
} from "openai/resources/responses/responses";
import type { CallOutcome, ToolSet } from "toolwright";
import type { LoweringChange } from "toolwright/lint";
import { type Listing, type RunOptions, runWith, type ToolAdapter } from "../contract";
import { decodeArguments } from "./arguments";
import { responsesOutput } from "./content";
import {
  dialectOf,
  isCatalogTool,
  lowerFunction,
  type OpenAIToolOptions,
  strictBudgetOf,
} from "./functions";

/** One tool of a Responses API `tools` list: a function, or the hosted tool search. */
export type ResponsesTool = FunctionTool | ToolSearchTool;

/** Options whose list holds functions only (the catalog, as in Chat Completions). */
export type ResponsesCatalogOptions = OpenAIToolOptions & { readonly deferLoading?: "catalog" };
/** Options that send native deferred loading, whose list holds the tool search tool. */
export type ResponsesNativeOptions = OpenAIToolOptions & { readonly deferLoading: "native" };

/** A function call as the Responses API sends it (an output item of type `"function_call"`). */
export interface ResponsesCall {
  readonly call_id: string;
  readonly name: string;
  readonly arguments: string;
}

function list(set: ToolSet, options?: ResponsesCatalogOptions): Listing<FunctionTool[]>;
function list(set: ToolSet, options: ResponsesNativeOptions): Listing<ResponsesTool[]>;
function list(set: ToolSet, options?: OpenAIToolOptions): Listing<ResponsesTool[]>;
function list(set: ToolSet, options: OpenAIToolOptions = {}): Listing<ResponsesTool[]> {
  const native = options.deferLoading === "native";
  const ledger: LoweringChange[] = [];
  const tools: ResponsesTool[] = [];
  const budget = strictBudgetOf(options);
  for (const entry of set.entries(options.ctx)) {
    // The hosted tool search finds and loads deferred tools: the catalog tools would repeat it.
    if (native && isCatalogTool(entry)) continue;
    const lowered = lowerFunction(entry, options, budget);
    ledger.push(...lowered.ledger);
    tools.push({
      type: "function",
      name: entry.name,
      description: lowered.description,
      parameters: lowered.parameters,
      strict: lowered.strict,
      ...(lowered.deferred && { defer_loading: true }),
    });
  }
  if (native && tools.some((tool) => "defer_loading" in tool)) tools.push({ type: "tool_search" });
  return { tools, ledger, dialect: dialectOf(options) };
}

function encode(
  set: ToolSet,
  call: ResponsesCall,
  outcome: CallOutcome,
): ResponseInputItem.FunctionCallOutput {
  const output = outcome.ok
    ? responsesOutput(set.content(call.name, outcome.value))
    : outcome.error;
  return { type: "function_call_output", call_id: call.call_id, output };
}

/**
 * The OpenAI Responses API: `list` gives `tools` for `responses.create` (strict when asked,
 * with its ledger; with `deferLoading: "native"`, deferred tools flagged `defer_loading: true`
 * and the hosted `{ type: "tool_search" }` tool in place of the catalog tools); `run`
 * answers a `function_call` item with its `function_call_output` (what `set.content` makes of
 * a value: `input_text`, `input_image` as a data URL, `input_file`; audio and resource links
 * as text saying what they are; a failure as its readable error). Pass `run` the same
 * `strict` and `deferLoading` as `list`.
 *
 * @example
 * ```ts
 * const { tools } = responses.list(set, { strict: true });
 * const response = await openai.responses.create({ model, input, tools });
 * for (const item of response.output) {
 *   if (item.type === "function_call") input.push(await responses.run(set, item, { strict: true }));
 * }
 * ```
 */
export const responses = {
  list,
  decode: (set: ToolSet, call: ResponsesCall, options?: OpenAIToolOptions) =>
    decodeArguments(set, call.name, call.arguments, options),
  encode,
  run: (
    set: ToolSet,
    call: ResponsesCall,
    options?: OpenAIToolOptions & RunOptions,
  ): Promise<ResponseInputItem.FunctionCallOutput> => runWith(responses, set, call, options),
} satisfies ToolAdapter<
  ResponsesTool[],
  ResponsesCall,
  ResponseInputItem.FunctionCallOutput,
  OpenAIToolOptions
>;
