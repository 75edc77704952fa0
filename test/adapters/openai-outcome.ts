/**
 * The outcome of an OpenAI function call, for tests that read the outcome rather than the
 * tool message: the call decoded by the adapter (JSON arguments parsed, strict nulls
 * restored), then run through `set.call` with the option `ctx`, as `run` does before it
 * settles approval and encodes. A call that cannot be decoded is its failure, unrun.
 */
import type { CallOutcome, DecodedCall, ToolExecutionContext, ToolSet } from "toolwright";
import { chatCompletions, type OpenAIToolOptions, responses } from "toolwright/openai";

type Options = OpenAIToolOptions & { readonly ctx?: ToolExecutionContext };

function called(set: ToolSet, decoded: DecodedCall, options: Options): Promise<CallOutcome> {
  if ("failure" in decoded) return Promise.resolve(decoded.failure);
  return set.call(decoded.name, decoded.args, options.ctx);
}

/** A Chat Completions `tool_calls` entry's outcome (`deferLoading` is the catalog's). */
export function openAIOutcome(
  set: ToolSet,
  name: string,
  args: string,
  options: Options & { readonly deferLoading?: "catalog" } = {},
): Promise<CallOutcome> {
  const call = { id: "call_1", function: { name, arguments: args } };
  return called(set, chatCompletions.decode(set, call, options), options);
}

/** A Responses API `function_call` item's outcome (`deferLoading: "native"` too). */
export function responsesOutcome(
  set: ToolSet,
  name: string,
  args: string,
  options: Options = {},
): Promise<CallOutcome> {
  const call = { call_id: "call_1", name, arguments: args };
  return called(set, responses.decode(set, call, options), options);
}
