/**
 * Reading a POST body as JSON, up to a size limit, before the transport sees it: the
 * limit then holds whatever SDK version is installed, and a body too large is refused
 * before anything parses it.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { JsonRpcCode, replyError } from "./json-rpc-reply";

/** A body read as JSON, or why it was refused (the HTTP status and JSON-RPC error to answer). */
export type BodyRead =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly status: 400 | 413;
      readonly code: number;
      readonly message: string;
    };

/**
 * Reads `req`'s body and parses it as JSON. A declared `Content-Length` over `maxBytes`
 * is refused without reading; otherwise reading stops as soon as more than `maxBytes`
 * has arrived (the rest is left unread: answer with `connection: close`). Rejects when
 * the request ends before its body (the client went away, or a timeout cut it off).
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  if (Number(req.headers["content-length"]) > maxBytes) return tooLarge(maxBytes);
  const body = await readUpTo(req, maxBytes);
  if (body === undefined) return tooLarge(maxBytes);
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) };
  } catch {
    return {
      ok: false,
      status: 400,
      code: JsonRpcCode.parseError,
      message: "Parse error: Invalid JSON",
    };
  }
}

/** What {@link bodyOrAnswer} gives when it has answered the request itself. */
export const ANSWERED: unique symbol = Symbol("answered");

/**
 * `req`'s body as JSON, or {@link ANSWERED} once `res` is answered with why it was refused
 * (or destroyed, when the client went away or a timeout cut the request off: nobody is
 * left to answer).
 */
export async function bodyOrAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
): Promise<unknown> {
  let body: BodyRead;
  try {
    body = await readJsonBody(req, maxBytes);
  } catch {
    res.destroy();
    return ANSWERED;
  }
  if (body.ok) return body.value;
  // The rest of a body too large is left unread: the connection cannot be reused.
  const headers = body.status === 413 ? { connection: "close" } : {};
  replyError(res, body.status, body.code, body.message, headers);
  return ANSWERED;
}

function tooLarge(maxBytes: number): BodyRead {
  return {
    ok: false,
    status: 413,
    code: JsonRpcCode.serverError,
    message: `Payload Too Large: the request body exceeds ${maxBytes} bytes (maxBodyBytes)`,
  };
}

// The whole body, or undefined once it passes `maxBytes`.
function readUpTo(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.pause();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => onError(new Error("the request ended before its body was complete"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
