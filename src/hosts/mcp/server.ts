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
import { type Capability, type ToolCallRecord, toolSet } from "toolwright";
import { messageOf } from "../../core/describe";
import { progressBridge } from "./progress";
import { serveManuals } from "./resources";
import { failed, toCallToolResult, toMcpTool } from "./results";

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
  { options, set, structured }: PreparedServer,
  request: CallToolRequest,
  extra: CallExtra,
): Promise<CallToolResult> {
  const { name, arguments: args = {} } = request.params;
  const token = request.params._meta?.progressToken;
  const progress = token === undefined ? undefined : progressBridge(token, extra);
  let host: Readonly<Record<string, unknown>> | undefined;
  try {
    host = options.host?.(callInfo(name, extra));
  } catch (error) {
    return failed(`the server could not prepare the call to '${name}': ${messageOf(error)}`);
  }
  const outcome = await set.call(name, args, {
    signal: extra.signal,
    ...(progress !== undefined && { emit: progress.emit }),
    ...(host !== undefined && { host }),
  });
  await progress?.delivered();
  return toCallToolResult(name, outcome, structured.has(name));
}

function callInfo(name: string, extra: CallExtra): McpCallInfo {
  return {
    name,
    requestId: extra.requestId,
    ...(extra.sessionId !== undefined && { sessionId: extra.sessionId }),
  };
}
