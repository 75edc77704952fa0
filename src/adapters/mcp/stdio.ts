/**
 * The stdio transport: one server over the process's stdin and stdout, shut down
 * gracefully when stdin ends or `close()` is called.
 *
 * @module
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Principal } from "toolwright";
import { checkPrincipal } from "./auth";
import { DrainingTransport } from "./draining-transport";
import { streamOutbound } from "./outbound";
import { buildServer, type McpServerOptions, prepareServer } from "./server";
import {
  closeOnce,
  DEFAULT_STDIO_GRACE_MS,
  type McpCloseOptions,
  resolveGraceMs,
  Shutdown,
} from "./shutdown";
import { type McpStdioLimits, resolveStdioLimits, StdioLineTransport } from "./stdio-transport";

/** Options of {@link serveStdio}: the server's, plus its grace period and limits. */
export interface McpStdioOptions extends McpServerOptions {
  /**
   * When stdin ends (the client is done), and for `close()` without one: how long calls
   * in flight may take to finish before they are aborted through `ctx.signal` and
   * answered with an `isError` result. Under the 2 s the SDK's `StdioClientTransport`
   * waits after ending stdin before it sends SIGTERM.
   * @default 1_500
   */
  readonly graceMs?: number;
  /** The largest message read, and the bytes stdout may have waiting; each with a default. */
  readonly limits?: McpStdioLimits;
  /**
   * Who the one caller is: stdio carries no token, so the process that starts the server
   * names it (from its own login, say). It is every call's `ctx.auth` and the `host`
   * hook's `auth`. Left out, calls have none.
   */
  readonly principal?: Principal;
}

/** A server from {@link serveStdio}. */
export interface McpStdioServer {
  /** The MCP server, connected to stdin and stdout. */
  readonly server: Server;
  /** Settles once the server has closed: after stdin ended, or `close()`. */
  readonly closed: Promise<void>;
  /**
   * Stops taking requests (a new one is answered with a JSON-RPC error saying the server
   * is shutting down), lets the calls in flight finish within `graceMs` (default: the
   * `graceMs` option), then aborts the rest through `ctx.signal` and answers each with an
   * `isError` result; then closes the transport. Idempotent. Stdin ending calls it.
   */
  close(options?: McpCloseOptions): Promise<void>;
}

/**
 * Serves the capabilities over stdio (the process's stdin/stdout). Log to stderr only.
 * A message over `limits.maxMessageBytes`, a batch, a line that is not JSON or a request
 * reusing the id of one in flight is answered with a JSON-RPC error, and the session goes on; progress for a parent that does not read stdout is dropped past `limits.maxBufferedBytes`.
 * When stdin ends, the calls in flight get `graceMs` to finish, the rest are aborted and
 * answered, and the server closes; the process then exits once nothing else holds it.
 *
 * @example
 * ```ts
 * const stdio = await serveStdio({ name: "notes", version: "1.0.0", tools: [notes] });
 * process.once("SIGTERM", () => void stdio.close());
 * ```
 */
export async function serveStdio(options: McpStdioOptions): Promise<McpStdioServer> {
  const graceMs = resolveGraceMs(options.graceMs, DEFAULT_STDIO_GRACE_MS);
  const limits = resolveStdioLimits(options.limits);
  const shutdown = new Shutdown();
  const outbound = streamOutbound(process.stdout, limits.maxBufferedBytes);
  const principal = checkPrincipal(options.principal);
  const { server } = buildServer({
    ...prepareServer(options),
    shutdown,
    outbound: () => outbound,
    ...(principal !== undefined && { principal }),
  });
  const lines = new StdioLineTransport(process.stdin, process.stdout, limits.maxMessageBytes);
  const transport = new DrainingTransport(lines, shutdown);
  // On the transport, not `server.onclose`: `connect` keeps it, and a user may set the other.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await server.connect(transport);
  const close = closeOnce(graceMs, (grace) => shutdown.close(grace).then(() => server.close()));
  // The client is done: drain. (`close` too, for a stdin that errors without ending.)
  process.stdin.once("end", () => void close());
  process.stdin.once("close", () => void close());
  return { server, closed, close };
}
