/**
 * Tool definitions: the plain `ToolDefinition` shape and the typed `defineTool`
 * factory that builds one.
 *
 * @module
 */
import { parametersSchema } from "../zod/raw-shape";
import type {
  AnySchema,
  NoReturns,
  ObjectSchemaOrRawShape,
  RawShape,
  SchemaInput,
  SchemaOutput,
} from "../zod/schema";
import type { Principal } from "./principal";

export type { NoReturns, ObjectSchemaOrRawShape };

import { type CallControls, checkControlPlacement } from "../call/controls";
import { streamingRun } from "../call/partials";
import type { CallTypes, Typed } from "./call-types";
import type { Elicit, Sample } from "./client-requests";
import { describeValue } from "./describe";
import { ClientToolError } from "./errors";
import { factoryExecute, type RawExecute } from "./factory-execute";
import { checkExamples, definitionLabel } from "./input-examples";
import type { ModelOutput } from "./model-output";

/** A value or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;

/** An event a tool reports while it runs (progress, partial output, logs). */
export interface ToolEvent {
  /** What kind of event this is, e.g. `"progress"`. */
  readonly type: string;
  /** Anything else the event carries. */
  readonly [key: string]: unknown;
}

/**
 * How much a log entry matters: the syslog severities MCP's `notifications/message` uses
 * (RFC 5424), least first.
 */
export type LogLevel =
  | "debug"
  | "info"
  | "notice"
  | "warning"
  | "error"
  | "critical"
  | "alert"
  | "emergency";

/**
 * What the host hands a tool beside its arguments. Every field is optional: a tool
 * must work when the host passes nothing.
 */
export interface ToolExecutionContext {
  /** A fire-and-forget sink for events; its return value is ignored. */
  readonly emit?: (event: ToolEvent) => void;
  /**
   * Logs for the people watching the run, not for the model: an MCP server sends it as
   * `notifications/message` when the client's level (`logging/setLevel`) lets it through;
   * a tool set hands it to its `onLog`. Fire-and-forget: it never throws, and without a
   * host that takes logs the entry is dropped.
   *
   * @example
   * ctx?.log?.("info", { step: "fetched", rows: 120 });
   */
  readonly log?: (level: LogLevel, data: unknown) => void;
  /**
   * Asks the client's user to fill in a form (MCP elicitation), resolving to the parsed
   * content or a decline or cancel. An MCP server passes it; where it cannot ask (over
   * stateless HTTP, without `sessions`, or a client without form elicitation) it rejects with a
   * `ClientRequestError` whose `reason` is `"unsupported"`. A schema a form cannot carry
   * rejects with a `TypeError` naming the field.
   */
  readonly elicit?: Elicit;
  /**
   * Asks the client's model (MCP sampling). An MCP server passes it; where it cannot ask
   * it rejects with a `ClientRequestError` whose `reason` is `"unsupported"`.
   */
  readonly sample?: Sample;
  /**
   * Lets go of the connection this call's answer would arrive on, so that a long call holds
   * none open meanwhile (MCP's SSE polling): the server sends the stream's `retry` delay and
   * closes the connection, and the client comes back for the rest, the answer included.
   * Returns `true` when the connection is let go, and `false` where nobody could come back
   * for the answer: only an MCP server in session mode, with its event store, for a client
   * of protocol 2025-11-25 or later can. Outside MCP it is absent.
   *
   * @example
   * ctx?.releaseConnection?.(); // before a long wait: the answer is fetched by the client later
   */
  readonly releaseConnection?: () => boolean;
  /** The id of the run (conversation turn) this call belongs to. */
  readonly runId?: string;
  /** A tracing id to correlate logs across services. */
  readonly traceId?: string;
  /** The id of the tool call that started this one, when tools call tools. */
  readonly parentToolCallId?: string;
  /** Opaque data the host passes through, e.g. `{ scope }` for `readScope`. */
  readonly host?: Readonly<Record<string, unknown>>;
  /**
   * Who the call comes from, as the host verified it: over MCP with `auth`, the principal
   * the request's bearer token names. Absent when the call was not authenticated.
   */
  readonly auth?: Principal;
  /** Aborted when the caller cancels this call; long-running tools should honour it. */
  readonly signal?: AbortSignal;
  /**
   * Receives each partial value a streaming tool yields, in order, already parsed by its
   * `partial` schema (see `defineTool`). Its return value is ignored, and so is a throw
   * or a rejection: a failing listener never fails the call.
   */
  readonly onPartial?: (value: unknown) => void;
}

