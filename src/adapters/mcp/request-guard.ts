/**
 * The outermost request listener: no request, however malformed, may throw out of it.
 * A throw there is an uncaught exception, and one request would end the process.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { messageOf } from "../../core/describe";
import { JsonRpcCode, replyError } from "./json-rpc-reply";

type Listener = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * `listener`, guarded (see {@link answerSafely}), as a plain Node request listener.
 */
export function guardListener(
  listener: Listener,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => void answerSafely(req, res, listener);
}

/**
 * Runs `listener` for one request and never rejects: a throw or a rejection is answered
 * 500 (or ends the response if its headers are out) and reported as a process warning
 * with code `TOOLWRIGHT_MCP_REQUEST_FAILED`. Everything a request can get wrong is
 * answered before this point, so what reaches it is a bug to hear about, not to hide.
 */
export async function answerSafely(
  req: IncomingMessage,
  res: ServerResponse,
  listener: Listener,
): Promise<void> {
  // A client resetting the connection must not become an unhandled 'error' event.
  req.on("error", ignore);
  res.on("error", ignore);
  try {
    await listener(req, res);
  } catch (error) {
    fail(res, error);
  }
}

/**
 * The path of a request target, or undefined when it is neither origin form (`/mcp?x`)
 * nor an absolute http(s) URL: the asterisk form, an authority, or a URL that does not
 * parse (such as `http://a:99999/mcp`, whose port is out of range).
 */
export function requestPath(target: string | undefined): string | undefined {
  if (target === undefined) return undefined;
  if (target.startsWith("/")) return target.replace(/[?#].*$/s, "");
  try {
    const url = new URL(target);
    return url.protocol === "http:" || url.protocol === "https:" ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

function fail(res: ServerResponse, error: unknown): void {
  process.emitWarning(`MCP HTTP request failed: ${messageOf(error)}`, {
    type: "McpRequestWarning",
    code: "TOOLWRIGHT_MCP_REQUEST_FAILED",
  });
  try {
    replyError(res, 500, JsonRpcCode.internalError, "Internal error: the server failed to answer");
  } catch {
    res.destroy();
  }
}

function ignore(): void {}
