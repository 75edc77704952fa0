/**
 * The HTTP server as an OAuth 2.1 resource server, as the MCP authorization specification
 * asks: its protected-resource metadata (RFC 9728), and every request authenticated by
 * its bearer token before its body is read: without a token it accepts, a `401` whose
 * `WWW-Authenticate` says where the metadata is, so that a client can find the
 * authorization server and come back with a token.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Principal } from "toolwright";
import { describeValue, messageOf } from "../../core/describe";
import { JsonRpcCode, replyError } from "./json-rpc-reply";
import { requestPath } from "./request-guard";

/**
 * Authentication of MCP over HTTP: who may call, by bearer token.
 *
 * @example
 * ```ts
 * const resource = "https://notes.example.com/mcp";
 * const verifier = jwtVerifier({ issuer: "https://auth.example.com", audience: resource });
 * createMcpHttpHandler({
 *   name: "notes",
 *   version: "1.0.0",
 *   tools: [notes],
 *   auth: { resource, authorizationServers: ["https://auth.example.com"], verify: (token) => verifier.verify(token) },
 * });
 * ```
 */
export interface McpAuth {
  /** This server's canonical URL, as clients name it (`resource`) and tokens' `aud` holds it. */
  readonly resource: string | URL;
  /** The issuers of the authorization servers whose tokens it accepts. */
  readonly authorizationServers: readonly (string | URL)[];
  /** The scopes its tools may ask for, published in the metadata. */
  readonly scopesSupported?: readonly string[];
  /**
   * The principal a bearer token names, or `undefined` to refuse it (answered `401` with
   * `error="invalid_token"`); `jwtVerifier(...).verify` is one. A verify that throws
   * refuses the token too, and is reported as a process warning
   * (`TOOLWRIGHT_MCP_VERIFY_FAILED`).
   */
  readonly verify: (
    token: string,
    request: IncomingMessage,
  ) => Promise<Principal | undefined> | Principal | undefined;
}

/** `auth` checked, with what the HTTP layer serves from it. */
export interface ResolvedAuth {
  readonly verify: McpAuth["verify"];
  /** The metadata document, as JSON. */
  readonly metadata: string;
  /** Where it is served: the path-suffixed well-known path of the resource, and the root one. */
  readonly metadataPaths: readonly string[];
  /** The `WWW-Authenticate` of a request without a token. */
  readonly challenge: string;
}

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** The `auth` option resolved: `undefined` for none. Throws naming a bad value. */
export function resolveAuth(option: unknown): ResolvedAuth | undefined {
  if (option === undefined) return undefined;
  const auth = option as Partial<McpAuth> | null;
  if (typeof auth !== "object" || auth === null) {
    throw new TypeError(`auth must be an object, received ${describeValue(option)}`);
  }
  const resource = urlOf(auth.resource, "auth.resource");
  if (!Array.isArray(auth.authorizationServers) || auth.authorizationServers.length === 0) {
    throw new TypeError(
      `auth.authorizationServers must be a non-empty array of issuer URLs, received ${describeValue(auth.authorizationServers)}`,
    );
  }
  const servers = auth.authorizationServers.map((server, index) =>
    urlOf(server, `auth.authorizationServers[${index}]`),
  );
  if (typeof auth.verify !== "function") {
    throw new TypeError(`auth.verify must be a function, received ${describeValue(auth.verify)}`);
  }
  const suffix = resource.pathname === "/" ? "" : resource.pathname.replace(/\/$/, "");
  const metadataUrl = `${resource.origin}${WELL_KNOWN}${suffix}`;
  const metadata = JSON.stringify({
    resource: resource.href,
    authorization_servers: servers.map((server) => server.href.replace(/\/$/, "")),
    ...(auth.scopesSupported !== undefined && { scopes_supported: [...auth.scopesSupported] }),
    bearer_methods_supported: ["header"],
  });
  return {
    verify: auth.verify,
    metadata,
    metadataPaths: [...new Set([`${WELL_KNOWN}${suffix}`, WELL_KNOWN])],
    challenge: `Bearer resource_metadata="${metadataUrl}"`,
  };
}

