/**
 * HTTP answers carrying a JSON-RPC error, for requests refused before any MCP server
 * reads them (so with `id: null`, as the SDK's transport answers them too).
 *
 * @module
 */
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

/** JSON-RPC error codes the HTTP layer answers with. */
export const JsonRpcCode = {
  /** The body is not JSON. */
  parseError: -32700,
  /** The request is not one the server can take (its target, for one). */
  invalidRequest: -32600,
  /** An error the server did not expect. */
  internalError: -32603,
  /** Refused by policy: a foreign Host or Origin, a body too large, a method, a shutdown. */
  serverError: -32000,
  /** No session of that id (never started, ended, or expired): the SDK's code for it. */
  sessionNotFound: -32001,
} as const;

/**
 * Answers `res` with `status` and a JSON-RPC error. When the headers are already out there
 * is no answering: the response is destroyed, so the client sees the connection end.
 */
export function replyError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
