/**
 * One POST's answer in session mode. Streamable HTTP lets the server answer a POST of
 * requests either as one JSON body or as an SSE stream; which one is decided here, per
 * POST, by what the call does:
 *
 * - answered within the event-loop turn that received it, with nothing sent before the
 *   answer, it goes as plain JSON (one write, with its length): there was nothing to
 *   stream, and nothing a client could have resumed;
 * - a call that sends something first (progress, a log line, a request to the client),
 *   or that is still running when the turn ends, gets an SSE stream: its headers at
 *   once (so a long call keeps the client's request alive), the priming event when the
 *   session keeps events (an id to resume from, even before the first message), then
 *   each message as an event, stored first so a client whose stream dropped can replay
 *   it with `Last-Event-ID`.
 *
 * Deciding at the end of the turn, not at once, is what keeps an instant answer from
 * paying for a stream (and, through the SDK's Node adapter, for a timer per POST).
 *
 * @module
 */
import type { ServerResponse } from "node:http";
import type { EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { isOpen, keepAlive, primingEvent, retryField, sseEvent, writeSseHead } from "./sse";

/** Where a stream's events go now: the POST's own response, or the GET that resumed it. */
export interface Sink {
  readonly res: ServerResponse;
  /** Events the resume replayed already, not to be written twice. */
  readonly replayed?: ReadonlySet<string>;
}

/** What a reply needs of its session. */
export interface ReplyContext {
  readonly sessionId: string | undefined;
  readonly store: EventStore | undefined;
  /** Whether the client can take the empty priming event (protocol 2025-11-25 on). */
  readonly primes: boolean;
  /** A new stream id, for the store. */
  newStreamId(): string;
  /** Called once the stream has an id, so a resume can find it. */
  registered(reply: PostReply): void;
  /** Called once every request of the POST is answered, or can never be. */
  done(reply: PostReply): void;
}

type State = "waiting" | "streaming" | "lost" | "done";

/** The answer to one POST that carries requests. */
export class PostReply {
  /** The requests it answers, answered or not. */
  readonly ids: readonly RequestId[];
  readonly #res: ServerResponse;
  readonly #context: ReplyContext;
  readonly #pending: Set<RequestId>;
  /** Answers held while waiting: a batch's first ones, until the last is ready. */
  readonly #held: JSONRPCMessage[] = [];
  #state: State = "waiting";
  #sink: Sink | undefined;
  #streamId: string | undefined;
  /** Settles once the priming event is stored and written: every event goes after it. */
  #primed: Promise<void> = Promise.resolve();
  #turn: NodeJS.Immediate | undefined;

  constructor(res: ServerResponse, ids: readonly RequestId[], context: ReplyContext) {
    this.#res = res;
    this.#context = context;
    this.ids = ids;
    this.#pending = new Set(ids);
    this.#turn = setImmediate(() => this.#stream());
    this.#follow({ res });
  }

  /** Its stream's id in the event store, once it streams with one. */
  get streamId(): string | undefined {
    return this.#streamId;
  }

  /** Whether a connection is open for its events. */
  get connected(): boolean {
    return this.#sink !== undefined && isOpen(this.#sink.res);
  }

  /** Sends `message` (an answer, or a message about one of its requests). */
  async send(message: JSONRPCMessage): Promise<void> {
    const answered = answerId(message);
    if (this.#state === "waiting") {
      if (answered !== undefined) return this.#hold(message, answered);
      this.#stream();
    }
    if (this.#state === "streaming") await this.#emit(message);
    if (answered !== undefined) this.#settle(answered);
  }

  /** A GET that resumed this stream: its later events go there, the old connection ends. */
  resume(sink: Sink): void {
    if (this.#state === "done") {
      sink.res.end();
      return;
    }
    const old = this.#sink;
    this.#follow(sink);
    if (old !== undefined && old.res !== sink.res) old.res.end();
  }

  /**
   * The client cancelled request `id`: the server sends no answer to it (MCP), so the
   * reply no longer waits for one, and ends once the rest are answered.
   */
  cancel(id: RequestId): void {
    if (!this.#pending.has(id)) return;
    if (this.#state === "waiting" && this.#pending.size === 1 && this.#held.length === 0) {
      this.#stream();
    }
    if (this.#state === "waiting") this.#hold(undefined, id);
    else this.#settle(id);
  }

  /**
   * Ends its connection but not its stream (a handler's `closeSSEStream`), after the
   * `retry` field that tells the client when to come back: it resumes the stream with
   * `Last-Event-ID` and is sent the rest there.
   */
  detach(): void {
    if (this.#state === "waiting") this.#stream();
    const sink = this.#sink;
    if (sink === undefined) return;
    void this.#primed.then(() => {
      if (isOpen(sink.res)) sink.res.end(retryField());
    });
  }

  /** Ends it at once (the session is closing): the client sees its stream end. */
  end(): void {
    if (this.#state === "waiting") this.#stream();
    this.#finish();
  }

  #hold(message: JSONRPCMessage | undefined, id: RequestId): void {
    if (message !== undefined) this.#held.push(message);
    this.#pending.delete(id);
    if (this.#pending.size > 0) return;
    const body = JSON.stringify(this.#held.length === 1 ? this.#held[0] : this.#held);
    const { sessionId } = this.#context;
    this.#res.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      ...(sessionId !== undefined && { "mcp-session-id": sessionId }),
    });
    this.#res.end(body);
    this.#finish();
  }

  // From waiting to streaming: the headers, the priming event, then what was held.
  #stream(): void {
    if (this.#state !== "waiting") return;
    clearImmediate(this.#turn);
    this.#state = "streaming";
    writeSseHead(this.#res, this.#context.sessionId);
    keepAlive(this.#res);
    const { store } = this.#context;
    if (store !== undefined) {
      this.#streamId = this.#context.newStreamId();
      this.#context.registered(this);
      if (this.#context.primes) this.#primed = this.#prime(store, this.#streamId);
    }
    for (const message of this.#held.splice(0)) void this.#emit(message);
  }

  async #prime(store: EventStore, streamId: string): Promise<void> {
    const eventId = await store.storeEvent(streamId, {} as JSONRPCMessage);
    this.#write(primingEvent(eventId), eventId);
  }

  // Stored first, so a client that resumes gets it even if the connection is gone.
  async #emit(message: JSONRPCMessage): Promise<void> {
    await this.#primed;
    const { store } = this.#context;
    const streamId = this.#streamId;
    const eventId =
      store !== undefined && streamId !== undefined
        ? await store.storeEvent(streamId, message)
        : undefined;
    this.#write(sseEvent(message, eventId), eventId);
  }

  #write(text: string, eventId: string | undefined): void {
    const sink = this.#sink;
    if (sink === undefined || !isOpen(sink.res)) return;
    if (eventId !== undefined && sink.replayed?.has(eventId)) return;
    sink.res.write(text);
  }

  #settle(id: RequestId): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) void this.#primed.then(() => this.#finish());
  }

  #finish(): void {
    if (this.#state === "done") return;
    clearImmediate(this.#turn);
    this.#state = "done";
    this.#sink?.res.end();
    this.#context.done(this);
  }

  // Its events go to `sink` until that connection closes.
  #follow(sink: Sink): void {
    this.#sink = sink;
    sink.res.once("close", () => {
      if (this.#sink === sink) this.#gone();
    });
  }

  // Its connection closed: a stream with stored events can still be resumed; one that
  // never streamed, or keeps no events, is lost to the client.
  #gone(): void {
    this.#sink = undefined;
    if (this.#state === "done") return;
    clearImmediate(this.#turn);
    if (this.#streamId === undefined) this.#state = "lost";
    if (this.#pending.size === 0) this.#finish();
  }
}

/** The request id `message` answers, if it is a response. */
export function answerId(message: JSONRPCMessage): RequestId | undefined {
  if (!("id" in message) || "method" in message) return undefined;
  return "result" in message || "error" in message ? message.id : undefined;
}
