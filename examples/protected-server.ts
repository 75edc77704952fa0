/**
 * A protected MCP server against a real authorization server, end to end, on loopback:
 *
 *   npx tsx examples/protected-server.ts
 *
 * It starts oidc-provider (an OpenID Certified authorization server) on 127.0.0.1 with one
 * client for the client-credentials grant, issuing JWT access tokens whose `aud` is the
 * resource the client names (RFC 8707); serves a tool that reads its caller with `auth`
 * and `jwtVerifier` pointed at that issuer; then, as a client, calls without a token, with
 * a token issued for another server, and with one issued for this server (through the MCP
 * SDK's own Client), prints what each got, and stops both servers. Nothing leaves
 * 127.0.0.1. oidc-provider warns on stderr that its in-memory store is for development
 * only, which it is. docs/mcp-auth-setup.md walks through it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { exportJWK, generateKeyPair } from "jose";
import { capability, defineTool, ToolError, toolbox } from "toolwright";
import { jwtVerifier, listenMcpHttp, type McpHttpOptions } from "toolwright/mcp";
import { z } from "zod";
import { runIfMain } from "./run-if-main";

/**
 * This server as its clients name it: its public URL, behind the TLS proxy that would
 * front it in production. Tokens must be issued for it (their `aud`).
 */
export const RESOURCE = "https://meetings.example.com/mcp";
/** Another server the same authorization server issues tokens for. */
export const OTHER_RESOURCE = "https://billing.example.com/mcp";
/** The one client registered at the authorization server (client_secret_basic). */
export const CLIENT_ID = "meetings-agent";
const CLIENT_SECRET = "a-client-secret-for-this-example-only";
const SCOPE = "meetings:read";

/** A tool that acts for its caller: `ctx.auth` is the principal the token named. */
export const myMeetings = capability({
  name: "my_meetings",
  description: "The calling user's meetings",
  toolbox: toolbox("my_meetings", "The calling user's meetings", {
    list_my_meetings: defineTool({
      description: "List the calling user's meetings for a day",
      parameters: z.object({ day: z.string().describe("ISO date, e.g. 2026-12-01") }),
      execute: ({ day }, ctx) => {
        if (!ctx?.auth?.scopes.includes(SCOPE)) {
          throw new ToolError(`reading meetings needs the ${SCOPE} scope`);
        }
        return `${ctx.auth.subject} on ${day}: Standup, Quarterly planning`;
      },
    }),
  }),
});

/** A running authorization server. */
export interface AuthorizationServer {
  /** Its issuer identifier, the `iss` of its tokens. */
  readonly issuer: string;
  /** A token from its token endpoint by the client-credentials grant, for `resource`. */
  token(resource: string): Promise<string>;
  close(): Promise<void>;
}

/** oidc-provider on 127.0.0.1 (a free port), issuing JWT access tokens per resource. */
export async function startAuthorizationServer(): Promise<AuthorizationServer> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "example", alg: "RS256" };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Loaded when started, not when imported: oidc-provider warns at load on runtimes it
  // does not certify, and the repository's check imports every example.
  const { default: Provider } = await import("oidc-provider");
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        scope: SCOPE,
      },
    ],
    scopes: [SCOPE],
    jwks: { keys: [signingKey] },
    ttl: { ClientCredentials: 600 }, // seconds
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined, // a token request must name its resource
        useGrantedResource: () => true,
        // Each resource gets JWT access tokens whose aud is that resource. A real server
        // knows its APIs; this one issues for any it is asked for.
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({
          scope: SCOPE,
          audience: resource,
          accessTokenFormat: "jwt",
          accessTokenTTL: 600,
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    async token(resource) {
      const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64");
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { authorization: `Basic ${basic}` },
        body: new URLSearchParams({ grant_type: "client_credentials", resource, scope: SCOPE }),
      });
      const answer = (await response.json()) as { access_token?: string };
      if (typeof answer.access_token !== "string") {
        throw new Error(`the token endpoint answered ${response.status}`);
      }
      return answer.access_token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The protected server's options: tokens from `issuer`, for {@link RESOURCE} only. */
export function protectedServer(issuer: string): McpHttpOptions {
  const verifier = jwtVerifier({
    issuer,
    audience: RESOURCE,
    onRefused: ({ code, reason }) => console.log(`token refused (${code}): ${reason}`),
  });
  return {
    name: "meetings",
    version: "1.0.0",
    tools: [myMeetings],
    hostname: "127.0.0.1",
    port: 0,
    auth: {
      resource: RESOURCE,
      authorizationServers: [issuer],
      scopesSupported: [SCOPE],
      verify: (token) => verifier.verify(token),
    },
  };
}

/** A JSON-RPC POST to `url`, with `token` as its bearer token when given: status and challenge. */
async function post(url: URL, token?: string): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  await response.body?.cancel();
  return `${response.status} ${response.headers.get("www-authenticate")}`;
}

/** Calls `list_my_meetings` with the MCP SDK's Client, sending `token`. */
async function callWith(url: URL, token: string): Promise<string> {
  const client = new Client({ name: CLIENT_ID, version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  try {
    const result = await client.callTool({
      name: "list_my_meetings",
      arguments: { day: "2026-12-01" },
    });
    const [first] = result.content as { type: string; text?: string }[];
    return first?.text ?? JSON.stringify(result);
  } finally {
    await client.close();
  }
}

/** The walk-through: both servers up, three calls, both servers down. */
export async function main(): Promise<void> {
  const authorization = await startAuthorizationServer();
  const http = await listenMcpHttp(protectedServer(authorization.issuer));
  try {
    console.log(`no token: ${await post(http.url)}`);
    const elsewhere = await authorization.token(OTHER_RESOURCE);
    console.log(`token for ${OTHER_RESOURCE}: ${await post(http.url, elsewhere)}`);
    const token = await authorization.token(RESOURCE);
    console.log(`token for ${RESOURCE}: ${await callWith(http.url, token)}`);
  } finally {
    await http.close({ graceMs: 0 });
    await authorization.close();
  }
}

runIfMain(import.meta.url, main);
