/**
 * The MCP server itself: its options, the data built once per set of options, and the
 * `tools/list` and `tools/call` handlers.
 *
 * @module
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type RequestId,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import {
  type Capability,
  type Principal,
  type ToolExecutionContext,
  type ToolSet,
  toolSet,
} from "toolwright";
import { callFailure } from "../../call/outcome";
import { describeValue, messageOf } from "../../core/describe";
import { runWith } from "../contract";
import { mcp } from "./adapter";
import { approvalStrategy, checkApproval, type McpApproval } from "./approval";
import { principalOf } from "./auth";
import { callNotifications } from "./call-notifications";
import { clientText, type McpClientError } from "./client-error";
import { elicitFor, sampleFor } from "./client-requests";
import { type ConfigureHook, checkConfigure, type McpServerSetup } from "./configure";
import { logBridge, serveLogging } from "./logging";
import { checkMovedOptions } from "./moved-options";
import type { Outbound } from "./outbound";
import { progressBridge } from "./progress";
import { serveManuals } from "./resources";
import { failed } from "./results";
import type { Shutdown } from "./shutdown";
import { checkExamplesOption, list, type McpExamples, type McpListingOptions } from "./tools";
import { sharedValidator } from "./validator";

/** What the `host` option learns about each `tools/call`. */
export interface McpCallInfo {
  /** The tool asked for. */
  readonly name: string;
  /** The JSON-RPC id of the request (unique per client connection). */
  readonly requestId: string | number;
  /** The transport session, when there is one. */
  readonly sessionId?: string;
  /** Who the call comes from, when the server authenticates (HTTP `auth`). */
  readonly auth?: Principal;
}

/**
 * Options of {@link createMcpServer}: what is MCP's own. Everything about how a call runs
 * (approval policy and secret, time limits, strict inputs, `formatError`, the recorder,
 * the output budget, deferred loading, manual tools) is the tool set's: build one with
 * `toolSet(capabilities, options)` and serve it, so nothing is declared twice.
 */
export interface McpServerOptions {
  /** The server's name, as clients see it. */
  readonly name: string;
  /** The server's version. */
  readonly version: string;
  /**
   * What to serve: a tool set, or capabilities, served as `toolSet(capabilities)` (name
   * collisions throw here). Each of its capabilities with a manual is also a resource.
   */
  readonly tools: ToolSet | readonly Capability[];
  /**
   * The SDK server's own: the `instructions` it sends, and `configure(server)`, which
   * receives the SDK's `McpServer` before it connects, to add resources, prompts and
   * completions with the SDK's API.
   */
  readonly server?: McpServerSetup;
  /**
   * Builds `ctx.host` for one call, e.g. `{ scope: sessionScope.bind(...) }`. Called once
   * per `tools/call`, so each call gets its own.
   */
  readonly host?: (call: McpCallInfo) => Readonly<Record<string, unknown>>;
  /**
   * Decides what a client reads when a call fails: the text of its `isError` result. By
   * default, the failure's message (as `formatError` shaped it), naming the tool; never
   * a stack. It decides last: it receives the model's text as `message` and may replace
   * it. Use it to keep internals (paths, hostnames, SQL) from clients, and to log the
   * `cause`. A hook that throws or returns no string gives `tool '<name>' failed`.
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
   * How a call that needs approval (its definition's `needsApproval`, or the set's
   * policy) is settled:
   *
   * - `"elicit"` (default): the server asks the client's user with a form (elicitation)
   *   showing the tool and its arguments, and runs the call only on `approve: true`; a
   *   refusal, a dismissed form or a failed request answers the model that the user
   *   denied it. A client without form elicitation, and stateless HTTP (which cannot
   *   carry a request from the server to the client; `sessions: true` can), get what `"refuse"`
   *   answers. The request waits as long as the SDK lets it (60 s) or until the call is
   *   cancelled.
   * - `"refuse"`: an `isError` result saying that the tool needs approval and has not run.
   * - an `McpApprovalHandler`: its decision settles the call; one that throws denies.
   *
   * @default "elicit"
   */
  readonly approval?: McpApproval;
  /**
   * MCP has no field for input examples: `"description"` folds each tool's examples into
   * its description (one JSON line per example). Left out, they are not sent.
   */
  readonly examples?: McpExamples;
}

