/**
 * `toolwright/ai-sdk`: a tool set as a Vercel AI SDK `ToolSet` for `generateText` /
 * `streamText`, through the adapter every host has (`list`, `decode`, `encode`, `run`).
 * Each listed tool's `execute` goes through `toolSet().call`, so arguments are parsed once
 * by the tool's own schema; a failure (a timeout, a `formatError` text, any other) is
 * thrown as an `Error` carrying the readable message, which the AI SDK reports to the
 * model as a tool error.
 *
 * Approval is the AI SDK's own: a tool that may need it gets a `needsApproval` that asks
 * the set ({@link ToolSet.approvalFor}), so `generateText` stops with a
 * `tool-approval-request`, and runs the call once the next `generateText` brings a
 * `tool-approval-response` approving it. A denial is the AI SDK's too: it tells the model.
 *
 * What the model reads of a result is {@link ToolSet.content}'s, through the AI SDK's
 * `toModelOutput`; a streaming tool's partial values are the AI SDK's preliminary tool
 * results; examples are its `inputExamples`; a set built with `deferLoading` lists its
 * deferred entries compactly beside `search_tools` and `describe_tools` (ai 6 has no
 * deferred loading of its own; ai 7's `toolSearch` is not used yet).
 *
 * @example
 * ```ts
 * import { generateText } from "ai";
 * import { aiSdk } from "toolwright/ai-sdk";
 * const { tools } = aiSdk.list(set);
 * const { text } = await generateText({ model, tools, prompt, stopWhen: stepCountIs(5) });
 * ```
 *
 * @module
 */
import {
  type Tool as AISdkTool,
  type ToolSet as AISdkToolSet,
  type JSONSchema7,
  jsonSchema,
  type ModelMessage,
  tool,
} from "ai";
import {
  type ArgsOf,
  type CallOutcome,
  type ContentPart,
  projectParameters,
  type ResultOf,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetEntry,
} from "toolwright";
import { ADAPTER_DIALECTS } from "toolwright/lint";
import { deferredListing } from "../../set/catalog-listing";
import { type ApprovalStrategy, settle } from "../approval";
import {
  type CallerOptions,
  type Listing,
  type RunOptions,
  runWith,
  type ToolAdapter,
} from "../contract";
import { linkText, partName, resourceText } from "../part-text";

/** Options of the AI SDK adapter. */
export interface AISdkOptions extends CallerOptions {
  /**
   * Builds `ctx.host` for one call, e.g. `{ scope }`, from what the AI SDK hands the tool:
   * its call id, the messages, `experimental_context` and (for a run) its abort signal.
   * Called for each run of a call and, for tools that may need approval, for each time the
   * AI SDK asks whether it does (an approval policy reads the same `ctx.host`).
   *
   * @example
   * ```ts
   * aiSdk.list(set, { host: ({ experimental_context }) => ({ sandbox: experimental_context }) });
   * ```
   */
  readonly host?: (call: AISdkHostCall) => Readonly<Record<string, unknown>>;
}

/** What the AI SDK hands a tool for one call, as `host` receives it (with the tool's name). */
export interface AISdkHostCall {
  readonly name: string;
  readonly toolCallId: string;
  /** The messages that led to the call (without the system prompt and the call itself). */
  readonly messages: readonly ModelMessage[];
  /** What `generateText` or `streamText` was given as `experimental_context`. */
  readonly experimental_context: unknown;
  /** The whole generation's abort signal; absent when the AI SDK asks about approval. */
  readonly abortSignal?: AbortSignal;
}

/** What the AI SDK passes a tool's `execute` and `needsApproval`, read by {@link AISdkHostCall}. */
interface AISdkCallOptions {
  readonly toolCallId: string;
  readonly messages?: readonly ModelMessage[];
  readonly experimental_context?: unknown;
  readonly abortSignal?: AbortSignal;
}

