/**
 * `toolwright/openai`: a tool set as OpenAI function tools, for Chat Completions and
 * the Responses API, with an optional `strict` mode; and the call path back.
 * Types come from the `openai` package (an optional peer dependency, types only).
 *
 * @example
 * ```ts
 * import { callOpenAITool, toChatCompletionsTools, toChatCompletionsToolMessage } from "toolwright/openai";
 * const tools = toChatCompletionsTools(set, { strict: true });
 * const completion = await openai.chat.completions.create({ model, messages, tools });
 * for (const call of completion.choices[0].message.tool_calls ?? []) {
 *   if (call.type !== "function") continue;
 *   const { name, arguments: args } = call.function;
 *   const outcome = await callOpenAITool(set, name, args, { strict: true });
 *   messages.push(toChatCompletionsToolMessage(call.id, outcome, { set, name }));
 * }
 * ```
 *
 * @module
 */
import type {
  ChatCompletionFunctionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type {
  FunctionTool,
  ResponseInputItem,
  ToolSearchTool,
} from "openai/resources/responses/responses";
import {
  type ApprovalHandler,
  type CallOutcome,
  deferredListing,
  describeWithExamples,
  projectParameters,
  settlePending,
  TOOL_CATALOG,
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
import { callFailure } from "../../core/call-outcome";
import { messageOf } from "../../core/describe";
import { chatContent, responsesOutput } from "./content";
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
   * default. Pass the same value to {@link callOpenAITool}. @default "catalog"
   */
  readonly deferLoading?: "catalog" | "native";
}

/** Options of the Chat Completions conversions, which have no native deferred loading. */
export type ChatCompletionsToolOptions = OpenAIToolOptions & { readonly deferLoading?: "catalog" };

/** One tool of a Responses API `tools` list: a function, or the hosted tool search. */
export type ResponsesTool = FunctionTool | ToolSearchTool;

/** Options whose Responses list holds functions only (the catalog, as in Chat Completions). */
type CatalogOptions = ChatCompletionsToolOptions;
/** Options that send native deferred loading, whose list holds the tool search tool. */
type NativeOptions = OpenAIToolOptions & { readonly deferLoading: "native" };

// The two tools `deferLoading` adds: native deferred loading makes them redundant.
function isCatalogTool(entry: ToolSetEntry): boolean {
  return entry.capability === TOOL_CATALOG;
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

// One tool's function: its description and parameters, whether it is sent strict and
// deferred, and its ledger.
interface LoweredFunction {
  readonly description: string;
  readonly parameters: Record<string, unknown>;
  readonly strict: boolean;
  readonly deferred: boolean;
  readonly ledger: readonly LoweringChange[];
}

function lowerFunction(entry: ToolSetEntry, options: OpenAIToolOptions): LoweredFunction {
  const native = options.deferLoading === "native";
  if (entry.deferred && !native) return listedFunction(entry, options.strict ?? false);
  const description =
    options.examples === "description"
      ? describeWithExamples(entry.description, entry.examples)
      : entry.description;
  const deferred = entry.deferred === true;
  return { description, deferred, ...lowerParameters(entry, options.strict ?? false) };
}

// A deferred entry under "catalog": its summary and an open schema, never strict (strict
// would close the open schema to `{}`); describe_tools gives the model the rest.
function listedFunction(entry: ToolSetEntry, strict: boolean | "auto"): LoweredFunction {
  const listing = deferredListing(entry.description);
  const ledger =
    strict === false
      ? []
      : [
          nonStrictChange(
            entry.name,
            "openai",
            "listed by its summary only (deferLoading: catalog)",
          ),
        ];
  return {
    description: listing.description,
    parameters: structuredClone(listing.parameters) as Record<string, unknown>,
    strict: false,
    deferred: false,
    ledger,
  };
}

function lowerParameters(
  entry: ToolSetEntry,
  strict: boolean | "auto",
): Pick<LoweredFunction, "parameters" | "strict" | "ledger"> {
  const converted = strict === false ? undefined : strictOrReason(entry, strict === "auto");
  if (converted === undefined || typeof converted === "string") {
    // draft-07: numeric exclusive bounds for both Zod majors.
    const parameters = structuredClone(projectParameters(entry.name, entry.parameters, "draft-07"));
    const ledger =
      typeof converted === "string" ? [nonStrictChange(entry.name, "openai", converted)] : [];
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
  options: ChatCompletionsToolOptions = {},
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
  options: ChatCompletionsToolOptions = {},
): Lowered<ChatCompletionFunctionTool> {
  if ((options.deferLoading ?? "catalog") !== "catalog") {
    throw new TypeError(
      `toChatCompletionsTools: deferLoading ${JSON.stringify(options.deferLoading)} is not available: Chat Completions has no deferred loading of its own, so deferred tools are listed by the catalog ("catalog"); use the Responses API for "native"`,
    );
  }
  const ledger: LoweringChange[] = [];
  const tools = set.entries().map((entry): ChatCompletionFunctionTool => {
    const lowered = lowerFunction(entry, options);
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
  return { tools, ledger };
}

/**
 * Responses API `tools`: one flat `{ type: "function", name, parameters, strict }` per entry;
 * with `deferLoading: "native"`, deferred tools flagged `defer_loading: true` and the hosted
 * `{ type: "tool_search" }` tool in place of the catalog tools.
 *
 * @example
 * ```ts
 * await openai.responses.create({ model, input, tools: toResponsesTools(set, { strict: true }) });
 * ```
 */
export function toResponsesTools(
  set: ToolSet,
  options?: ChatCompletionsToolOptions,
): FunctionTool[];
export function toResponsesTools(set: ToolSet, options: NativeOptions): ResponsesTool[];
export function toResponsesTools(set: ToolSet, options?: OpenAIToolOptions): ResponsesTool[];
export function toResponsesTools(set: ToolSet, options: OpenAIToolOptions = {}): ResponsesTool[] {
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
export function lowerResponsesTools(set: ToolSet, options?: CatalogOptions): Lowered<FunctionTool>;
export function lowerResponsesTools(set: ToolSet, options: NativeOptions): Lowered<ResponsesTool>;
export function lowerResponsesTools(
  set: ToolSet,
  options?: OpenAIToolOptions,
): Lowered<ResponsesTool>;
export function lowerResponsesTools(
  set: ToolSet,
  options: OpenAIToolOptions = {},
): Lowered<ResponsesTool> {
  const native = options.deferLoading === "native";
  const ledger: LoweringChange[] = [];
  const tools: ResponsesTool[] = [];
  for (const entry of set.entries()) {
    // The hosted tool search finds and loads deferred tools: the catalog tools would repeat it.
    if (native && isCatalogTool(entry)) continue;
    const lowered = lowerFunction(entry, options);
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
  return { tools, ledger };
}

/** Options of {@link callOpenAITool}. */
export interface OpenAICallOptions extends OpenAIToolOptions {
  /** The call's context (`signal`, `host`). */
  readonly ctx?: ToolExecutionContext;
  /**
   * Asks a person about a call that needs approval; the call then runs, or comes back as a
   * readable denial for the model (a handler that throws denies). Without it, such a call
   * comes back pending (`kind: "approval-required"`, its `approval` request for
   * `set.resume`), for the host to ask in its own way, now or after a restart.
   */
  readonly approve?: ApprovalHandler;
}

/**
 * Runs the call a model asked for: `args` is the JSON string OpenAI sends (or an
 * already-parsed value). With `strict` (`true`, or `"auto"` for a tool sent strict),
 * a `null` the model sent for an optional property is removed first, so the tool's schema
 * sees it absent. A call that needs approval is settled by `approve` when given, and
 * otherwise handed back pending. Never rejects.
 *
 * @example
 * ```ts
 * const outcome = await callOpenAITool(set, call.function.name, call.function.arguments, {
 *   approve: async (request) => ({ approved: await confirm(`${request.tool}?`) }),
 * });
 * messages.push({ role: "tool", tool_call_id: call.id, content: outcome.ok ? JSON.stringify(outcome.value) : outcome.error });
 * ```
 */
export async function callOpenAITool(
  set: ToolSet,
  name: string,
  args: unknown,
  options: OpenAICallOptions = {},
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
  // A deferred tool listed by the catalog was sent non-strict: its nulls are the model's own.
  const listed = entry?.deferred === true && options.deferLoading !== "native";
  if (strict !== false && entry !== undefined && !listed) {
    try {
      parsed = openAIStrictParameters(name, entry.parameters).restore(parsed);
    } catch (error) {
      // Under "auto" a tool that cannot be strict was sent non-strict: nothing to restore.
      if (strict === true || !(error instanceof StrictSchemaError)) {
        return callFailure("invalid-arguments", messageOf(error), error);
      }
    }
  }
  const outcome = await set.call(name, parsed, options.ctx);
  return settlePending(set, outcome, options.approve, options.ctx);
}

/** Where a result came from, so that the result builders can make its content. */
export interface OpenAIResultSource {
  /** The set that ran the call. */
  readonly set: ToolSet;
  /** The tool it called. */
  readonly name: string;
}

/**
 * The Chat Completions `tool` message for any outcome of the tool call `toolCallId`: a
 * failure or a call pending approval as its readable `error`; a value, with `source`, as
 * the content parts `source.set.content` makes of it (its tool's `toModelOutput`, cut to
 * the set's `outputBudget`): a string for one text part, text parts otherwise, since a tool
 * message carries text only (an image, audio or binary resource becomes a text part saying
 * what it was). Without `source`, the value as JSON text (a string value as it is).
 *
 * @example
 * ```ts
 * const outcome = await callOpenAITool(set, call.function.name, call.function.arguments);
 * messages.push(toChatCompletionsToolMessage(call.id, outcome, { set, name: call.function.name }));
 * ```
 */
export function toChatCompletionsToolMessage(
  toolCallId: string,
  outcome: CallOutcome,
  source?: OpenAIResultSource,
): ChatCompletionToolMessageParam {
  if (!outcome.ok) return { role: "tool", tool_call_id: toolCallId, content: outcome.error };
  if (source === undefined) {
    return { role: "tool", tool_call_id: toolCallId, content: jsonText(outcome.value) };
  }
  const content = chatContent(source.set.content(source.name, outcome.value));
  return { role: "tool", tool_call_id: toolCallId, content };
}

/**
 * The Responses API `function_call_output` item for any outcome of the call `callId`: a
 * failure or a call pending approval as its readable `error`; a value, with `source`, as
 * the content parts `source.set.content` makes of it: a string for one text part, else
 * `input_text`, `input_image` (a data URL) and `input_file` items (audio and resource links
 * become text saying what they are). Without `source`, the value as JSON text.
 *
 * @example
 * ```ts
 * const outcome = await callOpenAITool(set, item.name, item.arguments);
 * input.push(toResponsesFunctionCallOutput(item.call_id, outcome, { set, name: item.name }));
 * ```
 */
export function toResponsesFunctionCallOutput(
  callId: string,
  outcome: CallOutcome,
  source?: OpenAIResultSource,
): ResponseInputItem.FunctionCallOutput {
  const output = !outcome.ok
    ? outcome.error
    : source === undefined
      ? jsonText(outcome.value)
      : responsesOutput(source.set.content(source.name, outcome.value));
  return { type: "function_call_output", call_id: callId, output };
}

// Without the set there is no toModelOutput to ask: the value as JSON, which never throws.
function jsonText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value ?? null) ?? "null";
  } catch (error) {
    return `(a result that cannot be written as JSON: ${messageOf(error)})`;
  }
}