/** Hints about what a tool does, carried to MCP annotations and provider formats. */
export interface ToolAnnotations {
  /** A human-readable title. */
  readonly title?: string;
  /** The tool only reads; calling it changes nothing. */
  readonly readOnly?: boolean;
  /** The tool may destroy or overwrite data. */
  readonly destructive?: boolean;
  /** Calling it twice with the same arguments has the effect of calling it once. */
  readonly idempotent?: boolean;
  /** The tool reaches outside the host (the web, third-party services). */
  readonly openWorld?: boolean;
}

/**
 * How an MCP client may run a tool, listed as the tool's MCP `execution` as declared
 * (other hosts have no such field). toolwright's own MCP server runs every call directly:
 * it declares no `tasks` capability, so by the MCP specification no client asks it for a
 * task, whatever `taskSupport` says (though the SDK client's `callTool` refuses a tool
 * listed `"required"`). Declare it for a server that runs tasks itself, or to say
 * `"forbidden"` outright, as the SDK's `McpServer` lists every tool it registers.
 */
export interface ToolExecution {
  /** Whether a `tools/call` of it may (`"optional"`), must or must not run as a task. */
  readonly taskSupport?: "forbidden" | "optional" | "required";
}

/**
 * A tool: what a model sees (`description`, `parameters`, `returns`) and what runs
 * (`execute`). The name is the key it is stored under in a toolbox's record.
 *
 * Deliberately not generic, so concrete Zod types never leak into a consumer's
 * declaration files. Hand-written literals and `defineTool` results share this shape.
 */
export interface ToolDefinition {
  /**
   * A name for people, shown by hosts that have a place for one: an MCP listing's
   * `title` (beside `annotations.title`, which stays as declared and is the listed
   * `title` when this is left out). Models read the name and `description`.
   */
  readonly title?: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /**
   * The schema of the arguments, or a raw shape of them (`{ city: z.string() }`, read as
   * `z.object` of it); `Toolbox.execute` parses them once before `execute`.
   */
  readonly parameters: AnySchema | RawShape;
  /** The schema of the result: metadata on a plain literal, enforced by `defineTool`. */
  readonly returns?: AnySchema;
  /**
   * The schema of each partial value a streaming tool yields before its result (see
   * `defineTool`): metadata on a plain literal, enforced by `defineTool`.
   */
  readonly partial?: AnySchema;
  /**
   * Set by `defineTool` when `execute` may yield partial values before its result (an
   * async generator, or a declared `partial`), so that hosts offer a stream for it.
   */
  readonly streams?: true;
  /**
   * Set by `defineTool` for a tool declared without `execute`: the client runs it (a
   * question for the user, a browser action). It is listed like any other; the AI SDK
   * adapter hands it to the AI SDK without `execute`, and a call of it through toolwright
   * fails with a `ClientToolError` saying so.
   */
  readonly clientSide?: true;
  /**
   * What a model reads of a result, when it should read more (or other) than the result
   * as JSON: text or content parts, which each host adapter maps to its provider's own.
   * A method, so that a literal may declare the result type it expects.
   */
  toModelOutput?(result: unknown): ModelOutput;
  /** Calling this tool ends the run. */
  readonly terminal?: boolean;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the tool does to the world, for hosts and MCP clients. */
  readonly annotations?: ToolAnnotations;
  /** How an MCP client may run it, listed as its MCP `execution` (see {@link ToolExecution}). */
  readonly execution?: ToolExecution;
  /**
   * Arguments that show a model what a good call looks like, each accepted by
   * `parameters`: sent natively where a provider takes them (Anthropic `input_examples`,
   * AI SDK `inputExamples`), folded into the description elsewhere when asked.
   */
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
  /**
   * Approval, a time limit, strict inputs and what a model reads of a failure (see
   * `CallControls`): they hold wherever the tool is called.
   */
  readonly controls?: CallControls;
  /**
   * Runs the tool on already-parsed arguments. Only `defineTool` streams: a hand-written
   * `execute` that returns an async generator is not driven, and the generator object is
   * its result.
   */
  execute(args: unknown, ctx?: ToolExecutionContext): MaybePromise<unknown>;
}

