/**
 * The Streamable HTTP request handler, stateless: who may call (Host and Origin), how
 * much they may send, and a graceful `close()`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  authenticated,
  type McpAuth,
  type ResolvedAuth,
  resolveAuth,
  servedMetadata,
} from "./auth";
import { type HostOriginPolicy, hostOriginPolicy, type McpAllowed, refusalOf } from "./host-origin";
import {
  type McpResponseLimits,
  type ResolvedResponseLimits,
  resolveResponseLimits,
} from "./http-limits";
import {
  type McpSessionOptions,
  resolveSessions,
  type SessionTable,
  sessionTable,
} from "./http-sessions";
import { refusedForScope } from "./insufficient-scope";
import { JsonRpcCode, replyError } from "./json-rpc-reply";
import { watchResponse } from "./outbound";
import { ANSWERED, bodyOrAnswer } from "./request-body";
import { answerSafely } from "./request-guard";
import { buildServer, type McpServerOptions, type PreparedServer, prepareServer } from "./server";
import {
  closeOnce,
  DEFAULT_HTTP_GRACE_MS,
  type McpCloseOptions,
  SHUTTING_DOWN,
  Shutdown,
} from "./shutdown";

/** Options of {@link createMcpHttpHandler}: the server's, plus who may call and how much. */
export interface McpHttpHandlerOptions extends McpServerOptions {
  /** Who may call, by `Host` and `Origin` (by default, loopback names only). */
  readonly allowed?: McpAllowed;
  /**
   * How much a request may send (`maxBodyBytes`), how long its response may stall
   * (`writeStallTimeoutMs`) and how much it may have waiting (`maxBufferedBytes`); the
   * other limits are the server's.
   */
  readonly limits?: McpResponseLimits;
  /**
   * Session mode: `true`, or its options. Each client's `initialize` starts a session
   * (its id in `mcp-session-id`), whose server and transport answer every later request
   * of that client, so the server can ask the client (approval by elicitation,
   * `ctx.elicit`, `ctx.sample`), a cancellation reaches the running call, the log level
   * holds, and a dropped stream resumes with `Last-Event-ID`. `DELETE` ends a session; so
   * does its idle timeout. Behind a load balancer it needs routing by `mcp-session-id`.
   * Left out, the server is stateless: any replica answers any request.
   *
   * @default false
   */
  readonly sessions?: boolean | McpSessionOptions;
  /**
   * Who may call, by bearer token (OAuth 2.1, as the MCP authorization specification
   * asks): the protected-resource metadata is served, and a request without a token
   * `verify` accepts is answered `401` before its body is read. Each call's `ctx.auth`
   * (and the `host` hook's `auth`) is the principal its token names.
   */
  readonly auth?: McpAuth;
}

/** A request handler you can shut down gracefully. */
export interface McpHttpHandler {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Stops taking requests (a new one is answered 503 with `connection: close`), lets the
   * calls in flight finish within `graceMs` (default 5 s), then aborts the rest through
   * `ctx.signal` and answers each with an `isError` result saying the server is shutting
   * down. Settles once every request has been answered. Idempotent.
   */
  close(options?: McpCloseOptions): Promise<void>;
}

/**
 * A Node `http` request handler serving Streamable HTTP. Stateless by default: each POST
 * gets its own server and transport, closed with the response (which aborts a call
 * still running, through `ctx.signal`), and GET and DELETE answer 405. Being stateless, it
 * cannot send the client a request of its own: a call that needs approval is never
 * elicited, but answered as the `approval: "refuse"` option would (or decided by an
 * approval handler, when the option is one). With `sessions`, each client's session has
 * its own server and transport, which can (see {@link McpHttpHandlerOptions.sessions}).
 * It checks `Host` and `Origin` first (by default, loopback only: widen with
 * `allowed.hosts`), then reads at most `limits.maxBodyBytes`; a response that makes no
 * progress for `limits.writeStallTimeoutMs` closes its connection. Set the other timeouts
 * on your own server; {@link listenMcpHttp} does. What a request cannot change is built
 * once per handler: the tool set, the listing and the SDK's JSON Schema validator; each
 * request (or session) gets only its own server (configured by `server.configure`, when
 * given) and transport.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * const handler = createMcpHttpHandler({ name: "notes", version: "1.0.0", tools: [notes] });
 * const server = createServer(handler).listen(3000, "127.0.0.1");
 * process.once("SIGTERM", async () => {
 *   server.close();
 *   await handler.close({ graceMs: 10_000 });
 *   server.closeAllConnections();
 * });
 * ```
 */
