/**
 * The Streamable HTTP server: a Node `http.Server` with the limits set, the request
 * listener guarded, the handler (stateless, or in session mode) at one path, and a graceful `close()`.
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
import { messageOf } from "../../core/describe";
import { resolveAuth } from "./auth";
import { hostOriginPolicy, type McpAllowed, unprotectedBindWarning } from "./host-origin";
import { type McpHttpHandler, type McpHttpHandlerOptions, mcpHttpHandler } from "./http-handler";
import {
  applyLimits,
  type McpHttpLimits,
  type ResolvedLimits,
  resolveLimits,
  serverOptionsOf,
} from "./http-limits";
import { JsonRpcCode, replyError } from "./json-rpc-reply";
import { guardListener, requestPath } from "./request-guard";
import type { McpServerOptions } from "./server";
import { closeOnce, DEFAULT_HTTP_GRACE_MS, type McpCloseOptions } from "./shutdown";

/** Options of {@link listenMcpHttp}: the server's, where to listen, who may call, and the limits. */
export interface McpHttpOptions extends McpServerOptions {
  /** The port; `0` picks a free one (read `url`). @default 0 */
  readonly port?: number;
  /**
   * The address to bind. A loopback address checks `Host` against the loopback names;
   * any other without `allowed.hosts` checks no `Host` and emits a process warning
   * (`McpSecurityWarning`, code `TOOLWRIGHT_MCP_UNPROTECTED_BIND`).
   * @default "127.0.0.1"
   */
  readonly hostname?: string;
  /** The endpoint's path; any other answers 404. @default "/mcp" */
  readonly path?: string;
  /** Who may call, by `Host` and `Origin` (by default, loopback names for a loopback bind). */
  readonly allowed?: McpAllowed;
  /** Timeouts, keep-alive, the connection cap and the body size, each with a default. */
  readonly limits?: McpHttpLimits;
  /** Session mode, as {@link McpHttpHandlerOptions.sessions} says; stateless by default. */
  readonly sessions?: McpHttpHandlerOptions["sessions"];
  /** Who may call, by bearer token, as {@link McpHttpHandlerOptions.auth} says; its metadata is served beside `path`. */
  readonly auth?: McpHttpHandlerOptions["auth"];
}

/** A running HTTP server from {@link listenMcpHttp}. */
export interface McpHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:52311/mcp`. */
  readonly url: URL;
  /** The underlying Node server, limits set: tune it further, or read its state. */
  readonly server: HttpServer;
  /**
   * Stops accepting connections at once, lets the calls in flight finish within
   * `graceMs` (default 5 s), then aborts the rest through `ctx.signal` and answers each
   * with an `isError` result saying the server is shutting down; then closes every
   * connection. A request arriving on an open connection meanwhile is answered 503.
   * Idempotent: a second call shares the first one's shutdown.
   */
  close(options?: McpCloseOptions): Promise<void>;
}

/**
 * Listens for Streamable HTTP at `path` (default `/mcp`) on `hostname` (default
 * `127.0.0.1`) and `port` (default `0`: an ephemeral port; read `url`), stateless unless
 * `sessions` says otherwise. No request, however malformed, can crash the process; bad
 * options throw before anything listens. Stateless, it never elicits approval (see
 * `createMcpHttpHandler`); in session mode it does.
 *
 * @example
 * ```ts
 * const http = await listenMcpHttp({ name: "notes", version: "1.0.0", tools: [notes] });
 * console.error(`MCP at ${http.url}`);
 * process.once("SIGTERM", () => void http.close({ graceMs: 10_000 }));
 * ```
 */
export async function listenMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const { port = 0, hostname = "127.0.0.1", path = "/mcp" } = options;
  const limits = resolveLimits(options.limits);
  const handler = mcpHttpHandler(options, hostOriginPolicy(options.allowed, hostname));
  const paths = [path, ...(resolveAuth(options.auth)?.metadataPaths ?? [])];
  const server = createHttpServer(limits, (req, res) => route(req, res, paths, handler));
  warnIfUnprotected(hostname, options);
  await listen(server, port, hostname);
  const close = closeOnce(DEFAULT_HTTP_GRACE_MS, (graceMs) => shutDown(server, handler, graceMs));
  return { url: endpointOf(server, path), server, close };
}

function createHttpServer(
  limits: ResolvedLimits,
  listener: (req: IncomingMessage, res: ServerResponse) => Promise<void> | undefined,
): HttpServer {
  const server = createServer(serverOptionsOf(limits), guardListener(listener));
  applyLimits(server, limits);
  return server;
}

// The handler at `path` (and the auth metadata's paths), 404 elsewhere, 400 for a target that is not a path at all.
function route(
  req: IncomingMessage,
  res: ServerResponse,
  paths: readonly string[],
  handler: McpHttpHandler,
): Promise<void> | undefined {
  const requested = requestPath(req.url);
  if (requested === undefined) {
    replyError(
      res,
      400,
      JsonRpcCode.invalidRequest,
      "Bad Request: the request target is neither a path nor an http(s) URL",
    );
    return undefined;
  }
  if (!paths.includes(requested)) {
    res.writeHead(404).end();
    return undefined;
  }
  return handler(req, res);
}

function warnIfUnprotected(hostname: string, options: McpHttpOptions): void {
  const warning = unprotectedBindWarning(hostname, options.allowed?.hosts);
  if (warning === undefined) return;
  process.emitWarning(warning, {
    type: "McpSecurityWarning",
    code: "TOOLWRIGHT_MCP_UNPROTECTED_BIND",
  });
}

function listen(server: HttpServer, port: number, hostname: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // A deep backlog: bursts of concurrent clients must queue, not be reset.
    server.listen({ port, host: hostname, backlog: 4096 }, () => {
      server.off("error", reject);
      // Once listening, an error (say, out of file descriptors on accept) must not be an
      // unhandled 'error' event, which would end the process.
      server.on("error", reportServerError);
      resolve();
    });
  });
}

function reportServerError(error: Error): void {
  process.emitWarning(`MCP HTTP server error: ${messageOf(error)}`, {
    type: "McpServerWarning",
    code: "TOOLWRIGHT_MCP_SERVER_ERROR",
  });
}

function endpointOf(server: HttpServer, path: string): URL {
  const address = server.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return new URL(`http://${shown}:${address.port}${path}`);
}

async function shutDown(
  server: HttpServer,
  handler: McpHttpHandler,
  graceMs: number,
): Promise<void> {
  // Stop accepting now (this also closes idle keep-alive connections), drain, then close
  // whatever is still open so that the server's own close can complete.
  const stopped = new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
  await handler.close({ graceMs });
  server.closeAllConnections();
  await stopped;
}