/** What `execute` must return for a given `returns` schema (its input side); `unknown` without one. */
export type ReturnsInput<R> = R extends AnySchema ? SchemaInput<R> : unknown;

/**
 * A tool that carries its call types: what `Toolbox.execute` accepts for it (the input
 * type of `parameters`) and resolves to (the output type of `returns`, `unknown`
 * without one). `defineTool` builds one; a hand-written `ToolDefinition` is a
 * `Tool<unknown, unknown>`. The types live in a type-only member, never at run time.
 */
export interface Tool<Args = unknown, Result = unknown>
  extends ToolDefinition,
    Typed<Args, Result> {}

/**
 * Any value at all, spelled so that the compiler reads the arrays of a result literal as
 * mutable arrays (see {@link ToolConfig}). It changes what a callback's literal is
 * inferred as, never what is accepted.
 */
export type ResultHint =
  | string
  | number
  | boolean
  | bigint
  | symbol
  | object
  | null
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback without `returns` may return nothing.
  | void
  | ResultHint[]
  | { readonly [key: string]: ResultHint };

/**
 * The result a tool's hooks receive: the output of `returns`, or, for a tool that declares
 * none, what its `execute` returns (then unchecked, so its own type is the one known).
 */
type ExecutedResult<R, O> = [NoReturns] extends [R] ? O : SchemaOutput<R>;

/**
 * What a streaming `execute` (an async generator) may return and yield: {@link ResultHint}
 * without `object`. An async generator's `return` is awaited, and the compiler keeps a
 * literal in it only when the type it is checked against cannot be a promise; `object`
 * could be, so its place is taken by an object type without a callable `then`.
 */
export type StreamedResultHint =
  | string
  | number
  | boolean
  | bigint
  | symbol
  | null
  // biome-ignore lint/suspicious/noConfusingVoidType: a generator without `returns` may return nothing.
  | void
  | StreamedResultHint[]
  | { readonly [key: string]: StreamedResultHint }
  | { readonly then?: never };

/**
 * What a streaming `execute` returns, as the compiler checks it: an async generator
 * yielding `Y` and returning `R`, seen through the members the driver uses. Narrower than
 * `AsyncGenerator`, whose larger type costs every tool's check (bench/typecheck.ts).
 */
export interface ToolStream<Y, R> {
  next(...args: [] | [undefined]): Promise<IteratorResult<Y, R>>;
  [Symbol.asyncIterator](): unknown;
}

/**
 * The argument of {@link defineTool}: the type of its `config` parameter, named.
 *
 * `O` is what `execute` returns. It is inferred as a `const` type parameter: TypeScript
 * decides whether a literal in a callback's result stays a literal only from the
 * callback's own type, never from a schema given beside it, so `{ kind: "x" }` would
 * widen to `{ kind: string }` against a `returns` of `z.literal("x")`. Inferred as
 * `const`, it stays `"x"`. `O` is checked against the input type of `returns` and
 * {@link ResultHint}, which tells the compiler to infer the result's arrays as mutable
 * (`["a"]`, not `readonly ["a"]`): no `as const`, no annotation, and no deep read-only
 * copy of the schema's type to check against.
 */
