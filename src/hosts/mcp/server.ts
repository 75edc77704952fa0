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
import { type CallFailure, type Capability, type ToolCallRecord, toolSet } from "toolwright";
import { callFailure } from "../../core/call-outcome";
import { messageOf } from "../../core/describe";
import { clientText, type McpClientError } from "./client-error";
import { progressBridge } from "./progress";
import { serveManuals } from "./resources";
import { failed, toCallToolResult, toMcpTool } from "./results";
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
   * default, the failure's message, naming the tool; never a stack. Use it to keep
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
  /** Names of the tools listed with an `outputSchema`, whose results must be objects. */
  readonly structured: ReadonlySet<string>;
  /** The capabilities with a manual, served as resources. */
  readonly manuals: readonly Capability[];
  /** Aborts every call's `ctx.signal` too when the server shuts down (HTTP and stdio set it). */
  readonly shutdown?: Shutdown;
}

/**
 * Flattens the capabilities and projects their schemas, once. Throws on a name
 * collision or a schema that cannot be projected.
 */
export function prepareServer(options: McpServerOptions): PreparedServer {
  const set = toolSet(options.capabilities, {
    manuals: options.manuals ?? true,
    ...(options.recorder !== undefined && { recorder: options.recorder }),
  });
  const tools = set.schemas("draft-2020-12").map(toMcpTool);
  const structured = new Set(
    tools.filter((tool) => tool.outputSchema !== undefined).map((tool) => tool.name),
  );
  const manuals = options.capabilities.filter((capability) => capability.manual !== undefined);
  return { options, set, tools, structured, manuals };
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
    callTool(prepared, request, extra),
  );
  if (manuals.length > 0) serveManuals(server, manuals);
  return server;
}

type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

// One `tools/call`: build ctx.host, run the call through the set with the request's
// signal and, when the client asked for progress, an emit; answer with the result.
async function callTool(
  { options, set, structured, shutdown }: PreparedServer,
  request: CallToolRequest,
  extra: CallExtra,
): Promise<CallToolResult> {
  const { name, arguments: args = {} } = request.params;
  const token = request.params._meta?.progressToken;
  const progress = token === undefined ? undefined : progressBridge(token, extra);
  const info = callInfo(name, extra);
  const describe = (failure: CallFailure) => clientText(options.clientError, info, failure);
  let host: Readonly<Record<string, unknown>> | undefined;
  try {
    host = options.host?.(info);
  } catch (error) {
    const message = `the server could not prepare the call: ${messageOf(error)}`;
    return failed(describe(callFailure("thrown", message, error)));
  }
  const call = shutdown?.callSignal(extra.signal);
  const outcome = await set.call(name, args, {
    signal: call?.signal ?? extra.signal,
    ...(progress !== undefined && { emit: progress.emit }),
    ...(host !== undefined && { host }),
  });
  call?.release(); // set.call never rejects
  await progress?.delivered();
  return toCallToolResult(name, outcome, structured.has(name), describe);
}

function callInfo(name: string, extra: CallExtra): McpCallInfo {
  return {
    name,
    requestId: extra.requestId,
    ...(extra.sessionId !== undefined && { sessionId: extra.sessionId }),
  };
}