/**
 * The AI SDK tool set for a tool set that callables `T` type: one AI SDK `Tool` per name,
 * its input the tool's arguments and its output the tool's result, so that the AI SDK
 * types tool calls and results by name. `unknown` where the tool set is untyped. A
 * streaming tool's preliminary results are its partial values, which the AI SDK types as
 * its output too.
 */
export type AISdkToolsOf<T> = {
  [K in keyof T & string]: AISdkTool<ArgsOf<T[K]>, ResultOf<T[K]>>;
};

/** A tool call as the AI SDK reports it (a `tool-call` content part). */
export interface AISdkCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/** The AI SDK's tool-result output (its `ToolResultOutput`, which `ai` does not export). */
export type AISdkToolOutput = Awaited<ReturnType<NonNullable<AISdkTool["toModelOutput"]>>>;

function list<T>(set: ToolSet<T>, options: AISdkOptions = {}): Listing<AISdkToolsOf<T>> {
  const tools: AISdkToolSet = {};
  const asked = new AskedCalls();
  for (const entry of set.entries(options.ctx)) {
    tools[entry.name] = aiSdkTool(set as ToolSet, entry, options, asked);
  }
  // Built by name at run time; the type says which name holds which tool.
  return { tools: tools as AISdkToolsOf<T>, ledger: [], dialect: ADAPTER_DIALECTS.openai };
}

function encode(set: ToolSet, call: AISdkCall, outcome: CallOutcome): AISdkToolOutput {
  if (!outcome.ok) return { type: "error-text", value: outcome.error };
  return modelOutput(outcome.value, set.content(call.toolName, outcome.value));
}

/**
 * The Vercel AI SDK. `list` gives a `ToolSet` for `generateText` / `streamText`, typed by
 * name as the tool set is (see {@link AISdkToolsOf}), which the AI SDK calls itself: one
 * tool per entry with its `description`, `title` from the tool's annotations,
 * `inputSchema` from the draft-07 projection (no AI SDK-side validation: the pipeline
 * parses), `inputExamples`, and an `execute` that forwards the AI SDK's `abortSignal` as
 * `ctx.signal`. The listing's `dialect` is the one every JSON Schema path shares; lint
 * under your provider's own dialect for its limits.
 *
 * What the model reads of a result is exactly what `set.content` says: the AI SDK's
 * `toModelOutput` maps its parts (text to text, image to `image-data`, audio and a
 * resource's bytes to `file-data`, a resource link or a resource's text to text naming
 * it), cut to the set's `outputBudget`; when that is no more than the result as JSON, the
 * AI SDK's own output stays (`json`, or `text` for a string). A streaming tool's partial
 * values are its preliminary results. A deferred entry (`deferLoading`) is listed by its
 * one-line summary with an open schema; `describe_tools` has the rest.
 *
 * Approval is the AI SDK's own: an entry that may need approval gets the AI SDK's
 * `needsApproval`, answered by `set.approvalFor`, so `generateText` stops with a
 * `tool-approval-request`; when the AI SDK then runs the call it asked about, the set
 * resumes it as approved. A call the AI SDK did not ask about but the set holds pending
 * fails as a tool error and does not run.
 *
 * `decode`, `encode` and `run` are there for a host that runs the AI SDK's tool calls
 * itself (a tool without `execute` on the client): `run` answers a `tool-call` part with
 * the output a `tool-result` part carries for the model.
 *
 * @example
 * ```ts
 * const { tools } = aiSdk.list(set);
 * const first = await generateText({ model, tools, prompt });
 * const asked = first.content.filter((part) => part.type === "tool-approval-request");
 * ```
 */
export const aiSdk = {
  list,
  decode: (_set: ToolSet, call: AISdkCall) => ({ name: call.toolName, args: call.input }),
  encode,
  run: (
    set: ToolSet,
    call: AISdkCall,
    options?: AISdkOptions & RunOptions,
  ): Promise<AISdkToolOutput> => runWith(aiSdk, set, call, options),
} satisfies ToolAdapter<AISdkToolSet, AISdkCall, AISdkToolOutput, AISdkOptions>;