/**
 * Builds an MCP `Server` (low level, so the JSON Schema it lists is exactly the
 * projection) serving a tool set's tools, plays and manuals. Connect it to any transport;
 * {@link serveStdio} and {@link createMcpHttpHandler} do that for you. Throws when two
 * entries share a name or a schema cannot be projected, naming it, and a
 * `McpConfigureError` when `server.configure` throws. (It is the low-level `Server` of the
 * SDK `McpServer` that `server.configure` receives.)
 *
 * @example
 * ```ts
 * const server = createMcpServer({ name: "notes", version: "1.0.0", tools: toolSet([notes]) });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(options: McpServerOptions): Server {
  return buildServer(prepareServer(options)).server;
}

/**
 * Everything a server needs that does not change per connection: the HTTP handler
 * builds a server per request (per session, in session mode) from one of these.
 */
export interface PreparedServer {
  /** The options it was prepared from. */
  readonly options: McpServerOptions;
  /** The flat namespace every `tools/call` goes through. */
  readonly set: ToolSet;
  /** The `tools/list` answer. */
  readonly tools: readonly Tool[];
  /** The capabilities with a manual, served as resources. */
  readonly manuals: readonly Capability[];
  /** Aborts every call's `ctx.signal` too when the server shuts down (HTTP and stdio set it). */
  readonly shutdown?: Shutdown;
  /**
   * Whether the transport can carry a request from the server to the client, as
   * elicitation needs; stateless HTTP cannot. @default true
   */
  readonly clientRequests?: boolean;
  /**
   * What the connection carrying a request's answer has waiting: its progress is dropped
   * while that is full (HTTP and stdio set it; in an HTTP session each POST is its own).
   */
  readonly outbound?: (requestId: RequestId) => Outbound | undefined;
  /**
   * The JSON Schema validator every server built from this shares: the SDK builds a new
   * Ajv instance for each server otherwise, which over stateless HTTP is one per request.
   */
  readonly validator: jsonSchemaValidator;
  /** The user's `server.configure`, checked and wrapped, when there is one. */
  readonly configure?: ConfigureHook;
  /** The one caller, when the transport carries no token (stdio's `principal`). */
  readonly principal?: Principal;
}

/**
 * Makes the set (from capabilities, when given those) and projects its schemas, once.
 * Throws on a name collision, a schema that cannot be projected, or an option of the
 * wrong type.
 */
export function prepareServer(options: McpServerOptions): PreparedServer {
  checkMovedOptions(options);
  checkApproval(options.approval);
  checkExamplesOption(options.examples);
  const configure = checkConfigure(options.server);
  const set = setOf(options.tools);
  const { tools } = list(set, listingOptions(options));
  const manuals = set.capabilities.filter((capability) => capability.manual !== undefined);
  const validator = sharedValidator();
  return { options, set, tools, manuals, validator, ...(configure && { configure }) };
}

function listingOptions(options: McpServerOptions): McpListingOptions {
  return { examples: options.examples, listingMeta: options.server?.listingMeta };
}

function setOf(tools: unknown): ToolSet {
  if (Array.isArray(tools)) return toolSet(tools as readonly Capability[]);
  const set = tools as Partial<ToolSet> | null | undefined;
  if (
    typeof set?.call === "function" &&
    typeof set.entries === "function" &&
    Array.isArray(set.capabilities)
  ) {
    return set as ToolSet;
  }
  throw new TypeError(
    `createMcpServer: tools must be a tool set (toolSet([...])) or an array of capabilities, received ${describeValue(tools)}`,
  );
}

/**
 * A new SDK `McpServer` answering from `prepared`, not yet connected to a transport:
 * toolwright's `tools/list` and `tools/call` on its low-level `server`, the manuals as
 * resources, then the user's `configure`. Throws a `McpConfigureError` when that throws.
 */
