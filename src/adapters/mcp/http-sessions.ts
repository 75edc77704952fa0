/**
 * Session mode for Streamable HTTP: one server and transport per client session, found by
 * its `mcp-session-id`, so that what stateless HTTP cannot carry works: a request from the
 * server to the client (approval by elicitation, `ctx.elicit`, `ctx.sample`), the
 * client's cancellation of a running call, its log level, and a stream it can resume.
 * Sessions end on `DELETE`, after an idle timeout, or when the server closes; their
 * number is bounded.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import { checkTimer } from "../../call/controls";
import { describeValue } from "../../core/describe";
import { principalOf, type ResolvedAuth } from "./auth";
import { type McpEventStore, memoryEventStore, sessionStore } from "./event-store";
import type { ResolvedResponseLimits } from "./http-limits";
import { refusedForScope } from "./insufficient-scope";
import { JsonRpcCode, replyError } from "./json-rpc-reply";
import { type Outbound, watchResponse } from "./outbound";
import { ANSWERED, bodyOrAnswer } from "./request-body";
import { buildServer, type PreparedServer } from "./server";
import { isInitialize, requestIds } from "./session-checks";
import { SessionTransport } from "./session-transport";
import { SHUTTING_DOWN, Shutdown } from "./shutdown";

/**
 * Session mode's options (`sessions: true` takes every default).
 *
 * @example
 * ```ts
 * await listenMcpHttp({ name, version, tools, sessions: { idleTimeoutMs: 5 * 60_000 } });
 * ```
 */
export interface McpSessionOptions {
  /**
   * How long a session may go with no request open and no call running before it ends:
   * its streams close and a client using its id is answered 404 (and starts a new one).
   * @default 1_800_000 (30 minutes)
   */
  readonly idleTimeoutMs?: number;
  /**
   * The most sessions held at once: a client starting one more is answered 503 until a
   * session ends. Each holds a server, its calls and its stored events.
   * @default 1_000
   */
  readonly maxSessions?: number;
  /**
   * Where each session keeps the messages it sends, for a client whose stream dropped to
   * resume with `Last-Event-ID`: by default a {@link memoryEventStore} per session;
   * `false` keeps none (a dropped stream's messages are lost).
   */
  readonly eventStore?: McpEventStore | false;
}

const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 1_000;

/** Session mode's options with their defaults, checked. */
interface ResolvedSessions {
  readonly idleTimeoutMs: number;
  readonly maxSessions: number;
  /** The store of a new session: the shared one, a new memory store, or none. */
  readonly storeOf: () => McpEventStore | undefined;
}

/** The `sessions` option resolved: `undefined` for stateless. Throws naming a bad value. */
export function resolveSessions(option: unknown): ResolvedSessions | undefined {
  if (option === undefined || option === false) return undefined;
  if (option !== true && (typeof option !== "object" || option === null)) {
    throw new TypeError(
      `sessions must be true, false or an object of session options, received ${describeValue(option)}`,
    );
  }
  const { idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS, maxSessions = DEFAULT_MAX_SESSIONS } =
    option === true ? {} : (option as McpSessionOptions);
  checkTimer(idleTimeoutMs, "sessions.idleTimeoutMs");
  if (!Number.isSafeInteger(maxSessions) || maxSessions < 1) {
    throw new RangeError(
      `sessions.maxSessions must be a positive whole number, received ${describeValue(maxSessions)}`,
    );
  }
  const store = option === true ? undefined : (option as McpSessionOptions).eventStore;
  return { idleTimeoutMs, maxSessions, storeOf: storeOf(store) };
}

function storeOf(store: unknown): () => McpEventStore | undefined {
  if (store === undefined) return () => memoryEventStore();
  if (store === false) return () => undefined;
  const given = store as Partial<McpEventStore> | null;
  if (typeof given?.storeEvent !== "function" || typeof given.replayEventsAfter !== "function") {
    throw new TypeError(
      `sessions.eventStore must be an event store (storeEvent and replayEventsAfter) or false, received ${describeValue(store)}`,
    );
  }
  return () => sessionStore(store as McpEventStore);
}

