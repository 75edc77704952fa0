/**
 * What a connection has waiting to be sent, and what happens when its client stops
 * reading: progress notifications are dropped once too many bytes wait (progress is
 * lossy; a response is never dropped), and an HTTP response whose bytes make no progress
 * for too long has its connection closed.
 *
 * @module
 */
import type { ServerResponse } from "node:http";
import type { Writable } from "node:stream";

/** The bytes waiting on one connection, as the progress bridge sees them. */
export interface Outbound {
  /** Whether the connection has more waiting than it may: then progress is dropped. */
  full(): boolean;
  /** Counts bytes handed to the transport, not yet visible on the connection itself. */
  queued(bytes: number): void;
}

/** Limits of {@link watchResponse}. */
export interface ResponseWatchLimits {
  readonly writeStallTimeoutMs: number;
  readonly maxBufferedBytes: number;
}

/**
 * Watches `res` until it closes: bytes waiting that make no progress for
 * `writeStallTimeoutMs` close its connection. The outbound it returns counts what the
 * SDK queued for `res` (its stream is read only as `res` drains, so those bytes wait
 * in memory, unseen by `res`) plus what `res` holds.
 */
export function watchResponse(res: ServerResponse, limits: ResponseWatchLimits): Outbound {
  let pending = 0;
  const write = res.write;
  // Bytes written to `res` are those the SDK's stream handed on: in order, so they drain
  // what was queued first.
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    pending = Math.max(0, pending - lengthOf(chunk));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
  const stop = watchStall(res, limits.writeStallTimeoutMs);
  res.once("close", stop);
  return {
    full: () => pending + res.writableLength > limits.maxBufferedBytes,
    queued: (bytes) => {
      pending += bytes;
    },
  };
}

/** An outbound for a stream the transport writes to directly (stdout): what it buffers. */
export function streamOutbound(stream: Writable, maxBufferedBytes: number): Outbound {
  return { full: () => stream.writableLength > maxBufferedBytes, queued: () => {} };
}

// Checked a few times per limit: progress is a drop in the socket's buffered bytes, or
// in libuv's queue for the write under way (a single large write drains only there).
function watchStall(res: ServerResponse, limitMs: number): () => void {
  let last = { buffered: 0, queue: 0, at: Date.now() };
  const timer = setInterval(
    () => {
      const socket = res.socket;
      if (socket === null || socket.destroyed) return;
      const buffered = socket.writableLength;
      const queue = writeQueueOf(socket);
      const now = Date.now();
      if (buffered === 0 || buffered < last.buffered || queue < last.queue) {
        last = { buffered, queue, at: now };
      } else if (now - last.at >= limitMs) {
        socket.destroy();
      } else {
        last = { ...last, buffered, queue };
      }
    },
    Math.max(10, Math.min(1_000, Math.floor(limitMs / 4))),
  );
  timer.unref();
  return () => clearInterval(timer);
}

function writeQueueOf(socket: object): number {
  const handle = (socket as { _handle?: { writeQueueSize?: unknown } | null })._handle;
  return typeof handle?.writeQueueSize === "number" ? handle.writeQueueSize : 0;
}

function lengthOf(chunk: unknown): number {
  if (typeof chunk === "string") return Buffer.byteLength(chunk);
  return chunk instanceof Uint8Array ? chunk.byteLength : 0;
}
