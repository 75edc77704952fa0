/**
 * `toolwright/mcp`: capabilities as a Model Context Protocol server, on the official
 * `@modelcontextprotocol/sdk` (an optional peer dependency, loaded only by this entry).
 *
 * - `tools/list` from the 2020-12 projection, with `outputSchema` for object results
 *   and annotations from each tool's hints;
 * - `tools/call` through `toolSet`: structured results as `structuredContent` plus
 *   their JSON as text, every failure an `isError: true` result with its message;
 * - manuals as resources (`toolwright://manual/<capability>`) and, by default, as the
 *   `ManualToolbox` reading tools;
 * - MCP cancellation wired to `ctx.signal`, `ctx.emit` to progress notifications.
 *
 * @example
 * ```ts
 * import { serveStdio } from "toolwright/mcp";
 * await serveStdio({ name: "notes", version: "1.0.0", capabilities: [notes] });
 * ```
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type Resource,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import {
  type CallOutcome,
  type Capability,
  type ToolCallRecord,
  type ToolEvent,
  type ToolSetSchema,
  toolSet,
} from "toolwright";

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

const MANUAL_URI = "toolwright://manual/";

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
  return serve(prepare(options));
}

interface Prepared {
  readonly options: McpServerOptions;
  readonly set: ReturnType<typeof toolSet>;
  readonly tools: readonly Tool[];
  readonly structured: ReadonlySet<string>;
  readonly manuals: readonly Capability[];
}

// Everything that does not change per connection, built once.
function prepare(options: McpServerOptions): Prepared {
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

function serve({ options, set, tools, structured, manuals }: Prepared): Server {
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {}, ...(manuals.length > 0 && { resources: {} }) },
      ...(options.instructions !== undefined && { instructions: options.instructions }),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const token = request.params._meta?.progressToken;
    let progress = 0;
    const sent: Promise<void>[] = [];
    const emit = (event: ToolEvent): void => {
      progress =
        typeof event.progress === "number" && event.progress > progress
          ? event.progress
          : progress + 1;
      const message = typeof event.message === "string" ? event.message : event.type;
      const total = typeof event.total === "number" ? { total: event.total } : {};
      const notification = extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken: token as string | number, progress, message, ...total },
      });
      sent.push(notification.catch(() => {}));
    };
    const call = {
      name,
      requestId: extra.requestId,
      ...(extra.sessionId !== undefined && { sessionId: extra.sessionId }),
    };
    let host: Readonly<Record<string, unknown>> | undefined;
    try {
      host = options.host?.(call);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failed(`the server could not prepare the call to '${name}': ${reason}`);
    }
    const outcome = await set.call(name, args, {
      signal: extra.signal,
      ...(token !== undefined && { emit }),
      ...(host !== undefined && { host }),
    });
    if (sent.length > 0) {
      // Progress must reach the client before the result does.
      await Promise.all(sent);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return toCallToolResult(name, outcome, structured.has(name));
  });

  if (manuals.length > 0) {
    server.setRequestHandler(ListResourcesRequestSchema, () => ({
      resources: manuals.map(
        (capability): Resource => ({
          uri: `${MANUAL_URI}${encodeURIComponent(capability.name)}`,
          name: capability.manual?.name ?? capability.name,
          description: capability.manual?.description ?? capability.description,
          mimeType: "text/markdown",
        }),
      ),
    }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => {
      const { uri } = request.params;
      const owner = manuals.find(
        (capability) => `${MANUAL_URI}${encodeURIComponent(capability.name)}` === uri,
      );
      if (owner?.manual === undefined) {
        const known = manuals.map(
          (capability) => `${MANUAL_URI}${encodeURIComponent(capability.name)}`,
        );
        throw new Error(`unknown resource '${uri}'; resources: ${known.join(", ")}`);
      }
      return { contents: [{ uri, mimeType: "text/markdown", text: owner.manual.toPrompt() }] };
    });
  }
  return server;
}

function toMcpTool(schema: ToolSetSchema): Tool {
  const hints = schema.annotations;
  const annotations = {
    ...(hints?.title !== undefined && { title: hints.title }),
    ...(hints?.readOnly !== undefined && { readOnlyHint: hints.readOnly }),
    ...(hints?.destructive !== undefined && { destructiveHint: hints.destructive }),
    ...(hints?.idempotent !== undefined && { idempotentHint: hints.idempotent }),
    ...(hints?.openWorld !== undefined && { openWorldHint: hints.openWorld }),
  };
  return {
    name: schema.name,
    ...(hints?.title !== undefined && { title: hints.title }),
    description: schema.description,
    inputSchema: structuredClone(schema.parameters) as Tool["inputSchema"],
    ...(schema.returns?.type === "object" && {
      outputSchema: structuredClone(schema.returns) as NonNullable<Tool["outputSchema"]>,
    }),
    ...(Object.keys(annotations).length > 0 && { annotations }),
    _meta: { "toolwright/kind": schema.kind, "toolwright/capability": schema.capability },
  };
}

function toCallToolResult(name: string, outcome: CallOutcome, structured: boolean): CallToolResult {
  if (!outcome.ok) return failed(outcome.error);
  const { value } = outcome;
  if (typeof value === "string" && !structured) return { content: [{ type: "text", text: value }] };
  let text: string;
  try {
    text = JSON.stringify(value ?? null);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failed(`tool '${name}' returned a value that cannot be serialised to JSON: ${reason}`);
  }
  const isRecord = typeof value === "object" && value !== null && !Array.isArray(value);
  if (structured && !isRecord) {
    return failed(`tool '${name}' declares an object result but returned ${text}`);
  }
  return {
    content: [{ type: "text", text }],
    ...(isRecord && { structuredContent: JSON.parse(text) as Record<string, unknown> }),
  };
}

function failed(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * Serves the capabilities over stdio (the process's stdin/stdout). Log to stderr only.
 *
 * @example
 * ```ts
 * await serveStdio({ name: "notes", version: "1.0.0", capabilities: [notes] });
 * ```
 */
