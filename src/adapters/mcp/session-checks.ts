/**
 * What Streamable HTTP asks of a request to a session before its messages are read: the
 * media types it accepts and sends, a protocol version the server speaks, well-formed
 * JSON-RPC. Each refusal is the status, code and message the SDK's own transport answers
 * with, so a client sees the same errors from either.
 *
 * @module
 */
import type { IncomingMessage } from "node:http";
import {
  type InitializeRequest,
  isInitializeRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { JsonRpcCode } from "./json-rpc-reply";

/** A request refused: its HTTP status and JSON-RPC error. */
export interface Refusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
}

/** The most messages one POST may carry (the SDK's bound). */
const MAX_BATCH_SIZE = 100;

const refusal = (status: number, code: number, message: string): Refusal => ({
  status,
  code,
  message,
});

/** A POST must accept both answers (JSON and SSE) and send JSON. */
export function postRefusal(req: IncomingMessage): Refusal | undefined {
  const accept = req.headers.accept ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    return refusal(
      406,
      JsonRpcCode.serverError,
      "Not Acceptable: Client must accept both application/json and text/event-stream",
    );
  }
  if (!isJson(req.headers["content-type"])) {
    return refusal(
      415,
      JsonRpcCode.serverError,
      "Unsupported Media Type: Content-Type must be application/json",
    );
  }
  return undefined;
}

/** A GET opens a stream: it must accept one. */
export function getRefusal(req: IncomingMessage): Refusal | undefined {
  if ((req.headers.accept ?? "").includes("text/event-stream")) return undefined;
  return refusal(
    406,
    JsonRpcCode.serverError,
    "Not Acceptable: Client must accept text/event-stream",
  );
}

/** After initialize, a request may name only a protocol version the server speaks. */
export function versionRefusal(req: IncomingMessage): Refusal | undefined {
  const version = req.headers["mcp-protocol-version"];
  if (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) {
    return undefined;
  }
  return refusal(
    400,
    JsonRpcCode.serverError,
    `Bad Request: Unsupported protocol version: ${String(version)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
  );
}

/** The JSON-RPC messages of a POST's body, or why there are none. */
export function messagesOf(body: unknown): JSONRPCMessage[] | Refusal {
  if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
    return refusal(
      400,
      JsonRpcCode.invalidRequest,
      `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`,
    );
  }
  const parsed = (Array.isArray(body) ? body : [body]).map((message) =>
    JSONRPCMessageSchema.safeParse(message),
  );
  if (parsed.every((result) => result.success)) return parsed.map((result) => result.data);
  return refusal(400, JsonRpcCode.parseError, "Parse error: Invalid JSON-RPC message");
}

// The media type, parameters aside (`application/json; charset=utf-8` is JSON).
function isJson(header: string | undefined): boolean {
  const essence = header?.split(";", 1)[0]?.trim().toLowerCase();
  return essence === "application/json";
}

/**
 * The id of `message` if it is a request (a method and an id), else `undefined`. By its
 * shape, not the SDK's schema: run on every message of every POST, a schema's parse
 * (and, for what is not a request, its failure) is a cost the shape alone avoids; what
 * is malformed is refused by {@link messagesOf}.
 */
export function requestIdOf(message: unknown): RequestId | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const { method, id } = message as { method?: unknown; id?: unknown };
  if (typeof method !== "string") return undefined;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

/** Whether `message` is an initialize request; the schema only for one that says so. */
export function isInitialize(message: unknown): message is InitializeRequest {
  const method = (message as { method?: unknown } | null)?.method;
  return method === "initialize" && isInitializeRequest(message);
}

/** The ids of the requests among `messages`. */
export function requestIds(messages: readonly unknown[]): RequestId[] {
  const ids: RequestId[] = [];
  for (const message of messages) {
    const id = requestIdOf(message);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}
