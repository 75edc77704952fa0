/**
 * The MCP server itself: its options, the data built once per set of options, and the
 * `tools/list` and `tools/call` handlers.
 *
 * @module
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import {
  type CallFailure,
  type CallOutcome,
  type CallPending,
  type Capability,
  type FormatError,
  isPending,
  type ToolCallRecord,
  type ToolExecutionContext,
  type ToolSetOptions,
  toolSet,
} from "toolwright";
import { callFailure } from "../../core/call-outcome";
import { messageOf } from "../../core/describe";
import { askApproval, checkApproval, type McpApproval, type WaitingCall } from "./approval";
import { clientText, type McpClientError } from "./client-error";
import { checkExamplesOption, listTools, type McpExamples } from "./listing";
import { progressBridge } from "./progress";
import { serveManuals } from "./resources";
import { failed, toCallToolResult } from "./results";
import type { Shutdown } from "./shutdown";

/** What the `host` option learns about each `tools/call`. */
export interface McpCallInfo {
  /** The tool asked for. */
  readonly name: string;
  /** The JSON-RPC id of the request (unique per client connection). */
  readonly requestId: string | number;
  /** The transport session, when there is one. */
  readonly sessionId?: string;
}

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** The server's name, as clients see it. */
  readonly name: string;
  /** The server's version. */
  readonly version: string;
  /** The capabilities to serve, flattened by `toolSet` (collisions throw here). */
  readonly capabilities: readonly Capability[];
  /** Also serve each manual's reading tools (`ManualToolbox`). @default true */
  readonly manuals?: boolean;
  /** Text a client may add to the model's system prompt. */
  readonly instructions?: string;
  /** Receives every settled call (see `toolSet`'s recorder). */
  readonly recorder?: (record: ToolCallRecord) => void;
  /**
   * Builds `ctx.host` for one call, e.g. `{ scope: sessionScope.bind(...) }`. Called once
   * per `tools/call`, so each call gets its own.
   */
  readonly host?: (call: McpCallInfo) => Readonly<Record<string, unknown>>;
  /**
   * Decides what a client reads when a call fails: the text of its `isError` result. By
   * default, the failure's message (as `formatError` shaped it), naming the tool; never
   * a stack. It decides last: it receives the model's text as `message` and may replace it. Use it to keep
   * internals (paths, hostnames, SQL) from clients, and to log the `cause`. A hook that
   * throws or returns no string gives `tool '<name>' failed`.
   *
   * @example
   * ```ts
   * clientError: (failure) => {
   *   if (failure.kind !== "thrown") return failure.message;
   *   console.error(failure.cause);
   *   return `tool '${failure.name}' failed; the error is logged as ${failure.requestId}`;
   * },
   * ```
   */
  readonly clientError?: McpClientError;
  /**
   * Which calls need approval beside those whose definition says so: all (`true`), those
   * annotated `destructive: true` (`"destructive"`), or as a function of the entry and
   * the parsed arguments decides (see `toolSet`). How the server gets the decision is
   * the `approval` option.
   */
  readonly needsApproval?: ToolSetOptions["needsApproval"];
  /**
   * How a call that needs approval is settled:
   *
   * - `"elicit"` (default): the server asks the client's user with a form (elicitation)
   *   showing the tool and its arguments, and runs the call only on `approve: true`; a
   *   refusal, a dismissed form or a failed request answers the model that the user
   *   denied it. A client without form elicitation, and the stateless HTTP transport
   *   (which cannot carry a request from the server to the client), get what `"refuse"`
   *   answers. The request waits as long as the SDK lets it (60 s) or until the call is
   *   cancelled.
   * - `"refuse"`: an `isError` result saying that the tool needs approval and has not run.
   * - an `McpApprovalHandler`: its decision settles the call; one that throws denies.
   *
   * @default "elicit"
   */
  readonly approval?: McpApproval;
  /**
   * The key approval requests are signed with (at least 32 bytes): see `toolSet`. Only
   * matters to a handler that keeps requests beyond the call; without one, a random key.
   */
  readonly approvalSecret?: string | Uint8Array;
  /**
   * Each call's time limit in milliseconds, unless its definition sets its own: past it,
   * `ctx.signal` aborts and the client reads `tool '<name>' timed out after <n> ms`; a
   * result that comes later is discarded.
   */
  readonly timeoutMs?: number;
  /**
   * Refuse an argument key a tool does not declare, by name, in every tool whose
   * definition does not say otherwise; `tools/list` shows such a tool's `inputSchema`
   * with `additionalProperties: false`.
   */
  readonly strictInputs?: boolean;
  /**
   * Shapes the text of a failure, after each definition's own `formatError` (see
   * `toolSet`). What it returns is what the model reads, unless `clientError` replaces it.
   */
  readonly formatError?: FormatError;
  /**
   * At most this many characters of each result's content (text, base64 data) reach the
   * client, cut with a visible marker (see `toolSet`). `structuredContent` is not cut: it
   * is the value, for programs.
   */
  readonly outputBudget?: number;
  /**
   * MCP has no field for input examples: `"description"` folds each tool's examples into
   * its description (see `describeWithExamples`). Left out, they are not sent.
   */
  readonly examples?: McpExamples;
  /**
   * Lists tools by name and one line, to keep `tools/list` small for a large set (see
   * `toolSet`): MCP has no deferred loading of its own, so a deferred tool is listed with
   * an arguments schema that takes any object and no `outputSchema`, and the server adds
   * `search_tools` and `describe_tools`, through which the model reads full definitions.
   * Every call is still parsed by the tool's own schema. `{ keep }` names tools listed in
   * full.
   */
  readonly deferLoading?: ToolSetOptions["deferLoading"];
}

