/**
 * Step-up over HTTP, as the MCP authorization specification asks: a `tools/call` of a
 * tool the caller may see but whose required scopes its token lacks is answered `403`
 * with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, before the call
 * reaches the server, so that a client can ask for a token with those scopes. A tool the
 * caller may not see is let through, to be answered as a tool that does not exist.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { ToolSet } from "toolwright";
import { principalOf, type ResolvedAuth } from "./auth";
import { JsonRpcCode, replyError } from "./json-rpc-reply";

/** Answers `403` when `body` calls a tool the caller lacks a required scope for; true when it did. */
export function refusedForScope(
  auth: ResolvedAuth | undefined,
  set: ToolSet,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): boolean {
  if (auth === undefined) return false;
  const principal = principalOf((req as { auth?: AuthInfo }).auth);
  if (principal === undefined) return false;
  const ctx = { auth: principal };
  for (const name of calledTools(body)) {
    const required = set.get(name, ctx)?.requiredScopes;
    if (required === undefined || required.every((scope) => principal.scopes.includes(scope))) {
      continue;
    }
    const description = `tool '${name}' requires the scopes ${required.join(" ")}`;
    const challenge = `${auth.challenge}, error="insufficient_scope", scope="${required.join(" ")}", error_description="${description.replace(/["\\]/g, "")}"`;
    replyError(
      res,
      403,
      JsonRpcCode.serverError,
      `Forbidden: ${description}, which the token does not grant (see WWW-Authenticate)`,
      { "www-authenticate": challenge },
    );
    return true;
  }
  return false;
}

// The names a message (or a batch of them) calls with `tools/call`.
function calledTools(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
    const name = method === "tools/call" ? params?.name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}
