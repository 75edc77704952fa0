/**
 * The HTTP server's limits: timeouts, keep-alive, connection count, body size, stalled
 * responses and buffered bytes, their defaults, and their validation.
 *
 * Node's own defaults suit a server behind a proxy that enforces its own; an MCP server
 * often faces clients directly, so the headers and request timeouts are tighter here,
 * and the connection count is capped. The SDK sets none of these: its
 * `createMcpExpressApp` leaves them to Node's `http.Server`.
 *
 * @module
 */
import type { Server as HttpServer, ServerOptions } from "node:http";

/** The limits of an HTTP server (`listenMcpHttp`'s `limits`); every one is optional. */
export interface McpHttpLimits {
  /**
   * Time for a client to send a request's headers; a connection still sending them is
   * answered 408 and closed. Node's default is 60 s.
   * @default 10_000
   */
  readonly headersTimeoutMs?: number;
  /**
   * Time for a client to send a whole request, body included (not the time to answer
   * it: a long tool call is not cut off). A body trickled in slower is answered 408 and
   * closed. Node's default is 300 s. At least `headersTimeoutMs`.
   * @default 30_000
   */
  readonly requestTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open after a response. Node's default,
   * kept: above the 4 s after which undici (Node's `fetch`, the SDK client's transport)
   * drops an idle connection itself, so the client closes first and never reuses a
   * connection the server is closing.
   * @default 5_000
   */
  readonly keepAliveTimeoutMs?: number;
  /**
   * Open connections at most; one more is closed as soon as it is accepted. Node's
   * default is no limit. Each SDK client call in flight holds a connection, so this is
   * also about the number of concurrent calls; `Infinity` lifts it.
   * @default 1_024
   */
  readonly maxConnections?: number;
  /**
   * The largest request body accepted, in bytes; a larger one is answered 413 before it
   * is parsed. The same as the SDK transport's `maxRequestBodySize` default; the SDK's
   * `createMcpExpressApp` parses with `express.json()`, whose limit is 100 KB.
   * @default 4_194_304 (4 MiB)
   */
  readonly maxBodyBytes?: number;
  /**
   * How long a response may have bytes waiting to be sent without any of them reaching
   * the client; then its connection is closed (and a call still running is aborted
   * through `ctx.signal`). It bounds how long a client that stops reading can hold a
   * connection. A slow client that keeps reading is never cut off. Node and the SDK set
   * no such limit.
   * @default 30_000
   */
  readonly writeStallTimeoutMs?: number;
  /**
   * The bytes a response may have waiting for a slow client before progress
   * notifications (partial results included) for it are dropped rather than queued:
   * progress is lossy, a response never is, so a response is queued whatever its size.
   * The SDK queues every notification for as long as the connection lasts.
   * @default 1_048_576 (1 MiB)
   */
  readonly maxBufferedBytes?: number;
}

/** What a response may send: the limits the handler applies per request. */
export type McpResponseLimits = Pick<
  McpHttpLimits,
  "maxBodyBytes" | "writeStallTimeoutMs" | "maxBufferedBytes"
>;

/** The server's own limits with every default filled in (the per-response ones are the handler's). */
export type ResolvedLimits = Required<Omit<McpHttpLimits, keyof McpResponseLimits>>;

/** The handler's limits with every default filled in. */
export type ResolvedResponseLimits = Required<McpResponseLimits>;

/** The defaults of {@link McpHttpLimits} and of `maxBodyBytes`. */
const HTTP_DEFAULTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_024,
  /** The SDK transport's own `maxRequestBodySize` default (4 MiB). */
  maxBodyBytes: 4 * 1024 * 1024,
  writeStallTimeoutMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
} as const;

/**
 * The limits in `options`, defaults filled in. Throws a `RangeError` naming the option
 * for a value that is not a positive number, or headers allowed longer than the request.
 */
export function resolveLimits(options: McpHttpLimits = {}): ResolvedLimits {
  const limits = {
    headersTimeoutMs: milliseconds("headersTimeoutMs", options.headersTimeoutMs),
    requestTimeoutMs: milliseconds("requestTimeoutMs", options.requestTimeoutMs),
    keepAliveTimeoutMs: milliseconds("keepAliveTimeoutMs", options.keepAliveTimeoutMs),
    maxConnections: connections(options.maxConnections),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new RangeError(
      `limits.headersTimeoutMs (${limits.headersTimeoutMs}) must not exceed limits.requestTimeoutMs ` +
        `(${limits.requestTimeoutMs}): the headers are part of the request`,
    );
  }
  return limits;
}

/**
 * The handler's limits in `options`, defaults filled in. Throws a `RangeError` naming the
 * option for a value that is not a positive number (a finite one, for the timeout).
 */
export function resolveResponseLimits(options: McpResponseLimits = {}): ResolvedResponseLimits {
  return {
    maxBodyBytes: byteLimit("maxBodyBytes", options.maxBodyBytes, HTTP_DEFAULTS.maxBodyBytes),
    writeStallTimeoutMs: milliseconds("writeStallTimeoutMs", options.writeStallTimeoutMs),
    maxBufferedBytes: byteLimit(
      "maxBufferedBytes",
      options.maxBufferedBytes,
      HTTP_DEFAULTS.maxBufferedBytes,
    ),
  };
}

/**
 * `limits.<name>`: `value`, or `fallback` when it is absent; a `RangeError` naming the
 * option when it is not a positive number of bytes. The stdio limits use it too.
 */
export function byteLimit(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isPositive(value)) {
    throw new RangeError(`limits.${name} must be a positive number of bytes, got ${String(value)}`);
  }
  return value;
}

/**
 * The `createServer` options for `limits`. Node checks the headers and request timeouts
 * every `connectionsCheckingInterval` (30 s by default, which would let a 10 s timeout
 * run to 40 s): here every second, or sooner for timeouts under two seconds.
 */
export function serverOptionsOf(limits: ResolvedLimits): ServerOptions {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(shortest / 2))),
  };
}

/** Sets what `createServer` takes no option for: keep-alive and the connection cap. */
export function applyLimits(server: HttpServer, limits: ResolvedLimits): void {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
}

function milliseconds(name: keyof typeof HTTP_DEFAULTS, value: number | undefined): number {
  if (value === undefined) return HTTP_DEFAULTS[name];
  if (!isPositive(value) || !Number.isFinite(value)) {
    throw new RangeError(
      `limits.${name} must be a positive number of milliseconds, got ${String(value)}`,
    );
  }
  return value;
}

function connections(value: number | undefined): number {
  if (value === undefined) return HTTP_DEFAULTS.maxConnections;
  if (value !== Number.POSITIVE_INFINITY && !(Number.isInteger(value) && value > 0)) {
    throw new RangeError(
      `limits.maxConnections must be a positive integer or Infinity, got ${String(value)}`,
    );
  }
  return value;
}

function isPositive(value: unknown): value is number {
  return typeof value === "number" && value > 0 && !Number.isNaN(value);
}