export function buildServer(prepared: PreparedServer): McpServer {
  const { options, tools, manuals, validator } = prepared;
  const instructions = options.server?.instructions;
  const mcpServer = new McpServer(
    { name: options.name, version: options.version },
    { jsonSchemaValidator: validator, ...(instructions !== undefined && { instructions }) },
  );
  const { server } = mcpServer;
  // Not through the constructor's capabilities: `McpServer` would install its own tools
  // handlers. Set here, `registerTool` in `configure` is refused (the tools are the set's).
  server.registerCapabilities({ tools: {}, logging: {} });
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => ({
    tools: listedFor(prepared, tools, extra),
  }));
  serveLogging(server);
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(prepared, server, request, extra),
  );
  if (manuals.length > 0) serveManuals(mcpServer, manuals);
  prepared.configure?.(mcpServer);
  return mcpServer;
}

type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

// The listing made once, when this caller sees what a caller without a context sees;
// otherwise this caller's own (its `visible` checks read `ctx.auth`).
function listedFor(prepared: PreparedServer, tools: readonly Tool[], extra: CallExtra): Tool[] {
  const auth = principalOf(extra.authInfo) ?? prepared.principal;
  if (auth === undefined) return [...tools];
  const ctx = { auth };
  const seen = prepared.set.entries(ctx);
  if (seen.length === tools.length && seen.every((entry, i) => entry.name === tools[i]?.name)) {
    return [...tools];
  }
  return list(prepared.set, { ...listingOptions(prepared.options), ctx }).tools;
}

// One `tools/call`: build ctx.host, then run it through the adapter with the request's
// signal and, when the client asked for progress, an emit and an onPartial; a call that
// needs approval is settled as the `approval` option says.
async function callTool(
  prepared: PreparedServer,
  server: Server,
  request: CallToolRequest,
  extra: CallExtra,
): Promise<CallToolResult> {
  const { options, set, shutdown } = prepared;
  const { name } = request.params;
  const token = request.params._meta?.progressToken;
  const notifications = callNotifications(extra, prepared.outbound?.(extra.requestId));
  const progress = token === undefined ? undefined : progressBridge(token, notifications);
  const info = callInfo(name, extra, prepared.principal);
  let host: Readonly<Record<string, unknown>> | undefined;
  try {
    host = options.host?.(info);
  } catch (error) {
    const message = `tool '${name}' failed: the server could not prepare the call: ${messageOf(error)}`;
    return failed(clientText(options.clientError, info, callFailure("thrown", message, error)));
  }
  const call = shutdown?.callSignal(extra.signal);
  const signal = call?.signal ?? extra.signal;
  const waiting = { server, info, signal, clientRequests: prepared.clientRequests ?? true };
  const ctx: ToolExecutionContext = {
    signal,
    log: logBridge(server, name, notifications),
    elicit: elicitFor(waiting),
    sample: sampleFor(waiting),
    releaseConnection: extra.closeSSEStream === undefined ? neverReleased : releaseFor(extra),
    // Partial results travel as progress, so without a progress token they are not asked
    // for (the final result still arrives).
    ...(progress !== undefined && { emit: progress.emit, onPartial: progress.partial }),
    ...(host !== undefined && { host }),
    ...(info.auth !== undefined && { auth: info.auth }),
  };
  const strategy = approvalStrategy(options.approval ?? "elicit", waiting);
  const adapterOptions = {
    examples: options.examples,
    clientError: options.clientError,
    info,
    ctx,
  };
  const result = await runWith(mcp, set, request.params, adapterOptions, strategy);
  call?.release(); // the run never rejects
  await notifications.delivered();
  return result;
}

// The transport offers `closeSSEStream` only where the client can come back for the rest:
// a session with an event store, and a client that was sent a priming event to resume from.
// Elsewhere (stateless HTTP, stdio) every call shares one answer, made once.
const neverReleased = (): boolean => false;

function releaseFor(extra: CallExtra): () => boolean {
  return () => {
    extra.closeSSEStream?.();
    return true;
  };
}

function callInfo(name: string, extra: CallExtra, principal?: Principal): McpCallInfo {
  const auth = principalOf(extra.authInfo) ?? principal;
  return {
    name,
    requestId: extra.requestId,
    ...(extra.sessionId !== undefined && { sessionId: extra.sessionId }),
    ...(auth !== undefined && { auth }),
  };
}
