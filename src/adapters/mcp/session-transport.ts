/**
 * One session's Streamable HTTP transport, on Node's own request and response. It speaks
 * what the SDK's `StreamableHTTPServerTransport` speaks (the same checks and errors, the
 * stream a GET holds open, `Last-Event-ID` replay from the event store, `DELETE`), but
 * answers each POST as {@link PostReply} decides: plain JSON when the answer is ready at
 * once, an SSE stream otherwise. It skips the SDK's conversion of every request and
 * response to web streams, whose cost (and, with an event store, a timer per POST) made
 * a session's calls slower than the SDK's own stateful server.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  type InitializeRequest,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { JsonRpcCode, replyError } from "./json-rpc-reply";
import { answerId, PostReply, type ReplyContext, type Sink } from "./post-reply";
import {
  getRefusal,
  isInitialize,
  messagesOf,
  postRefusal,
  type Refusal,
  requestIdOf,
  requestIds,
  versionRefusal,
} from "./session-checks";
import { isOpen, keepAlive, retryField, sseEvent, writeSseHead } from "./sse";

/** The stream a GET holds open, as the SDK names it in the event store. */
const STANDALONE = "_GET_stream";

/** The first protocol version whose clients take the empty priming event. */
const PRIMING_SINCE = "2025-11-25";

/** What {@link SessionTransport} is told of its session's life. */
export interface SessionTransportOptions {
  /** Where its streams' messages are kept for replay; none, no replay. */
  readonly eventStore: EventStore | undefined;
  /** Its initialize was accepted: the session is `id`. */
  readonly onsessioninitialized: (id: string) => void;
  /** The client ended it with `DELETE`. */
  readonly onsessionclosed: () => void;
}

