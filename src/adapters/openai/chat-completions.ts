/**
 * The Chat Completions adapter: the set as `{ type: "function", function }` tools, a
 * `tool_calls` entry decoded, and any outcome as the `tool` message that answers it.
 *
 * @module
 */
import type {
  ChatCompletionFunctionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type { CallOutcome, ToolSet } from "toolwright";
import type { LoweringChange } from "toolwright/lint";
import { type Listing, type RunOptions, runWith, type ToolAdapter } from "../contract";
import { decodeArguments } from "./arguments";
import { chatContent } from "./content";
import { dialectOf, lowerFunction, type OpenAIToolOptions, strictBudgetOf } from "./functions";

/** Options of the Chat Completions adapter, which has no native deferred loading. */
export type ChatCompletionsOptions = OpenAIToolOptions & { readonly deferLoading?: "catalog" };

/**
 * A function tool call as Chat Completions sends it (`message.tool_calls[i]` of type
 * `"function"`): `arguments` is the JSON string the model wrote.
 */
export interface ChatCompletionsCall {
  readonly id: string;
  readonly function: { readonly name: string; readonly arguments: string };
}

function list(
  set: ToolSet,
  options: ChatCompletionsOptions = {},
): Listing<ChatCompletionFunctionTool[]> {
  if ((options.deferLoading ?? "catalog") !== "catalog") {
    throw new TypeError(
      `chatCompletions.list: deferLoading ${JSON.stringify(options.deferLoading)} is not available: Chat Completions has no deferred loading of its own, so deferred tools are listed by the catalog ("catalog"); use the Responses API for "native"`,
    );
  }
  const ledger: LoweringChange[] = [];
  const budget = strictBudgetOf(options);
  const tools = set.entries(options.ctx).map((entry): ChatCompletionFunctionTool => {
    const lowered = lowerFunction(entry, options, budget);
    ledger.push(...lowered.ledger);
    return {
      type: "function",
      function: {
        name: entry.name,
        description: lowered.description,
        parameters: lowered.parameters,
        ...(lowered.strict && { strict: true }),
      },
    };
  });
  return { tools, ledger, dialect: dialectOf(options) };
}

function encode(
  set: ToolSet,
  call: ChatCompletionsCall,
  outcome: CallOutcome,
): ChatCompletionToolMessageParam {
  const content = outcome.ok
    ? chatContent(set.content(call.function.name, outcome.value))
    : outcome.error;
  return { role: "tool", tool_call_id: call.id, content };
}

/**
 * OpenAI Chat Completions: `list` gives `tools` for `chat.completions.create` (with
 * `strict`, strict-compatible schemas and a ledger of what the conversion changed), `run`
 * answers a function tool call with its `tool` message (what `set.content` makes of a value,
 * as text: a tool message carries text only, so an image, audio or binary resource becomes a
 * text part saying what it was; a failure, or a call pending approval, as its readable
 * error). Pass `run` the same `strict` as `list`.
 *
 * @example
 * ```ts
 * const { tools } = chatCompletions.list(set, { strict: true });
 * const completion = await openai.chat.completions.create({ model, messages, tools });
 * for (const call of completion.choices[0]?.message.tool_calls ?? []) {
 *   if (call.type === "function") messages.push(await chatCompletions.run(set, call, { strict: true }));
 * }
 * ```
 */
export const chatCompletions = {
  list,
  decode: (set: ToolSet, call: ChatCompletionsCall, options?: ChatCompletionsOptions) =>
    decodeArguments(set, call.function.name, call.function.arguments, options),
  encode,
  run: (
    set: ToolSet,
    call: ChatCompletionsCall,
    options?: ChatCompletionsOptions & RunOptions,
  ): Promise<ChatCompletionToolMessageParam> => runWith(chatCompletions, set, call, options),
} satisfies ToolAdapter<
  ChatCompletionFunctionTool[],
  ChatCompletionsCall,
  ChatCompletionToolMessageParam,
  ChatCompletionsOptions
>;
