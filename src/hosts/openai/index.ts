/**
 * `toolwright/openai`: a tool set as OpenAI function tools, for Chat Completions and
 * the Responses API, with an optional `strict` mode; and the call path back.
 * Types come from the `openai` package (an optional peer dependency, types only).
 *
 * @example
 * ```ts
 * import { callOpenAITool, toChatCompletionsTools } from "toolwright/openai";
 * const tools = toChatCompletionsTools(set, { strict: true });
 * const completion = await openai.chat.completions.create({ model, messages, tools });
 * for (const call of completion.choices[0].message.tool_calls ?? []) {
 *   if (call.type !== "function") continue;
 *   const result = await callOpenAITool(set, call.function.name, call.function.arguments, { strict: true });
 *   messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
 * }
 * ```
 *
 * @module
 */
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import {
  type CallOutcome,
  projectParameters,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetEntry,
} from "toolwright";
import { messageOf } from "../../core/describe";
import { openAIStrictParameters } from "./strict";

export {
  type OpenAIStrictSchema,
  openAIStrictParameters,
  StrictSchemaError,
  toOpenAIStrict,
} from "./strict";

/** Options of the OpenAI conversions. */
export interface OpenAIToolOptions {
  /**
   * Send `strict: true` with a strict-compatible schema (every property required,
   * optionals nullable, objects closed). Throws `StrictSchemaError` naming the tool and
   * the `openai-strict` findings for a schema that cannot be made strict. @default false
   */
  readonly strict?: boolean;
}

// draft-07: numeric exclusive bounds for both Zod majors.
function parameters(entry: ToolSetEntry, strict: boolean): Record<string, unknown> {
  const schema = strict
    ? openAIStrictParameters(entry.name, entry.parameters).parameters
    : structuredClone(projectParameters(entry.name, entry.parameters, "draft-07"));
  return schema as Record<string, unknown>;
}

/**
 * Chat Completions `tools`: one `{ type: "function", function }` per entry.
 *
 * @example
 * ```ts
 * await openai.chat.completions.create({ model, messages, tools: toChatCompletionsTools(set) });
 * ```
 */
export function toChatCompletionsTools(
  set: ToolSet,
  options: OpenAIToolOptions = {},
): ChatCompletionFunctionTool[] {
  const strict = options.strict ?? false;
  return set.entries().map((entry) => ({
    type: "function",
    function: {
      name: entry.name,
      description: entry.description,
      parameters: parameters(entry, strict),
      ...(strict && { strict: true }),
    },
  }));
}

/**
 * Responses API `tools`: one flat `{ type: "function", name, parameters, strict }` per entry.
 *
 * @example
 * ```ts
 * await openai.responses.create({ model, input, tools: toResponsesTools(set, { strict: true }) });
 * ```
 */
export function toResponsesTools(set: ToolSet, options: OpenAIToolOptions = {}): FunctionTool[] {
  const strict = options.strict ?? false;
  return set.entries().map((entry) => ({
    type: "function",
    name: entry.name,
    description: entry.description,
    parameters: parameters(entry, strict),
    strict,
  }));
}

/**
 * Runs the call a model asked for: `args` is the JSON string OpenAI sends (or an
 * already-parsed value). With `strict`, a `null` the model sent for an optional
 * property is removed first, so the tool's schema sees it absent. Never rejects.
 */
export async function callOpenAITool(
  set: ToolSet,
  name: string,
  args: unknown,
  options: OpenAIToolOptions & { readonly ctx?: ToolExecutionContext } = {},
): Promise<CallOutcome> {
  let parsed = args;
  if (typeof args === "string") {
    try {
      parsed = args.trim() === "" ? {} : JSON.parse(args);
    } catch (error) {
      return {
        ok: false,
        error: `tool '${name}' received arguments that are not valid JSON: ${messageOf(error)}`,
      };
    }
  }
  const entry = set.get(name);
  if (options.strict === true && entry !== undefined) {
    try {
      parsed = openAIStrictParameters(name, entry.parameters).restore(parsed);
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    }
  }
  return set.call(name, parsed, options.ctx);
}
