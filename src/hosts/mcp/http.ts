/**
 * The Streamable HTTP transport, stateless: a Node `http` request handler, and a
 * listening server built on it.
 *
 * @module
 */
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { messageOf } from "../../core/describe";
import { buildServer, type McpServerOptions, type PreparedServer, prepareServer } from "./server";

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
  const prepared = prepareServer(options); // fail at start-up, not on the first request
  return async (req, res) => {
    if (req.method !== "POST") {
      refuseMethod(res);
      return;
    }
    await answerPost(prepared, req, res);
  };
}

// Stateless: there is no session to stream from (GET) or end (DELETE).
function refuseMethod(res: ServerResponse): void {
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
}

async function answerPost(
  prepared: PreparedServer,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const server = buildServer(prepared);
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
      res.writeHead(500, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          error: { code: -32603, message: messageOf(error) },
          id: null,
        }),
      );
    }
  }
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
  await listen(http, port, hostname);
  return { url: endpointOf(http, path), close: () => closeAll(http) };
}

function listen(http: HttpServer, port: number, hostname: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    // A deep backlog: bursts of concurrent clients must queue, not be reset.
    http.listen({ port, host: hostname, backlog: 4096 }, () => resolve());
  });
}

function endpointOf(http: HttpServer, path: string): URL {
  const address = http.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return new URL(`http://${shown}:${address.port}${path}`);
}

function closeAll(http: HttpServer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    http.closeAllConnections();
    http.close((error) => (error ? reject(error) : resolve()));
  });
}