export type ToolConfig<
  P extends ObjectSchemaOrRawShape,
  R extends AnySchema = NoReturns,
  O extends SchemaInput<R> & ResultHint = SchemaInput<R> & ResultHint,
  Q extends AnySchema = NoReturns,
  Y extends SchemaInput<Q> & StreamedResultHint = SchemaInput<Q> & StreamedResultHint,
> = Parameters<typeof defineTool<P, O, R, Q, Y>>[0];

/**
 * Defines a tool whose arguments are typed by `parameters` and whose result is
 * compile-checked against `returns` and, by default, parsed through it at run time.
 *
 * The boundary (`Toolbox.execute`) parses the arguments; the tool never re-parses
 * them. A rejected result throws an error the boundary renames to
 * `tool '<name>' output violated its returns schema: …`, with the `ZodError` as `cause`.
 *
 * The result is a {@link Tool}: a `ToolDefinition` that also carries what a caller passes
 * and gets back, so that `toolbox()` can type `execute` by name.
 *
 * An `execute` written as an async generator function streams: each value it yields is
 * parsed by `partial` (when given) and handed to `ctx.onPartial`, and the value it
 * returns is the result. A partial that `partial` rejects fails the call with a
 * `PartialResultError` and stops the generator; so does an abort of `ctx.signal`, which
 * rejects with the signal's reason. The yielded values are checked against the input
 * type of `partial`; the returned one, against `returns`, literals kept (a bare string
 * literal, the whole result, needs `as const`). A plain function that returns an async
 * iterable streams too when the definition declares `partial`.
 *
 * @example
 * ```ts
 * const listMeetings = defineTool({
 *   description: "List meetings for a day",
 *   parameters: z.object({ day: z.string().describe("ISO date") }),
 *   returns: z.object({ meetings: z.array(z.string()) }),
 *   execute: async ({ day }) => ({ meetings: await fetchMeetings(day) }),
 * });
 *
 * const search = defineTool({
 *   description: "Search the archive",
 *   parameters: z.object({ query: z.string() }),
 *   partial: z.object({ found: z.number() }),
 *   returns: z.object({ hits: z.array(z.string()) }),
 *   async *execute({ query }) {
 *     const hits: string[] = [];
 *     for await (const hit of archive.search(query)) {
 *       hits.push(hit);
 *       yield { found: hits.length };
 *     }
 *     return { hits };
 *   },
 * });
 * ```
 */
export function defineTool<
  P extends ObjectSchemaOrRawShape,
  const O extends SchemaInput<R> & ResultHint,
  R extends AnySchema = NoReturns,
  Q extends AnySchema = NoReturns,
  // What a streaming `execute` yields, inferred (as `const`, like `O`) so that its literals
  // are checked against `partial` as written; `never` for a callback that does not yield.
  const Y extends SchemaInput<Q> & StreamedResultHint = never,