/**
 * Builds an MCP `Server` (low level, so the JSON Schema it lists is exactly the
 * projection) serving the capabilities' tools, plays and manuals. Connect it to any
 * transport; {@link serveStdio} and {@link createMcpHttpHandler} do that for you.
 * Throws when two entries share a name or a schema cannot be projected, naming it.
 *
 * @example
 * ```ts
 * const server = createMcpServer({ name: "notes", version: "1.0.0", capabilities: [notes] });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(options: McpServerOptions): Server {
  return buildServer(prepareServer(options));
}

/**
 * Everything a server needs that does not change per connection: the stateless HTTP
 * handler builds a server per request from one of these.
 */
export interface PreparedServer {
  /** The options it was prepared from. */
  readonly options: McpServerOptions;
  /** The flat namespace every `tools/call` goes through. */
  readonly set: ReturnType<typeof toolSet>;
  /** The `tools/list` answer. */
  readonly tools: readonly Tool[];
  /**
   * Names of the tools listed with an `outputSchema`, whose results must be objects; a
   * deferred tool is listed without one, and is not held to it.
   */
  readonly structured: ReadonlySet<string>;
  /** The capabilities with a manual, served as resources. */
  readonly manuals: readonly Capability[];
  /** Aborts every call's `ctx.signal` too when the server shuts down (HTTP and stdio set it). */
  readonly shutdown?: Shutdown;
  /**
   * Whether the transport can carry a request from the server to the client, as
   * elicitation needs; the stateless HTTP handler cannot. @default true
   */
  readonly clientRequests?: boolean;
}

/**
 * Flattens the capabilities and projects their schemas, once. Throws on a name
 * collision or a schema that cannot be projected.
 */
export function prepareServer(options: McpServerOptions): PreparedServer {
  checkApproval(options.approval);
  checkExamplesOption(options.examples);
  const set = toolSet(options.capabilities, setOptionsOf(options));
  const tools = listTools(set, options.examples);
  const structured = new Set(
    tools.filter((tool) => tool.outputSchema !== undefined).map((tool) => tool.name),
  );
  const manuals = options.capabilities.filter((capability) => capability.manual !== undefined);
  return { options, set, tools, structured, manuals };
}

