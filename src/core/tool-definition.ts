/**
 * Tool definitions: the plain `ToolDefinition` shape and the typed `defineTool`
 * factory that builds one.
 *
 * @module
 */
import type { AnySchema, SchemaInput, SchemaOutput } from "../zod/schema";
import { factoryExecute, type RawExecute } from "./factory-execute";

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
 * What the host hands a tool beside its arguments. Every field is optional: a tool
 * must work when the host passes nothing.
 */
export interface ToolExecutionContext {
  /** A fire-and-forget sink for events; its return value is ignored. */
  readonly emit?: (event: ToolEvent) => void;
  /** The id of the run (conversation turn) this call belongs to. */
  readonly runId?: string;
  /** A tracing id to correlate logs across services. */
  readonly traceId?: string;
  /** The id of the tool call that started this one, when tools call tools. */
  readonly parentToolCallId?: string;
  /** Opaque data the host passes through, e.g. `{ scope }` for `readScope`. */
  readonly host?: Readonly<Record<string, unknown>>;
  /** Aborted when the caller cancels this call; long-running tools should honour it. */
  readonly signal?: AbortSignal;
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
 * A tool: what a model sees (`description`, `parameters`, `returns`) and what runs
 * (`execute`). The name is the key it is stored under in a toolbox's record.
 *
 * Deliberately not generic, so concrete Zod types never leak into a consumer's
 * declaration files. Hand-written literals and `defineTool` results share this shape.
 */
export interface ToolDefinition {
  /** What the tool does, for the model. */
  readonly description: string;
  /** The schema of the arguments; `Toolbox.execute` parses them once before `execute`. */
  readonly parameters: AnySchema;
  /** The schema of the result: metadata on a plain literal, enforced by `defineTool`. */
  readonly returns?: AnySchema;
  /** Calling this tool ends the run. */
  readonly terminal?: boolean;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the tool does to the world, for hosts and MCP clients. */
  readonly annotations?: ToolAnnotations;
  /** Runs the tool on already-parsed arguments. */
  execute(args: unknown, ctx?: ToolExecutionContext): MaybePromise<unknown>;
}

/** What `execute` must return for a given `returns` schema (its input side). */
export type ReturnsInput<R> = R extends AnySchema ? SchemaInput<R> : unknown;

/** The argument of {@link defineTool}. */
export interface ToolConfig<P extends AnySchema, R extends AnySchema | undefined> {
  /** What the tool does, for the model. */
  readonly description: string;
  /** The schema of the arguments; `execute` receives its output type. */
  readonly parameters: P;
  /** The schema of the result; `execute`'s value is checked against its input type. */
  readonly returns?: R;
  /** Runs the tool on arguments the boundary has already parsed. */
  readonly execute: (
    args: NoInfer<SchemaOutput<P>>,
    ctx?: ToolExecutionContext,
  ) => MaybePromise<NoInfer<ReturnsInput<R>>>;
  /** Calling this tool ends the run. */
  readonly terminal?: boolean;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
  /** What the tool does to the world, for hosts and MCP clients. */
  readonly annotations?: ToolAnnotations;
  /**
   * Parse the result through `returns` (default `true`). With `false` the callback's
   * value is returned as it is, while `returns` stays for introspection.
   */
  readonly validateReturns?: boolean;
}

/**
 * Defines a tool whose arguments are typed by `parameters` and whose result is
 * compile-checked against `returns` and, by default, parsed through it at run time.
 *
 * The boundary (`Toolbox.execute`) parses the arguments; the tool never re-parses
 * them. A rejected result throws an error the boundary renames to
 * `tool '<name>' output violated its returns schema: …`, with the `ZodError` as `cause`.
 *
 * @example
 * ```ts
 * const listMeetings = defineTool({
 *   description: "List meetings for a day",
 *   parameters: z.object({ day: z.string().describe("ISO date") }),
 *   returns: z.object({ meetings: z.array(z.string()) }),
 *   execute: async ({ day }) => ({ meetings: await fetchMeetings(day) }),
 * });
 * ```
 */
export function defineTool<P extends AnySchema, R extends AnySchema | undefined = undefined>(
  config: ToolConfig<P, R>,
): ToolDefinition {
  const { returns, validateReturns = true } = config;
  const run = config.execute as RawExecute;
  return {
    description: config.description,
    parameters: config.parameters,
    ...(returns !== undefined && { returns }),
    ...(config.terminal !== undefined && { terminal: config.terminal }),
    ...(config.displayType !== undefined && { displayType: config.displayType }),
    ...(config.annotations !== undefined && { annotations: config.annotations }),
    execute: factoryExecute(run, config.parameters, validateReturns ? returns : undefined),
  };
}