export async function serveStdio(options: McpServerOptions): Promise<Server> {
  const server = createMcpServer(options);
  await server.connect(new StdioServerTransport());
  return server;
}

/**
 * A Node `http` request handler serving Streamable HTTP in stateless mode: each POST
 * gets its own server and transport, closed with the response (which aborts a call
 * still running, through `ctx.signal`). GET and DELETE answer 405.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * createServer(createMcpHttpHandler({ name: "notes", version: "1.0.0", capabilities: [notes] }))
 *   .listen(3000, "127.0.0.1");
 * ```
 */
export function createMcpHttpHandler(
  options: McpServerOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const prepared = prepare(options); // fail at start-up, not on the first request
  return async (req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { "content-type": "application/json", allow: "POST" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          error: {
            code: -32000,
            message: "Method not allowed: this server is stateless; POST JSON-RPC messages",
          },
          id: null,
        }),
      );
      return;
    }
    const server = serve(prepared);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) {
        const message = error instanceof Error ? error.message : String(error);
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message }, id: null }));
      }
    }
  };
}

/** A running HTTP server from {@link listenMcpHttp}. */
export interface McpHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:52311/mcp`. */
  readonly url: URL;
  /** Stops accepting connections and closes open ones. */
  close(): Promise<void>;
}

/**
 * Listens for Streamable HTTP (stateless) at `path` (default `/mcp`) on `hostname`
 * (default `127.0.0.1`) and `port` (default `0`: an ephemeral port; read `url`).
 *
 * @example
 * ```ts
 * const http = await listenMcpHttp({ name: "notes", version: "1.0.0", capabilities: [notes] });
 * console.error(`MCP at ${http.url}`);
 * ```
 */
export async function listenMcpHttp(
  options: McpServerOptions & {
    readonly port?: number;
    readonly hostname?: string;
    readonly path?: string;
  },
): Promise<McpHttpServer> {
  const { port = 0, hostname = "127.0.0.1", path = "/mcp" } = options;
  const handle = createMcpHttpHandler(options);
  const http = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    // A deep backlog: bursts of concurrent clients must queue, not be reset.
    http.listen({ port, host: hostname, backlog: 4096 }, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: new URL(`http://${shown}:${address.port}${path}`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.closeAllConnections();
        http.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