/** One client session: its server and transport, and what it has open. */
interface Session {
  readonly transport: SessionTransport;
  readonly server: McpServer;
  /** Its requests in flight and calls running: idle when neither. */
  readonly shutdown: Shutdown;
  /** The connection each request's answer goes out on, by JSON-RPC id. */
  readonly outbounds: Map<RequestId, Outbound>;
  /** Who started it, when the server authenticates: only they may use it. */
  readonly subject: string | undefined;
  idleTimer?: NodeJS.Timeout;
  ending?: Promise<void>;
}

/** The sessions of one handler, and how it answers a request in session mode. */
export interface SessionTable {
  /** Answers one request that passed the Host, Origin and shutdown checks. */
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Ends every session: its calls get `graceMs` to finish (answers from the client, such
   * as a form's or a cancellation, still reach them), then are aborted.
   */
  close(graceMs: number): Promise<void>;
}

/** What every session of one handler shares, and the table of them. */
interface Table {
  readonly prepared: PreparedServer;
  readonly limits: ResolvedResponseLimits;
  readonly options: ResolvedSessions;
  /** Who may call, by bearer token (a call lacking a tool's scopes is refused `403`). */
  readonly auth: ResolvedAuth | undefined;
  /** The sessions a client can reach, by id: registered once initialize succeeds. */
  readonly sessions: Map<string, Session>;
  /** Sessions being started, counted against `maxSessions` until they register. */
  opening: number;
  closing: boolean;
}

/** The session table serving `prepared`. */
export function sessionTable(
  prepared: PreparedServer,
  limits: ResolvedResponseLimits,
  options: ResolvedSessions,
  auth: ResolvedAuth | undefined,
): SessionTable {
  const table: Table = {
    prepared,
    limits,
    options,
    auth,
    sessions: new Map(),
    opening: 0,
    closing: false,
  };
  return {
    answer: (req, res) => answer(table, req, res),
    close: async (graceMs) => {
      table.closing = true;
      await Promise.all(
        [...table.sessions.values()].map((session) => end(table, session, graceMs)),
      );
    },
  };
}

async function answer(table: Table, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "POST" && req.method !== "GET" && req.method !== "DELETE") {
    return replyError(res, 405, JsonRpcCode.serverError, "Method not allowed", {
      allow: "GET, POST, DELETE",
    });
  }
  const id = req.headers["mcp-session-id"];
  const body =
    req.method === "POST" ? await bodyOrAnswer(req, res, table.limits.maxBodyBytes) : undefined;
  if (body === ANSWERED || refusedForScope(table.auth, table.prepared.set, req, res, body)) return;
  if (id === undefined) {
    if (req.method === "POST" && startsSession(body)) return start(table, req, res, body);
    return replyError(
      res,
      400,
      JsonRpcCode.serverError,
      "Bad Request: Mcp-Session-Id header is required (start a session with initialize)",
    );
  }
  const found = typeof id === "string" ? table.sessions.get(id) : undefined;
  // Another caller's session is not theirs to use, nor to learn of: it is not found.
  const session = found?.subject === subjectOf(req) ? found : undefined;
  if (session === undefined) return notFound(res);
  // An ending session takes only what lets its running calls finish: the client's answers
  // to its requests and its notifications (a cancellation), nothing new to run.
  if ((table.closing || session.ending !== undefined) && carriesWork(req, body)) {
    return table.closing ? refuseClosing(res) : notFound(res);
  }
  return forward(table, session, req, res, body);
}

