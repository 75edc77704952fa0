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
import {
  ADAPTER_DIALECTS,
  type LintDialect,
  type Lowered,
  type LoweringChange,
  ledgerOf,
} from "toolwright/lint";
import { callFailure } from "../../core/call-outcome";
import { messageOf } from "../../core/describe";
import { type OpenAIStrictSchema, openAIStrictParameters, StrictSchemaError } from "./strict";

export {
  formatLoweringChange,
  type Lowered,
  type LoweringChange,
  type LoweringChangeKind,
} from "toolwright/lint";
export {
  type OpenAIStrictSchema,
  openAIStrictParameters,
  StrictSchemaError,
  toOpenAIStrict,
} from "./strict";

/** Options of the OpenAI conversions. */
export interface OpenAIToolOptions {
  /**
   * `true`: send `strict: true` with a strict-compatible schema (every property required,
   * optionals nullable, objects closed); throws `StrictSchemaError` naming the tool and the
   * `openai-strict` findings for a schema that cannot be made strict. `"auto"`: send each
   * tool that can be strict as strict and the others non-strict; the ledger of
   * {@link lowerChatCompletionsTools} / {@link lowerResponsesTools} says which and why. Pass
   * the same value to {@link callOpenAITool}. @default false
   */
  readonly strict?: boolean | "auto";
}

/**
 * The lint dialect that describes what these conversions send with `options`:
 * `"openai-strict"` with `strict: true` (and for the strict tools of `strict: "auto"`),
 * `"openai-non-strict"` without. A schema clean under
 * it ships faithfully (the strict conversion repairs optional properties itself).
 *
 * @example
 * ```ts
 * lintToolSet(set, { dialect: openAILintDialect({ strict: true }) });
 * ```
 */
export function openAILintDialect(options: OpenAIToolOptions = {}): LintDialect {
  return options.strict === true || options.strict === "auto"
    ? ADAPTER_DIALECTS["openai-strict"]
    : ADAPTER_DIALECTS.openai;
}

// One tool's function: its parameters, whether it is sent strict, and its ledger.
interface LoweredFunction {
  readonly parameters: Record<string, unknown>;
  readonly strict: boolean;
  readonly ledger: readonly LoweringChange[];
}

function lowerFunction(entry: ToolSetEntry, strict: boolean | "auto"): LoweredFunction {
  const converted = strict === false ? undefined : strictOrReason(entry, strict === "auto");
  if (converted === undefined || typeof converted === "string") {
    // draft-07: numeric exclusive bounds for both Zod majors.
    const parameters = structuredClone(projectParameters(entry.name, entry.parameters, "draft-07"));
    const ledger = typeof converted === "string" ? [nonStrict(entry.name, converted)] : [];
    return { parameters: parameters as Record<string, unknown>, strict: false, ledger };
  }
  return {
    parameters: structuredClone(converted.parameters) as Record<string, unknown>,
    strict: true,
    ledger: ledgerOf(entry.name, "openai-strict", converted.changes),
  };
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

function nonStrict(tool: string, reason: string): LoweringChange {
  return {
    tool,
    target: "openai",
    path: "$",
    kind: "non-strict",
    message: `sent non-strict: ${reason}`,
  };
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
  return lowerChatCompletionsTools(set, options).tools;
}

/**
 * {@link toChatCompletionsTools} with its ledger: per tool, each optional made nullable,
 * each default dropped, and each tool `strict: "auto"` sent non-strict, with the reason.
 *
 * @example
 * ```ts
 * const { tools, ledger } = lowerChatCompletionsTools(set, { strict: "auto" });
 * ```
 */
export function lowerChatCompletionsTools(
  set: ToolSet,
  options: OpenAIToolOptions = {},
): Lowered<ChatCompletionFunctionTool> {
  const ledger: LoweringChange[] = [];
  const tools = set.entries().map((entry): ChatCompletionFunctionTool => {
    const lowered = lowerFunction(entry, options.strict ?? false);
    ledger.push(...lowered.ledger);
    return {
      type: "function",
      function: {
        name: entry.name,
        description: entry.description,
        parameters: lowered.parameters,
        ...(lowered.strict && { strict: true }),
      },
    };
  });
  return { tools, ledger };
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
  return lowerResponsesTools(set, options).tools;
}

/**
 * {@link toResponsesTools} with its ledger (see {@link lowerChatCompletionsTools}).
 *
 * @example
 * ```ts
 * const { tools, ledger } = lowerResponsesTools(set, { strict: "auto" });
 * ```
 */
export function lowerResponsesTools(
  set: ToolSet,
  options: OpenAIToolOptions = {},
): Lowered<FunctionTool> {
  const ledger: LoweringChange[] = [];
  const tools = set.entries().map((entry): FunctionTool => {
    const lowered = lowerFunction(entry, options.strict ?? false);
    ledger.push(...lowered.ledger);
    return {
      type: "function",
      name: entry.name,
      description: entry.description,
      parameters: lowered.parameters,
      strict: lowered.strict,
    };
  });
  return { tools, ledger };
}

/**
 * Runs the call a model asked for: `args` is the JSON string OpenAI sends (or an
 * already-parsed value). With `strict` (`true`, or `"auto"` for a tool sent strict),
 * a `null` the model sent for an optional property is removed first, so the tool's schema sees it absent. Never rejects.
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
      return callFailure(
        "invalid-arguments",
        `tool '${name}' received arguments that are not valid JSON: ${messageOf(error)}`,
        error,
      );
    }
  }
  const entry = set.get(name);
  const strict = options.strict ?? false;
  if (strict !== false && entry !== undefined) {
    try {
      parsed = openAIStrictParameters(name, entry.parameters).restore(parsed);
    } catch (error) {
      // Under "auto" a tool that cannot be strict was sent non-strict: nothing to restore.
      if (strict === true || !(error instanceof StrictSchemaError)) {
        return callFailure("invalid-arguments", messageOf(error), error);
      }
    }
  }
  return set.call(name, parsed, options.ctx);
}