export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  return mcpHttpHandler(options, hostOriginPolicy(options.allowed, undefined));
}

/** {@link createMcpHttpHandler} with its Host and Origin policy resolved for a known bind. */
export function mcpHttpHandler(
  options: McpHttpHandlerOptions,
  policy: HostOriginPolicy,
): McpHttpHandler {
  const shutdown = new Shutdown();
  const sessions = resolveSessions(options.sessions);
  const auth = resolveAuth(options.auth);
  const limits = resolveResponseLimits(options.limits);
  // Prepared once, so a bad option fails at start-up rather than on the first request.
  // Stateless, no request from the server to the client: its answer would come in another
  // POST, to another server that is not waiting for it; so approval is never elicited.
  const prepared = { ...prepareServer(options), shutdown, clientRequests: false };
  // Each request (or session) builds its own server, configured as it is built; build one
  // now so that a `configure` that throws fails here, at start-up, not on every request.
  if (prepared.configure !== undefined) buildServer(prepared);
  const table = sessions === undefined ? undefined : sessionTable(prepared, limits, sessions, auth);
  const state: HandlerState = { policy, shutdown, limits, prepared, sessions: table, auth };
  const handle = (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    answerSafely(req, res, () => answer(state, req, res));
  const close = closeOnce(DEFAULT_HTTP_GRACE_MS, async (graceMs) => {
    await Promise.all([shutdown.close(graceMs), table?.close(graceMs)]);
  });
  return Object.assign(handle, { close });
}

/** What every request of one handler shares. */
interface HandlerState {
  readonly policy: HostOriginPolicy;
  readonly shutdown: Shutdown;
  readonly limits: ResolvedResponseLimits;
  readonly prepared: PreparedServer;
  /** Session mode's sessions; stateless without. */
  readonly sessions: SessionTable | undefined;
  /** Who may call, by bearer token; anyone who passes the Host and Origin checks without. */
  readonly auth: ResolvedAuth | undefined;
}

// Who may call first (headers only), then whether the server still takes requests, then
// the method; a POST is counted in flight until its response closes.
async function answer(state: HandlerState, req: IncomingMessage, res: ServerResponse) {
  const refusal = refusalOf(req, state.policy);
  if (refusal !== undefined) return replyError(res, 403, JsonRpcCode.serverError, refusal);
  if (state.auth !== undefined) {
    if (servedMetadata(state.auth, req, res)) return;
    // Headers only: a request without a token it accepts is answered before its body is read.
    if ((await authenticated(state.auth, req, res)) === undefined) return;
  }
  // A session's own check lets the answers its running calls wait for through.
  if (state.sessions !== undefined) return state.sessions.answer(req, res);
  if (state.shutdown.closing) {
    return replyError(res, 503, JsonRpcCode.serverError, SHUTTING_DOWN, { connection: "close" });
  }
  if (req.method !== "POST") return refuseMethod(res);
  res.once("close", state.shutdown.track());
  await answerPost(state, req, res);
}

// Stateless: there is no session to stream from (GET) or end (DELETE).
function refuseMethod(res: ServerResponse): void {
  replyError(
    res,
    405,
    JsonRpcCode.serverError,
    "Method not allowed: this server is stateless; POST JSON-RPC messages",
    { allow: "POST" },
  );
}

async function answerPost(
  { prepared, limits, auth }: HandlerState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await bodyOrAnswer(req, res, limits.maxBodyBytes);
  if (body === ANSWERED || refusedForScope(auth, prepared.set, req, res, body)) return;
  // A client that stops reading can neither hold the connection nor grow the queue.
  const outbound = watchResponse(res, limits);
  const server = buildServer({ ...prepared, outbound: () => outbound });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  // A throw here is the SDK's, not the client's: `answerSafely` answers a neutral 500 and
  // reports the detail as a process warning, so nothing internal reaches the client.
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
