/**
 * The stdio transport: newline-delimited JSON-RPC over a readable and a writable, as the
 * SDK's `StdioServerTransport` reads and writes it, but answering what that one drops
 * without a word: a message over the read limit (the SDK's closes the session), a batch,
 * a line that is not JSON, a request that is not a valid one. Writes wait for `drain`
 * together, so a parent that reads slowly adds no listener per message.
 *
 * @module
 */
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { byteLimit } from "./http-limits";
import { JsonRpcCode } from "./json-rpc-reply";

/** The limits of {@link serveStdio} (its `limits`); every one is optional. */
export interface McpStdioLimits {
  /**
   * The largest message read from stdin, in bytes. A larger one is skipped to its end
   * and answered with a JSON-RPC error (-32600) naming this limit (for its id, when the
   * start of the message shows one); the session goes on. The SDK's own read buffer has
   * the same size, and closes the session without an answer when it overflows.
   * @default 10_485_760 (10 MiB)
   */
  readonly maxMessageBytes?: number;
  /**
   * The bytes stdout may have waiting for a parent that does not read it before progress
   * notifications (partial results included) are dropped rather than queued: progress is
   * lossy, a response never is. The SDK queues every message.
   * @default 1_048_576 (1 MiB)
   */
  readonly maxBufferedBytes?: number;
}

const STDIO_DEFAULTS = { maxMessageBytes: 10 * 1024 * 1024, maxBufferedBytes: 1024 * 1024 };

/** The limits with their defaults; throws a `RangeError` naming one that is not a positive number. */
export function resolveStdioLimits(limits: McpStdioLimits = {}): Required<McpStdioLimits> {
  return {
    maxMessageBytes: byteLimit(
      "maxMessageBytes",
      limits.maxMessageBytes,
      STDIO_DEFAULTS.maxMessageBytes,
    ),
    maxBufferedBytes: byteLimit(
      "maxBufferedBytes",
      limits.maxBufferedBytes,
      STDIO_DEFAULTS.maxBufferedBytes,
    ),
  };
}

/** How much of an oversized message is kept, to find its id. */
const HEAD_BYTES = 64 * 1024;

/** A JSON-RPC transport over newline-delimited messages on `input` and `output`. */
export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #input: Readable;
  readonly #output: Writable;
  readonly #maxMessageBytes: number;
  #parts: Buffer[] = [];
  #length = 0;
  /** The start of a message over the limit, while the rest of it is skipped. */
  #head: Buffer | undefined;
  #drained: Promise<void> | undefined;
  readonly #onData = (chunk: Buffer | string) => this.#receive(Buffer.from(chunk));
  readonly #onError = (error: Error) => this.onerror?.(error);

  constructor(input: Readable, output: Writable, maxMessageBytes: number) {
    this.#input = input;
    this.#output = output;
    this.#maxMessageBytes = maxMessageBytes;
  }

  async start(): Promise<void> {
    this.#input.on("data", this.#onData);
    this.#input.on("error", this.#onError);
  }

  async close(): Promise<void> {
    this.#input.off("data", this.#onData);
    this.#input.off("error", this.#onError);
    if (this.#input.listenerCount("data") === 0) this.#input.pause();
    this.#parts = [];
    this.#head = undefined;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(message);
  }

  // Resolves once the output has taken it: at once, or when it drains (or closes).
  #write(message: unknown): Promise<void> {
    if (this.#output.write(`${JSON.stringify(message)}\n`)) return Promise.resolve();
    this.#drained ??= new Promise<void>((resolve) => {
      const done = () => {
        this.#output.off("drain", done);
        this.#output.off("close", done);
        this.#drained = undefined;
        resolve();
      };
      this.#output.on("drain", done);
      this.#output.on("close", done);
    });
    return this.#drained;
  }

  #receive(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(10, start);
      this.#take(chunk.subarray(start, end === -1 ? chunk.length : end));
      if (end === -1) return;
      this.#endLine();
      start = end + 1;
    }
  }

  #take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#head === undefined && this.#length + part.length <= this.#maxMessageBytes) {
      this.#parts.push(part);
      this.#length += part.length;
      return;
    }
    // Over the limit: keep its start (to answer its id) and skip the rest, unbuffered.
    this.#head ??= Buffer.from(Buffer.concat([...this.#parts, part]).subarray(0, HEAD_BYTES));
    this.#parts = [];
    this.#length = 0;
  }

  #endLine(): void {
    if (this.#head !== undefined) {
      const id = sniffId(this.#head.toString("utf8"));
      this.#head = undefined;
      this.#refuse(
        id ?? null,
        JsonRpcCode.invalidRequest,
        `Invalid Request: the message is larger than ${this.#maxMessageBytes} bytes (limits.maxMessageBytes); it was not read`,
      );
      return;
    }
    const line = Buffer.concat(this.#parts, this.#length).toString("utf8").replace(/\r$/, "");
    this.#parts = [];
    this.#length = 0;
    if (line.trim() !== "") this.#handle(line);
  }

  #handle(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#refuse(null, JsonRpcCode.parseError, "Parse error: the message is not JSON");
      return;
    }
    if (Array.isArray(value)) {
      this.#refuseBatch(value);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = idOf(value);
      if (id === undefined) this.onerror?.(new Error("a message that is not JSON-RPC was ignored"));
      else this.#refuse(id, JsonRpcCode.invalidRequest, "Invalid Request: not a JSON-RPC message");
      return;
    }
    try {
      this.onmessage?.(parsed.data);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  // MCP 2025-06-18 removed JSON-RPC batches: each request in one is answered on its own.
  #refuseBatch(batch: readonly unknown[]): void {
    const ids = batch.map(idOf).filter((id) => id !== undefined);
    const message = "Invalid Request: batches are not supported; send each message on its own line";
    for (const id of ids.length === 0 ? [null] : ids) {
      this.#refuse(id, JsonRpcCode.invalidRequest, message);
    }
  }

  #refuse(id: RequestId | null, code: number, message: string): void {
    this.#write({ jsonrpc: "2.0", id, error: { code, message } }).catch((error: unknown) => {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    });
  }
}

function idOf(value: unknown): RequestId | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const id: unknown = (value as { id?: unknown }).id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}

/** The top-level `"id"` of a JSON object, read from its start alone; `undefined` if not there. */
function sniffId(head: string): RequestId | undefined {
  let depth = 0;
  for (let at = 0; at < head.length; at += 1) {
    const char = head[at];
    if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") depth -= 1;
    else if (char === '"') {
      const end = stringEnd(head, at);
      if (end === -1) return undefined;
      if (depth === 1 && head.slice(at, end + 1) === '"id"') {
        const value = ID_VALUE.exec(head.slice(end + 1, end + 1 + 1_024))?.[1];
        if (value !== undefined) return idOf({ id: JSON.parse(value) });
      }
      at = end;
    }
  }
  return undefined;
}

const ID_VALUE = /^\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*")/;

function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at += 1) {
    if (text[at] === "\\") at += 1;
    else if (text[at] === '"') return at;
  }
  return -1;
}
