/**
 * Server-sent events on a Node response, as Streamable HTTP frames them: the stream's
 * headers, one event per JSON-RPC message (with its id when an event store gave one),
 * the empty priming event a client resumes from, the `retry` field sent before the server
 * closes a connection whose stream goes on, and a comment every so often so that a quiet
 * stream is not dropped by a proxy or the client's idle timer.
 *
 * @module
 */
import type { ServerResponse } from "node:http";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** How often a quiet stream gets a comment (the SDK's default). */
export const KEEP_ALIVE_MS = 15_000;

/** Starts an SSE response on `res`, with the session's id. */
export function writeSseHead(res: ServerResponse, sessionId: string | undefined): void {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    ...(sessionId !== undefined && { "mcp-session-id": sessionId }),
  });
  // Headers now, not with the first event: the client's request is answered at once.
  res.flushHeaders();
}

/** One message as an SSE event. */
export function sseEvent(message: JSONRPCMessage, eventId: string | undefined): string {
  const id = eventId === undefined ? "" : `id: ${eventId}\n`;
  return `event: message\n${id}data: ${JSON.stringify(message)}\n\n`;
}

/** The event with no data that gives a client an id to resume from before any message. */
export function primingEvent(eventId: string): string {
  return `id: ${eventId}\ndata: \n\n`;
}

/**
 * How long a client waits before resuming a stream whose connection the server closed
 * (a handler's `closeSSEStream`): the SDK client's own first reconnection delay.
 */
export const RETRY_MS = 1_000;

/**
 * The `retry` field MCP asks for (2025-11-25, Streamable HTTP: a server that closes the
 * connection before the stream ends SHOULD send an SSE event with a standard `retry`
 * field first, and the client MUST wait that long before it reconnects). With no data,
 * the client dispatches nothing: it only sets the delay.
 */
export function retryField(ms: number = RETRY_MS): string {
  return `retry: ${ms}\n\n`;
}

/** Whether `res` can still be written to (`writable` stays true after `end` on Node 20). */
export function isOpen(res: ServerResponse): boolean {
  return !res.writableEnded && !res.destroyed;
}

/** A comment on `res` every {@link KEEP_ALIVE_MS} until the response closes. */
export function keepAlive(res: ServerResponse): void {
  const timer = setInterval(() => {
    if (!isOpen(res)) clearInterval(timer);
    else res.write(": keepalive\n\n");
  }, KEEP_ALIVE_MS);
  timer.unref();
  res.once("close", () => clearInterval(timer));
}