/** A session's transport: one per session, for every request of it. */
export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  sessionId?: string;
  readonly #options: SessionTransportOptions;
  /** The POST answering each request in flight. */
  readonly #replies = new Map<RequestId, PostReply>();
  /** The POST streams the store holds events of, by stream id, for a resume to find. */
  readonly #streams = new Map<string, PostReply>();
  #standalone: Sink | undefined;
  #priming: ReplyContext | undefined;
  #plain: ReplyContext | undefined;
  #started = false;
  #closed = false;

  constructor(options: SessionTransportOptions) {
    this.#options = options;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error("Transport already started");
    this.#started = true;
  }

  /** Answers one HTTP request to the session; a POST's `body` is already parsed. */
  async handleRequest(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (this.#closed) return refuse(res, notFound);
    if (req.method === "POST") return this.#post(req, res, body);
    if (req.method === "GET") return this.#get(req, res);
    return this.#delete(req, res);
  }

  /**
   * Sends `message` on the POST of the request it answers or belongs to, or, outside any
   * request, on the stream a GET holds (stored first, for a resume, with an event store).
   */
  async send(message: JSONRPCMessage, options?: { relatedRequestId?: RequestId }): Promise<void> {
    const id = answerId(message) ?? options?.relatedRequestId;
    if (id === undefined) return this.#broadcast(message);
    const reply = this.#replies.get(id);
    if (reply === undefined) throw new Error(`No connection established for request ID: ${id}`);
    await reply.send(message);
  }

  /** Ends the stream a GET holds open (the client may open another). */
  closeStandaloneSSEStream(): void {
    this.#standalone?.res.end();
    this.#standalone = undefined;
  }

  /** Ends every stream and answer still open; the session's server sees it close. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.closeStandaloneSSEStream();
    for (const reply of new Set(this.#replies.values())) reply.end();
    this.#replies.clear();
    this.#streams.clear();
    this.onclose?.();
  }

  #post(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const messages = this.#accepted(req, body);
    if (!Array.isArray(messages)) {
      refuse(res, messages);
      return;
    }
    const extra = extraOf(req);
    const ids = requestIds(messages);
    if (ids.length === 0) {
      for (const message of messages) this.#cancelled(message);
      for (const message of messages) this.onmessage?.(message, extra);
      // Only notifications and answers: accepted, nothing to answer with.
      res.writeHead(202).end();
      return;
    }
    const context = this.#context(versionOf(req, messages));
    const reply = new PostReply(res, ids, context);
    for (const id of ids) this.#replies.set(id, reply);
    for (const message of messages) {
      const request = requestIdOf(message) !== undefined;
      this.onmessage?.(message, request ? this.#requestExtra(extra, reply, context) : extra);
    }
  }

  // A POST's messages, once its headers, its body and its session (or its initialize,
  // which starts one) pass.
  #accepted(req: IncomingMessage, body: unknown): JSONRPCMessage[] | Refusal {
    const messages = postRefusal(req) ?? messagesOf(body);
    if (!Array.isArray(messages)) return messages;
    const refused = messages.some(isInitialize)
      ? this.#initialize(messages)
      : this.#sessionRefusal(req);
    return refused ?? messages;
  }

  // A handler may close its stream for the client to poll, as the SDK's transport lets
  // it, when the client could resume it: the session keeps events and the client primes.
  #requestExtra(extra: MessageExtraInfo, reply: PostReply, context: ReplyContext) {
    if (context.store === undefined || !context.primes) return extra;
    return {
      requestInfo: extra.requestInfo,
      authInfo: extra.authInfo,
      closeSSEStream: () => reply.detach(),
      closeStandaloneSSEStream: () => this.#pollStandalone(),
    };
  }

  // A handler's close of the stream a GET holds: the client is told when to open another.
  #pollStandalone(): void {
    const res = this.#standalone?.res;
    if (res !== undefined && isOpen(res)) res.write(retryField());
    this.closeStandaloneSSEStream();
  }

  // A cancelled request is never answered: its POST stops waiting for it.
  #cancelled(message: JSONRPCMessage): void {
    if (!("method" in message) || message.method !== "notifications/cancelled") return;
    const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
    if (id !== undefined) this.#replies.get(id)?.cancel(id);
  }

  #initialize(messages: readonly JSONRPCMessage[]): Refusal | undefined {
    if (this.sessionId !== undefined) {
      return invalid("Invalid Request: Server already initialized");
    }
    if (messages.length > 1) {
      return invalid("Invalid Request: Only one initialization request is allowed");
    }
    this.sessionId = randomUUID();
    this.#options.onsessioninitialized(this.sessionId);
    return undefined;
  }

  // One context for clients that take the priming event, one for those that do not.
  #context(version: string): ReplyContext {
    const primes = version >= PRIMING_SINCE;
    const cached = primes ? this.#priming : this.#plain;
    if (cached !== undefined) return cached;
    const transport = this;
    const context: ReplyContext = {
      get sessionId() {
        return transport.sessionId;
      },
      store: this.#options.eventStore,
      primes,
      newStreamId: randomUUID,
      registered: (reply) => {
        if (reply.streamId !== undefined) this.#streams.set(reply.streamId, reply);
      },
      done: (reply) => {
        for (const id of reply.ids) {
          if (this.#replies.get(id) === reply) this.#replies.delete(id);
        }
        if (reply.streamId !== undefined) this.#streams.delete(reply.streamId);
      },
    };
    if (primes) this.#priming = context;
    else this.#plain = context;
    return context;
  }

  async #get(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = getRefusal(req) ?? this.#sessionRefusal(req);
    if (refused !== undefined) return refuse(res, refused);
    const store = this.#options.eventStore;
    const lastEventId = req.headers["last-event-id"];
    if (store !== undefined && typeof lastEventId === "string" && lastEventId !== "") {
      return this.#replay(res, store, lastEventId);
    }
    if (this.#standalone !== undefined) {
      return refuse(res, conflict("Conflict: Only one SSE stream is allowed per session"));
    }
    this.#holdStandalone({ res });
  }

  #holdStandalone(sink: Sink): void {
    if (this.#standalone?.res !== sink.res) this.#standalone?.res.end();
    this.#standalone = sink;
    sink.res.once("close", () => {
      if (this.#standalone === sink) this.#standalone = undefined;
    });
  }

  // The events after `lastEventId`, then the stream they belong to, on this response.
  async #replay(res: ServerResponse, store: EventStore, lastEventId: string): Promise<void> {
    if (store.getStreamIdForEventId !== undefined) {
      const streamId = await store.getStreamIdForEventId(lastEventId);
      if (streamId === undefined) return refuse(res, badRequest("Invalid event ID format"));
      if (this.#connected(streamId)) {
        return refuse(res, conflict("Conflict: Stream already has an active connection"));
      }
    }
    const events: string[] = [];
    const replayed = new Set<string>();
    let streamId: string;
    try {
      streamId = await store.replayEventsAfter(lastEventId, {
        send: async (eventId, message) => {
          events.push(sseEvent(message, eventId));
          replayed.add(eventId);
        },
      });
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return refuse(res, { ...badRequest("Error replaying events"), status: 500 });
    }
    if (this.#closed) return refuse(res, notFound);
    // The client went away while the store replayed: there is nothing to attach.
    if (res.destroyed) return;
    writeSseHead(res, this.sessionId);
    keepAlive(res);
    for (const event of events) res.write(event);
    this.#attach(streamId, { res, replayed });
  }

  // A resumed stream carries on where its messages go next; one that is over ends.
  #attach(streamId: string, sink: Sink): void {
    const reply = this.#streams.get(streamId);
    if (streamId === STANDALONE) this.#holdStandalone(sink);
    else if (reply === undefined) sink.res.end();
    else reply.resume(sink);
  }

  #connected(streamId: string): boolean {
    if (streamId === STANDALONE) return this.#standalone !== undefined;
    return this.#streams.get(streamId)?.connected === true;
  }

  async #delete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = this.#sessionRefusal(req);
    if (refused !== undefined) return refuse(res, refused);
    this.#options.onsessionclosed();
    res.writeHead(200).end();
    await this.close();
  }

  // A message outside any request: on the stream a GET holds, stored for its replay.
  async #broadcast(message: JSONRPCMessage): Promise<void> {
    const store = this.#options.eventStore;
    const eventId = await store?.storeEvent(STANDALONE, message);
    const sink = this.#standalone;
    if (sink === undefined || !isOpen(sink.res)) return;
    if (eventId !== undefined && sink.replayed?.has(eventId)) return;
    sink.res.write(sseEvent(message, eventId));
  }

  #sessionRefusal(req: IncomingMessage): Refusal | undefined {
    if (this.sessionId === undefined) return badRequest("Bad Request: Server not initialized");
    const id = req.headers["mcp-session-id"];
    if (id === undefined || id === "") {
      return badRequest("Bad Request: Mcp-Session-Id header is required");
    }
    if (id !== this.sessionId) return notFound;
    return versionRefusal(req);
  }
}

/**
 * What the server's handlers see of the request a message came in: plain data, as the
 * SDK's transport gives it. Not a lazy `get url()` in the literal: a getter closing over
 * the request, built per POST, kept each request's objects alive through young-generation
 * collections (a fifth of what a loop of such literals allocates survives, none without
 * the getter): the session server's pauses were about 30% longer with it, which costs
 * far more than building the URL.
 */
function extraOf(req: IncomingMessage): MessageExtraInfo {
  const authInfo = (req as { auth?: AuthInfo }).auth;
  return { requestInfo: { headers: req.headers, url: urlOf(req) }, authInfo };
}

// The request's URL, or none when its Host header cannot be a URL's host.
function urlOf(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return undefined;
  }
}

// The version the client speaks: its initialize's, or the header's after it.
function versionOf(req: IncomingMessage, messages: readonly JSONRPCMessage[]): string {
  const initialize = messages.find(isInitialize) as InitializeRequest | undefined;
  if (initialize !== undefined) return initialize.params.protocolVersion;
  const header = req.headers["mcp-protocol-version"];
  return typeof header === "string" ? header : DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
}

function refuse(res: ServerResponse, refusal: Refusal): void {
  replyError(res, refusal.status, refusal.code, refusal.message);
}

const notFound: Refusal = {
  status: 404,
  code: JsonRpcCode.sessionNotFound,
  message: "Session not found",
};

const badRequest = (message: string): Refusal => ({
  status: 400,
  code: JsonRpcCode.serverError,
  message,
});

const invalid = (message: string): Refusal => ({
  status: 400,
  code: JsonRpcCode.invalidRequest,
  message,
});

const conflict = (message: string): Refusal => ({
  status: 409,
  code: JsonRpcCode.serverError,
  message,
});
