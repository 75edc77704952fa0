/**
 * MCP over HTTP as an OAuth resource server (`auth`), against a real authorization
 * server on loopback (oidc-provider, through `jwtVerifier`) and the SDK's own Client:
 * the protected-resource metadata, `401` with `WWW-Authenticate` before the body is read,
 * a refused token in the query string, and the caller's principal as `ctx.auth` and in
 * the `host` hook; in session mode a session is its starter's alone.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  capability,
  defineTool,
  type Principal,
  type ToolCallRecord,
  toolbox,
  toolSet,
} from "toolwright";
import { createMcpHttpHandler, listenMcpHttp, type McpCallInfo } from "toolwright/mcp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import {
  type AuthorizationServer,
  CLIENT_ID,
  CLIENT_SECRET,
  startAuthorizationServer,
} from "./authorization-server";
import { mcpHeaders } from "./http-raw";
import { serveProtected } from "./protected-handler";

let issuer: AuthorizationServer;
beforeAll(async () => {
  issuer = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
});
afterAll(() => issuer.close());

const ran: string[] = [];
const recorded: ToolCallRecord[] = [];
const hosted: (Principal | undefined)[] = [];
const tools = toolbox("notes", "Notes", {
  whoami: defineTool({
    description: "Says who is calling",
    parameters: z.object({}),
    execute: (_args, ctx) => {
      ran.push("whoami");
      return `${ctx?.auth?.subject ?? "nobody"} with ${ctx?.auth?.scopes.join(" ") || "no scopes"}`;
    },
  }),
});
const notes = capability({ name: "notes", description: "Notes", toolbox: tools });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  ran.length = 0;
  hosted.length = 0;
  recorded.length = 0;
});

/** A protected handler on a server of the test's: its URL is the resource. */
function serve(sessions = false): Promise<URL> {
  const options = {
    name: "notes",
    version: "1.0.0",
    tools: toolSet([notes], { recorder: (record) => void recorded.push(record) }),
    sessions,
    host: (call: McpCallInfo) => {
      hosted.push(call.auth);
      return {};
    },
    scopesSupported: ["notes:read", "notes:write"],
  };
  return serveProtected(issuer, options, cleanups);
}

async function connect(url: URL, token: string) {
  const client = new Client({ name: "test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

const call = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "whoami", arguments: {} },
});