/** Runs one call with `onPartial` (when given) receiving its partial values. */
type Run = (
  input: unknown,
  call: AISdkCallOptions,
  onPartial?: (value: unknown) => void,
) => Promise<unknown>;

function aiSdkTool(
  set: ToolSet,
  entry: ToolSetEntry,
  options: AISdkOptions,
  asked: AskedCalls,
): AISdkToolSet[string] {
  const { name } = entry;
  // The caller's context (its `auth`), with this call's host.
  const hostOf = (call: AISdkCallOptions): ToolExecutionContext =>
    options.host === undefined
      ? { ...options.ctx }
      : { ...options.ctx, host: options.host(hostCall(name, call)) };
  const run: Run = async (input, call, onPartial) => {
    const { toolCallId, abortSignal } = call;
    const ctx: ToolExecutionContext = {
      ...hostOf(call),
      ...(abortSignal !== undefined && { signal: abortSignal }),
      ...(onPartial !== undefined && { onPartial }),
    };
    const outcome = await settle(
      set,
      await set.call(name, input, ctx),
      askedBefore(asked, toolCallId),
      ctx,
    );
    // The failure's cause (a ToolError, the thrown value) stays the error's, for the host's logs.
    if (!outcome.ok) throw new ToolCallError(outcome.error, { cause: outcome.cause });
    return outcome.value;
  };
  const title = entry.annotations?.title !== undefined && { title: entry.annotations.title };
  // The client runs it: the AI SDK leaves its calls to the host, as for its own such tools.
  if (entry.clientSide === true) return tool<unknown, never>({ ...listing(entry), ...title });
  return tool<unknown, unknown>({
    ...listing(entry),
    ...title,
    ...(entry.mayNeedApproval === true && {
      needsApproval: async (input: unknown, call: AISdkCallOptions) => {
        const request = await set.approvalFor(name, input, hostOf(call));
        if (request === undefined) return false;
        asked.add(call.toolCallId);
        return true;
      },
    }),
    execute:
      entry.streams === true
        ? (input, call) => preliminaries((onPartial) => run(input, call, onPartial))
        : (input, call) => run(input, call),
    toModelOutput: ({ output }) => modelOutput(output, set.content(name, output)),
  });
}

// Exactly the AI SDK's fields, whatever else its options object holds.
function hostCall(name: string, call: AISdkCallOptions): AISdkHostCall {
  return {
    name,
    toolCallId: call.toolCallId,
    messages: call.messages ?? [],
    experimental_context: call.experimental_context,
    ...(call.abortSignal !== undefined && { abortSignal: call.abortSignal }),
  };
}

/**
 * The AI SDK's own approval as a strategy: a call the AI SDK asked about (and so a person
 * approved, or it would not run) is resumed as approved; any other stays pending.
 */
function askedBefore(asked: AskedCalls, toolCallId: string): ApprovalStrategy {
  return async () => (asked.take(toolCallId) ? { decision: { approved: true } } : undefined);
}

/** What the model is shown of `entry`: in full, or (deferred) by its one-line listing. */
function listing(
  entry: ToolSetEntry,
): Pick<AISdkTool, "description" | "inputSchema" | "inputExamples"> {
  if (entry.deferred === true) {
    const { description, parameters } = deferredListing(entry.description);
    return { description, inputSchema: jsonSchema(structuredClone(parameters) as JSONSchema7) };
  }
  const schema = structuredClone(projectParameters(entry.name, entry.parameters, "draft-07"));
  return {
    description: entry.description,
    inputSchema: jsonSchema<unknown>(schema as JSONSchema7),
    ...(entry.examples !== undefined &&
      entry.examples.length > 0 && {
        inputExamples: entry.examples.map((input) => ({ input })),
      }),
  };
}

/** The most partials that wait for a reader of a streaming tool's generator. */
const MAX_WAITING_PARTIALS = 1_000;