>(
  // Written for the compiler's sake (measured by bench/typecheck.ts): `config` is spelled
  // out rather than named (`ToolConfig` is derived from it) because a named type's
  // arguments are instantiated again on every inference pass; and the result is an object
  // type rather than `Tool<…>` because an object type's members are computed only when
  // read, so the input type of `parameters` and the output type of `returns` cost nothing
  // until a container is called or a declaration file written. Together that is about a
  // tenth of what a tool costs to check.
  config: {
    /** What the tool does, for the model. */
    readonly description: string;
    /**
     * The schema of the arguments, an object: `z.object({...})`, or a raw shape such as
     * `{ city: z.string() }`, which stands for `z.object` of it. `execute` receives its
     * output type.
     */
    readonly parameters: P;
    /** The schema of the result; `execute`'s value is checked against its input type. */
    readonly returns?: R;
    /**
     * The schema of each partial value a streaming `execute` yields; each is parsed by it
     * before `ctx.onPartial` receives it (its output type). Without it, partials pass as
     * they are.
     */
    readonly partial?: Q;
    /**
     * Runs the tool on arguments the boundary has already parsed: returns the result, or,
     * as an async generator function, yields partial values and then returns the result.
     * Left out, the tool is declared only, for the client to run (see `clientSide`).
     */
    readonly execute?: (
      args: NoInfer<SchemaOutput<P>>,
      ctx?: ToolExecutionContext,
    ) => MaybePromise<O> | ToolStream<Y, O & StreamedResultHint>;
    /**
     * What a model reads of a result (the output type of `returns`, or without one what
     * `execute` returns), when it should read more than the result as JSON: text or
     * content parts (images, audio, resources).
     */
    readonly toModelOutput?: (result: NoInfer<ExecutedResult<R, O>>) => ModelOutput;
    /** Calling this tool ends the run. */
    readonly terminal?: boolean;
    /** A hint for how a host UI should render the result. */
    readonly displayType?: string;
    /** What the tool does to the world, for hosts and MCP clients. */
    readonly annotations?: ToolAnnotations;
    /** How an MCP client may run it, listed as its MCP `execution` (see {@link ToolExecution}). */
    readonly execution?: ToolExecution;
    /**
     * Parse the result through `returns` (default `true`). With `false` the callback's
     * value is returned as it is, while `returns` stays for introspection.
     */
    readonly validateReturns?: boolean;
    /**
     * Approval before it runs (as the parsed arguments decide, when a function), a time
     * limit, strict inputs, and what a model reads of a failure (see `CallControls`):
     * they hold wherever the tool is called.
     */
    readonly controls?: CallControls<NoInfer<SchemaOutput<P>>>;
    /**
     * Arguments that show a model a good call; each is parsed by `parameters` here, and a
     * bad one throws, naming the tool and the example.
     */
    readonly examples?: readonly NoInfer<SchemaInput<P>>[];
  },
): ToolDefinition & { readonly "~types"?: CallTypes<SchemaInput<P>, SchemaOutput<R>> } {
  const { returns, partial, validateReturns = true } = config;
  const declared = config.execute as RawExecute | undefined;
  const run = declared === undefined ? clientRun() : streamingRun(declared, partial, "defineTool");
  const parameters = parametersSchema(config.parameters);
  checkControlPlacement(config, "defineTool");
  const controls = config.controls as CallControls | undefined;
  return {
    description: config.description,
    parameters,
    ...(returns !== undefined && { returns }),
    ...(partial !== undefined && { partial }),
    ...(declared !== undefined && run !== declared && { streams: true as const }),
    ...(declared === undefined && { clientSide: true as const }),
    ...modelOutputOf(config.toModelOutput, "defineTool"),
    ...(config.terminal !== undefined && { terminal: config.terminal }),
    ...(config.displayType !== undefined && { displayType: config.displayType }),
    ...(config.annotations !== undefined && { annotations: config.annotations }),
    ...(config.execution !== undefined && { execution: config.execution }),
    ...(controls !== undefined && { controls }),
    ...(config.examples !== undefined && {
      examples: checkExamples(
        definitionLabel("defineTool", config.description),
        parameters,
        config.examples,
      ) as readonly Readonly<Record<string, unknown>>[],
    }),
    execute: factoryExecute(
      "tool",
      "defineTool",
      run,
      parameters,
      returns,
      validateReturns,
      controls,
    ),
  };
}

// A declared-only tool's run: the client executes it, so a call that reaches toolwright
// fails by name (after its arguments were parsed) instead of returning nothing.
function clientRun(): RawExecute {
  return () => {
    throw new ClientToolError();
  };
}

/**
 * `{ toModelOutput }` when `hook` is given, checked to be a function (a `TypeError` naming
 * `factory` otherwise); nothing when it is not.
 */
export function modelOutputOf(
  hook: unknown,
  factory: string,
): { toModelOutput?(result: unknown): ModelOutput } {
  if (hook === undefined) return {};
  if (typeof hook !== "function") {
    throw new TypeError(
      `${factory}: toModelOutput must be a function, received ${describeValue(hook)}`,
    );
  }
  return { toModelOutput: hook as (result: unknown) => ModelOutput };
}