function urlOf(value: unknown, option: string): URL {
  try {
    if (typeof value === "string" || value instanceof URL) return new URL(value);
  } catch {
    // Answered below, naming the option.
  }
  throw new TypeError(`${option} must be an absolute URL, received ${describeValue(value)}`);
}

/** Serves the metadata when `req` asks for it; true when it did. */
export function servedMetadata(auth: ResolvedAuth, req: IncomingMessage, res: ServerResponse) {
  const path = requestPath(req.url);
  if (path === undefined || !auth.metadataPaths.includes(path)) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    replyError(res, 405, JsonRpcCode.serverError, "Method not allowed", { allow: "GET" });
    return true;
  }
  res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=3600" });
  res.end(req.method === "HEAD" ? undefined : auth.metadata);
  return true;
}

/**
 * The principal `req`'s bearer token names, set on `req` for the SDK's transport (which
 * hands it to each request's handler as `authInfo`); or `undefined` once `res` is
 * answered `401` (or `400` for a token in the query string, which the MCP specification
 * forbids). Reads headers only: the body is left unread.
 */
export async function authenticated(
  auth: ResolvedAuth,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Principal | undefined> {
  if (/[?&]access_token=/.test(req.url ?? "")) {
    refuse(
      res,
      400,
      `${auth.challenge}, error="invalid_request", error_description="send the token in the Authorization header, not the query string"`,
    );
    return undefined;
  }
  const token = bearerOf(req.headers.authorization);
  if (token === undefined) {
    refuse(res, 401, auth.challenge);
    return undefined;
  }
  let principal: Principal | undefined;
  try {
    principal = await auth.verify(token, req);
  } catch (error) {
    process.emitWarning(`MCP auth.verify threw; the token was refused: ${messageOf(error)}`, {
      type: "McpAuthWarning",
      code: "TOOLWRIGHT_MCP_VERIFY_FAILED",
    });
  }
  if (principal === undefined || typeof principal?.subject !== "string") {
    refuse(res, 401, `${auth.challenge}, error="invalid_token"`);
    return undefined;
  }
  const info: AuthInfo = {
    token,
    clientId: principal.subject,
    scopes: [...principal.scopes],
    extra: { principal },
  };
  Object.assign(req, { auth: info });
  return principal;
}

/** The principal the SDK hands a request's handler, when `auth` authenticated it. */
export function principalOf(authInfo: AuthInfo | undefined): Principal | undefined {
  const principal = authInfo?.extra?.principal;
  return typeof principal === "object" && principal !== null ? (principal as Principal) : undefined;
}

/** A `principal` option checked: a subject, scopes and claims. Throws naming what is wrong. */
export function checkPrincipal(value: unknown): Principal | undefined {
  if (value === undefined) return undefined;
  const principal = value as Partial<Principal> | null;
  const valid =
    typeof principal === "object" &&
    principal !== null &&
    typeof principal.subject === "string" &&
    principal.subject !== "" &&
    Array.isArray(principal.scopes) &&
    principal.scopes.every((scope) => typeof scope === "string") &&
    typeof principal.claims === "object" &&
    principal.claims !== null;
  if (!valid) {
    throw new TypeError(
      `principal must be { subject, scopes, claims } (a non-empty subject, an array of scope strings, an object of claims), received ${describeValue(value)}`,
    );
  }
  return Object.freeze({ ...principal }) as Principal;
}

function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header ?? "");
  return match?.[1];
}

function refuse(res: ServerResponse, status: 400 | 401, challenge: string): void {
  const message =
    status === 400
      ? "Bad Request: a token in the query string is refused"
      : "Unauthorized: this server needs a bearer token (see WWW-Authenticate)";
  replyError(res, status, JsonRpcCode.serverError, message, { "www-authenticate": challenge });
}