/**
 * The call `start` makes as an async generator: each partial value it reports, in order,
 * as soon as it arrives, then its result. A failure is thrown after the partials before it.
 * A reader that falls behind by more than {@link MAX_WAITING_PARTIALS} loses the oldest
 * waiting partials, never the result: a tool that streams faster than it is read cannot
 * grow the process.
 */
async function* preliminaries(
  start: (onPartial: (value: unknown) => void) => Promise<unknown>,
): AsyncGenerator<unknown, void, undefined> {
  const queue: unknown[] = [];
  let settled = false;
  let wake = (): void => {};
  const result = start((value) => {
    if (queue.length === MAX_WAITING_PARTIALS) queue.shift();
    queue.push(value);
    wake();
  }).finally(() => {
    settled = true;
    wake();
  });
  // Awaited below; this keeps a failure that comes while partials are yielded handled.
  result.catch(() => {});
  for (;;) {
    while (queue.length > 0) yield queue.shift();
    if (settled) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
  yield await result;
}

/**
 * The AI SDK's output for `parts`, the content `set.content` made of `output`: the AI
 * SDK's own JSON output when the parts are just `output` as JSON, so that a plain result
 * reads as it always did; otherwise the parts themselves.
 */
function modelOutput(output: unknown, parts: readonly ContentPart[]): AISdkToolOutput {
  const [only] = parts;
  if (parts.length === 1 && only?.type === "text") {
    if (typeof output !== "string" && only.text === jsonOf(output)) {
      return { type: "json", value: (output ?? null) as never };
    }
    return { type: "text", value: only.text };
  }
  return { type: "content", value: parts.flatMap(aiSdkParts) };
}

/** `value` as JSON text, or `undefined` when it cannot be written as JSON. */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return undefined;
  }
}

type AISdkContent = Extract<AISdkToolOutput, { type: "content" }>["value"][number];

/** One content part as the AI SDK's: a part it has no place for becomes text naming it. */
function aiSdkParts(part: ContentPart): AISdkContent[] {
  switch (part.type) {
    case "text":
      return [{ type: "text", text: part.text }];
    case "image":
      return [{ type: "image-data", data: part.data, mediaType: part.mediaType }];
    case "audio":
      return [{ type: "file-data", data: part.data, mediaType: part.mediaType }];
    case "resource-link":
      return [{ type: "text", text: linkText(part) }];
    case "resource": {
      if (part.text !== undefined) return [{ type: "text", text: resourceText(part, part.text) }];
      const mediaType = part.mediaType ?? "application/octet-stream";
      return [
        { type: "text", text: `[${partName(part)}]` },
        { type: "file-data", data: part.blob ?? "", mediaType },
      ];
    }
  }
}

/**
 * A failed call as the AI SDK's tool error. Its text is the failure's message alone: ai 6
 * shows a model `error.message`, ai 7 `String(error)`, which would otherwise prefix
 * `Error: ` to a text `formatError` or a `ToolError` shaped word for word. Its `cause` is
 * the failure's, which a model never reads.
 */
class ToolCallError extends Error {
  override readonly name = "ToolCallError";

  override toString(): string {
    return this.message;
  }
}

/**
 * The AI SDK call ids whose approval the AI SDK asked for, so that `execute` resumes only
 * those. The AI SDK asks again right before it runs an approved call (in the process that
 * runs it), so the ids need not outlive a step: the oldest are forgotten past a bound, and
 * one that was forgotten fails closed.
 */
class AskedCalls {
  static readonly #bound = 1_000;
  readonly #ids = new Set<string>();

  add(id: string): void {
    this.#ids.delete(id);
    this.#ids.add(id);
    if (this.#ids.size > AskedCalls.#bound) {
      const oldest = this.#ids.values().next();
      if (oldest.done !== true) this.#ids.delete(oldest.value);
    }
  }

  take(id: string): boolean {
    return this.#ids.delete(id);
  }
}