describe("a protected MCP server", () => {
  it("serves its protected-resource metadata at the path-suffixed and the root well-known paths", async () => {
    const url = await serve();
    for (const path of [
      "/.well-known/oauth-protected-resource/mcp",
      "/.well-known/oauth-protected-resource",
    ]) {
      const response = await fetch(new URL(path, url));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: url.href,
        authorization_servers: [issuer.issuer],
        scopes_supported: ["notes:read", "notes:write"],
        bearer_methods_supported: ["header"],
      });
    }
  });

  it("answers a request without a token 401, pointing at the metadata, and runs nothing", async () => {
    const url = await serve();
    const response = await fetch(url, { method: "POST", headers: mcpHeaders, body: call });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${url.origin}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(ran).toEqual([]);
  });

  it("refuses before reading the body: a request that never sends one is answered at once", async () => {
    const url = await serve();
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        { method: "POST", headers: { ...mcpHeaders, "content-length": "1000000" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on("error", reject);
      req.write("{"); // and never the rest
    });
    expect(status).toBe(401);
  });

  it.each([
    ["garbage", "not-a-jwt"],
    ["a token for another resource", "other"],
    ["a token signed by nobody it trusts", "forged"],
  ])('answers %s 401 with error="invalid_token"', async (_name, kind) => {
    const url = await serve();
    const token =
      kind === "not-a-jwt"
        ? "abc.def.ghi"
        : kind === "other"
          ? await issuer.token({ resource: "http://127.0.0.1:1/elsewhere" })
          : `${(await issuer.token({ resource: url.href })).slice(0, -4)}AAAA`;
    const response = await fetch(url, {
      method: "POST",
      headers: { ...mcpHeaders, authorization: `Bearer ${token}` },
      body: call,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/, error="invalid_token"$/);
    expect(ran).toEqual([]);
  });

  it("refuses a token in the query string (400), even a valid one", async () => {
    const url = await serve();
    const token = await issuer.token({ resource: url.href });
    const response = await fetch(`${url.href}?access_token=${token}`, {
      method: "POST",
      headers: mcpHeaders,
      body: call,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_request"');
    expect(ran).toEqual([]);
  });

  it("gives each call the caller's principal, as ctx.auth and to the host hook (SDK Client, stateless)", async () => {
    const url = await serve();
    const token = await issuer.token({ resource: url.href, scope: "notes:read" });
    const { client } = await connect(url, token);
    const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
    expect(result.content).toEqual([{ type: "text", text: "notes-agent with notes:read" }]);
    expect(hosted.map((auth) => auth?.subject)).toEqual(["notes-agent"]);
    expect(hosted[0]?.claims.aud).toBe(url.href);
    // The audit trail names the caller, never the token.
    expect(recorded.map((record) => [record.name, record.caller])).toEqual([
      ["whoami", "notes-agent"],
    ]);
    expect(JSON.stringify(recorded)).not.toContain(token);
  });

  it("the SDK Client's own OAuth finds the authorization server from the 401, gets a token for this resource and calls", async () => {
    const { ClientCredentialsProvider } = await import(
      "@modelcontextprotocol/sdk/client/auth-extensions.js"
    );
    const url = await serve(true);
    const authProvider = new ClientCredentialsProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scope: "notes:write",
      expectedIssuer: issuer.issuer,
    });
    const client = new Client({ name: "oauth", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider }));
    cleanups.push(() => client.close());
    const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
    expect(result.content).toEqual([{ type: "text", text: "notes-agent with notes:write" }]);
    expect(hosted[0]?.claims.aud).toBe(url.href);
  });

  it("in session mode, a session is its starter's: another caller's token with its id is not found", async () => {
    const url = await serve(true);
    const reader = await issuer.token({ resource: url.href, scope: "notes:read" });
    const { client, transport } = await connect(url, reader);
    const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
    expect(result.content).toEqual([{ type: "text", text: "notes-agent with notes:read" }]);
    // A token of another subject, signed by the same issuer, for this resource.
    const { SignJWT } = await import("jose");
    const key = issuer.signingKey();
    const intruder = await new SignJWT({ scope: "notes:read" })
      .setProtectedHeader({ alg: "RS256", kid: key.kid })
      .setIssuer(issuer.issuer)
      .setAudience(url.href)
      .setSubject("mallory")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key.privateKey);
    const hijack = await fetch(url, {
      method: "POST",
      headers: {
        ...mcpHeaders,
        authorization: `Bearer ${intruder}`,
        "mcp-session-id": transport.sessionId ?? "",
        "mcp-protocol-version": "2025-11-25",
      },
      body: call,
    });
    expect(hijack.status).toBe(404);
    expect(ran).toEqual(["whoami"]);
  });

  it("refuses a token when verify throws (warning why) or resolves no principal, and the metadata takes GET only", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => {
      if (warning.code === "TOOLWRIGHT_MCP_VERIFY_FAILED") warnings.push(warning.message);
    };
    process.on("warning", onWarning);
    const verdicts: (() => unknown)[] = [
      () => {
        throw new Error("the key service is down");
      },
      () => ({ subject: 42 }),
    ];
    const handler = createMcpHttpHandler({
      name: "n",
      version: "1",
      tools: [notes],
      auth: {
        resource: "http://127.0.0.1/mcp",
        authorizationServers: [issuer.issuer],
        verify: () => verdicts.shift()?.() as Principal | undefined,
      },
    });
    const server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      process.off("warning", onWarning);
      await handler.close({ graceMs: 0 });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    const headers = { ...mcpHeaders, authorization: "Bearer some.token.value" };
    const statuses = [];
    for (let n = 0; n < 2; n++) {
      const response = await fetch(url, { method: "POST", headers, body: call });
      statuses.push([
        response.status,
        response.headers.get("www-authenticate")?.endsWith('error="invalid_token"'),
      ]);
    }
    expect(statuses).toEqual([
      [401, true],
      [401, true],
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([
      "MCP auth.verify threw; the token was refused: the key service is down",
    ]);
    const posted = await fetch(new URL("/.well-known/oauth-protected-resource/mcp", url), {
      method: "POST",
    });
    expect([posted.status, posted.headers.get("allow")]).toEqual([405, "GET"]);
    expect(ran).toEqual([]);
  });

  it("refuses bad auth options by name", () => {
    const base = { name: "n", version: "1", tools: [notes] };
    const verify = () => undefined;
    expect(() =>
      createMcpHttpHandler({
        ...base,
        auth: { resource: "mcp", authorizationServers: ["https://a"], verify },
      }),
    ).toThrow('auth.resource must be an absolute URL, received a string ("mcp")');
    expect(() =>
      createMcpHttpHandler({
        ...base,
        auth: { resource: "https://r/mcp", authorizationServers: [], verify },
      }),
    ).toThrow("auth.authorizationServers must be a non-empty array of issuer URLs");
    expect(() =>
      createMcpHttpHandler({
        ...base,
        auth: {
          resource: "https://r/mcp",
          authorizationServers: ["https://a"],
          verify: "no" as never,
        },
      }),
    ).toThrow('auth.verify must be a function, received a string ("no")');
  });

  it("listenMcpHttp routes the metadata paths beside its own", async () => {
    const http = await listenMcpHttp({
      name: "n",
      version: "1",
      tools: [notes],
      auth: {
        resource: "https://notes.example.com/mcp",
        authorizationServers: [issuer.issuer],
        verify: () => undefined,
      },
    });
    cleanups.push(() => http.close({ graceMs: 0 }));
    const metadata = await fetch(new URL("/.well-known/oauth-protected-resource/mcp", http.url));
    expect(((await metadata.json()) as { resource: string }).resource).toBe(
      "https://notes.example.com/mcp",
    );
    const refused = await fetch(http.url, { method: "POST", headers: mcpHeaders, body: call });
    expect(refused.status).toBe(401);
  });
});