function setOptionsOf(options: McpServerOptions): ToolSetOptions {
  const { recorder, needsApproval, approvalSecret, timeoutMs, strictInputs, formatError } = options;
  const { outputBudget, deferLoading } = options;
  return {
    manuals: options.manuals ?? true,
    ...(recorder !== undefined && { recorder }),
    ...(needsApproval !== undefined && { needsApproval }),
    ...(approvalSecret !== undefined && { approvalSecret }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(strictInputs !== undefined && { strictInputs }),
    ...(formatError !== undefined && { formatError }),
    ...(outputBudget !== undefined && { outputBudget }),
    ...(deferLoading !== undefined && { deferLoading }),
  };
}

/** A new `Server` answering from `prepared`, not yet connected to a transport. */
export function buildServer(prepared: PreparedServer): Server {
  const { options, tools, manuals } = prepared;
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {}, ...(manuals.length > 0 && { resources: {} }) },
      ...(options.instructions !== undefined && { instructions: options.instructions }),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(prepared, server, request, extra),
  );
  if (manuals.length > 0) serveManuals(server, manuals);
  return server;
}

type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

// One `tools/call`: build ctx.host, run the call through the set with the request's
// signal and, when the client asked for progress, an emit and an onPartial; settle it when it needs
// approval; answer with the result.
async function callTool(
  prepared: PreparedServer,
  server: Server,
  request: CallToolRequest,
  extra: CallExtra,
): Promise<CallToolResult> {
  const { options, set, structured, shutdown } = prepared;
  const { name, arguments: args = {} } = request.params;
  const token = request.params._meta?.progressToken;
  const progress = token === undefined ? undefined : progressBridge(token, extra);
  const info = callInfo(name, extra);
  const describe = (failure: CallFailure | CallPending) =>
    clientText(options.clientError, info, failure);
  let host: Readonly<Record<string, unknown>> | undefined;
  try {
    host = options.host?.(info);
  } catch (error) {
    const message = `tool '${name}' failed: the server could not prepare the call: ${messageOf(error)}`;
    return failed(describe(callFailure("thrown", message, error)));
  }
  const call = shutdown?.callSignal(extra.signal);
  const signal = call?.signal ?? extra.signal;
  const ctx: ToolExecutionContext = {
    signal,
    // Partial results travel as progress, so without a progress token they are not asked
    // for (the final result still arrives).
    ...(progress !== undefined && { emit: progress.emit, onPartial: progress.partial }),
    ...(host !== undefined && { host }),
  };
  let outcome = await set.call(name, args, ctx);
  if (isPending(outcome)) {
    const waiting = { server, info, signal, clientRequests: prepared.clientRequests ?? true };
    outcome = await settle(prepared, outcome, waiting, args, ctx);
  }
  call?.release(); // set.call, set.resume and settle never reject
  await progress?.delivered();
  const contentOf = (value: unknown) => set.content(name, value);
  return toCallToolResult(name, outcome, structured.has(name), describe, contentOf);
}

// The pending call, settled as the `approval` option says: resumed with a decision, failed
// as needing approval (the model's text, then why nobody was asked), or, when the call's
// signal aborted while asking, cancelled as the set reports it (an aborted call never runs).
async function settle(
  { options, set }: PreparedServer,
  outcome: CallPending,
  waiting: Omit<WaitingCall, "request">,
  args: unknown,
  ctx: ToolExecutionContext,
): Promise<CallOutcome> {
  const request = outcome.approval;
  const answer = await askApproval(options.approval ?? "elicit", { ...waiting, request });
  if ("decision" in answer) return set.resume(request, answer.decision, ctx);
  if ("unasked" in answer) {
    return { ...outcome, error: `${outcome.error}; ${answer.unasked}` };
  }
  return set.call(request.tool, args, ctx);
}

function callInfo(name: string, extra: CallExtra): McpCallInfo {
  return {
    name,
    requestId: extra.requestId,
    ...(extra.sessionId !== undefined && { sessionId: extra.sessionId }),
  };
}