// An initialize without a session id: a new session, unless the server is closing or
// holds as many as it may.
async function start(table: Table, req: IncomingMessage, res: ServerResponse, body: unknown) {
  if (table.closing) return refuseClosing(res);
  const { maxSessions } = table.options;
  if (table.sessions.size + table.opening >= maxSessions) {
    return replyError(
      res,
      503,
      JsonRpcCode.serverError,
      `Service Unavailable: the server holds as many sessions as it may (${maxSessions}); retry once one ends`,
      { "retry-after": "1" },
    );
  }
  table.opening += 1;
  let session: Session;
  try {
    session = open(table, subjectOf(req));
    await session.server.connect(session.transport);
    await forward(table, session, req, res, body);
  } finally {
    table.opening -= 1;
  }
  // An initialize the transport refused leaves a session nobody can reach.
  if (session.transport.sessionId === undefined) void end(table, session, 0);
}

// A session's server and transport, registered in the table once initialize succeeds.
function open(table: Table, subject: string | undefined): Session {
  const outbounds = new Map<RequestId, Outbound>();
  // Armed each time the session's last request or call settles; a request disarms it.
  const armIdleTimer = () => {
    if (session.ending !== undefined) return;
    clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => void end(table, session, 0), table.options.idleTimeoutMs);
    session.idleTimer.unref();
  };
  const shutdown = new Shutdown(armIdleTimer);
  const register = (id: string) => {
    table.sessions.set(id, session);
    // Started while the server began closing: it ends with the others.
    if (table.closing) void end(table, session, 0);
  };
  const session: Session = {
    outbounds,
    shutdown,
    subject,
    transport: new SessionTransport({
      eventStore: table.options.storeOf(),
      onsessioninitialized: register,
      onsessionclosed: () => void end(table, session, 0),
    }),
    // Its calls run under the session's shutdown: ended, it aborts them.
    server: buildServer({
      ...table.prepared,
      shutdown,
      clientRequests: true,
      outbound: (id) => outbounds.get(id),
    }),
  };
  return session;
}

// One request to a session's transport, counted open until its response closes; each
// request it carries is answered on `res`, whose backlog bounds that request's progress.
async function forward(
  table: Table,
  session: Session,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  clearTimeout(session.idleTimer);
  res.once("close", session.shutdown.track());
  const ids = requestIdsOf(body);
  if (ids.length > 0) {
    const outbound = watchResponse(res, table.limits);
    for (const id of ids) session.outbounds.set(id, outbound);
    res.once("close", () => {
      for (const id of ids) {
        if (session.outbounds.get(id) === outbound) session.outbounds.delete(id);
      }
    });
  }
  await session.transport.handleRequest(req, res, body);
}

// Once: its open stream closed, its calls given `graceMs` (still reachable, for the
// answers they wait on), then out of the table and closed.
function end(table: Table, session: Session, graceMs: number): Promise<void> {
  session.ending ??= (async () => {
    clearTimeout(session.idleTimer);
    // A stream the client holds open is not a call to wait for.
    session.transport.closeStandaloneSSEStream();
    await session.shutdown.close(graceMs);
    const id = session.transport.sessionId;
    if (id !== undefined) table.sessions.delete(id);
    await session.transport.close();
    await session.server.close();
  })();
  return session.ending;
}

function startsSession(body: unknown): boolean {
  return Array.isArray(body) ? body.some(isInitialize) : isInitialize(body);
}

// The authenticated caller's subject (`auth` set it on the request), if any.
function subjectOf(req: IncomingMessage): string | undefined {
  return principalOf((req as { auth?: AuthInfo }).auth)?.subject;
}

// A GET (a stream to hold open), a DELETE, or a POST with a request to answer.
function carriesWork(req: IncomingMessage, body: unknown): boolean {
  return req.method !== "POST" || requestIdsOf(body).length > 0;
}

function requestIdsOf(body: unknown): RequestId[] {
  return requestIds(Array.isArray(body) ? body : [body]);
}

function notFound(res: ServerResponse): void {
  replyError(
    res,
    404,
    JsonRpcCode.sessionNotFound,
    "Session not found: start a new one with initialize",
  );
}

function refuseClosing(res: ServerResponse): void {
  replyError(res, 503, JsonRpcCode.serverError, SHUTTING_DOWN, { connection: "close" });
}
