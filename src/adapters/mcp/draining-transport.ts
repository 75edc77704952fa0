/**
 * A transport wrapper that tells a {@link Shutdown} which requests are in flight (from
 * the request to its response), and answers new requests itself once it is closing, and
 * a request whose id is already in flight with an error.
 * It lets one long-lived connection (stdio) drain the way the HTTP handler drains its
 * requests, without touching the transport it wraps.
 *
 * @module
 */
import type {
  Transport,
  TransportSendOptions,
} from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { JsonRpcCode } from "./json-rpc-reply";
import { SHUTTING_DOWN, type Shutdown } from "./shutdown";

/** `inner`, with its requests counted by `shutdown`. */
export class DrainingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  readonly #inner: Transport;
  readonly #shutdown: Shutdown;
  readonly #open = new Map<RequestId, () => void>();

  constructor(inner: Transport, shutdown: Shutdown) {
    this.#inner = inner;
    this.#shutdown = shutdown;
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.#receive(message, extra);
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      await this.#inner.send(message, options);
    } finally {
      if (isResponse(message)) this.#settle(message.id);
    }
  }

  #receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (isRequest(message)) {
      if (this.#shutdown.closing) {
        this.#refuse(message.id, JsonRpcCode.serverError, SHUTTING_DOWN);
        return;
      }
      // MCP: a request id must not be reused within a session. The SDK would run both
      // and keep one of their abort controllers; the first one keeps running here.
      if (this.#open.has(message.id)) {
        this.#refuse(
          message.id,
          JsonRpcCode.invalidRequest,
          `Invalid Request: request id ${JSON.stringify(message.id)} is already in use by a request in flight`,
        );
        return;
      }
      this.#open.set(message.id, this.#shutdown.track());
    } else if (isCancellation(message)) {
      // The SDK sends no response to a request the client cancelled: it is done now.
      this.#settle(message.params.requestId);
    }
    this.onmessage?.(message, extra);
  }

  #refuse(id: RequestId, code: number, message: string): void {
    const error = { code, message };
    this.#inner.send({ jsonrpc: "2.0", id, error }).catch((reason: unknown) => {
      this.onerror?.(reason instanceof Error ? reason : new Error(String(reason)));
    });
  }

  #settle(id: RequestId | undefined): void {
    if (id === undefined) return;
    this.#open.get(id)?.();
    this.#open.delete(id);
  }
}

// Structural checks: the SDK's own type guards were renamed across the 1.x line.
function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return "method" in message && "id" in message;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return "id" in message && ("result" in message || "error" in message);
}

function isCancellation(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { params: { requestId?: RequestId } } {
  return "method" in message && message.method === "notifications/cancelled" && !("id" in message);
}
