import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { capability, defineTool, type ToolCallRecord, toolbox, toolSet } from "toolwright";
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
  issuer = await startAuthorizationServer({ scopes: ["notes:read", "notes:write", "admin"] });
});
afterAll(() => issuer.close());

const ran: string[] = [];
const recorded: ToolCallRecord[] = [];

/** `read_note`, `write_note` (needs notes:write) and, unless left out, `purge_notes` (admins only). */
function notes(withPurge: boolean) {
  const tool = (name: string, controls = {}) =>
    defineTool({
      description: `The ${name} tool`,
      parameters: z.object({ id: z.string() }),
      returns: z.object({ done: z.string() }),
      controls,
      execute: ({ id }) => {
        ran.push(name);
        return { done: `${name} ${id}` };
      },
    });
  const tools = {
    read_note: tool("read_note"),
    write_note: tool("write_note", { requiredScopes: ["notes:write"] }),
    ...(withPurge && {
      purge_notes: tool("purge_notes", {
        visible: (ctx: { auth?: { scopes: readonly string[] } } | undefined) =>
          ctx?.auth?.scopes.includes("admin") === true,
      }),
    }),
  };
  return capability({
    name: "notes",
    description: "Notes",
    toolbox: toolbox("notes", "Notes", tools),
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  ran.length = 0;
  recorded.length = 0;
});

/** A protected handler on a server of the test's (its URL is the resource). */
function serve({ withPurge = true, sessions = false } = {}): Promise<URL> {
  const options = {
    name: "notes",
    version: "1.0.0",
    tools: toolSet([notes(withPurge)], { recorder: (record) => void recorded.push(record) }),
    sessions,
    scopesSupported: ["notes:read", "notes:write", "admin"],
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
  return client;
}

/** One JSON-RPC POST, answered as text (stateless: the server answers it and closes). */
async function post(url: URL, token: string, method: string, params: object) {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...mcpHeaders, authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    challenge: response.headers.get("www-authenticate"),
    text: await response.text(),
  };
}

describe("MCP over HTTP: tools each caller may see and call", () => {
  it("tools/list holds only what the token's caller may see", async () => {
    const url = await serve();
    const reader = await connect(
      url,
      await issuer.token({ resource: url.href, scope: "notes:read" }),
    );
    const admin = await connect(
      url,
      await issuer.token({ resource: url.href, scope: "notes:read admin" }),
    );
    const names = async (client: Client) =>
      (await client.listTools()).tools.map((tool) => tool.name);
    expect(await names(reader)).toEqual(["read_note", "write_note"]);
    expect(await names(admin)).toEqual(["read_note", "write_note", "purge_notes"]);
    const result = (await admin.callTool({
      name: "purge_notes",
      arguments: { id: "n" },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({ done: "purge_notes n" });
  });

  it("a hidden tool answers byte for byte as a missing one: the listing and a call of it", async () => {
    const hiding = await serve();
    const without = await serve({ withPurge: false });
    const scope = "notes:read";
    const askBoth = async (method: string, params: object) => {
      const [a, b] = await Promise.all([
        post(hiding, await issuer.token({ resource: hiding.href, scope }), method, params),
        post(without, await issuer.token({ resource: without.href, scope }), method, params),
      ]);
      return [a, b];
    };
    for (const [method, params] of [
      ["tools/list", {}],
      ["tools/call", { name: "purge_notes", arguments: { id: "n" } }],
    ] as const) {
      const [hidden, missing] = await askBoth(method, params);
      expect(hidden?.status).toBe(200);
      expect(hidden).toEqual(missing);
    }
    const [hidden] = await askBoth("tools/call", { name: "purge_notes", arguments: { id: "n" } });
    expect(hidden?.text).toContain(
      "unknown tool 'purge_notes'; available tools: read_note, write_note",
    );
    expect(ran).toEqual([]);
  });

  it("a call lacking a required scope is answered 403 insufficient_scope, naming it, and runs nothing", async () => {
    const url = await serve();
    const token = await issuer.token({ resource: url.href, scope: "notes:read" });
    const answer = await post(url, token, "tools/call", {
      name: "write_note",
      arguments: { id: "n" },
    });
    expect(answer.status).toBe(403);
    expect(answer.challenge).toBe(
      `Bearer resource_metadata="${url.origin}/.well-known/oauth-protected-resource/mcp", error="insufficient_scope", scope="notes:write", error_description="tool 'write_note' requires the scopes notes:write"`,
    );
    expect(JSON.parse(answer.text)).toMatchObject({
      error: { message: expect.stringMatching(/^Forbidden: tool 'write_note' requires/) },
    });
    expect(ran).toEqual([]);
    // Granted, it runs; a tool it may not see is not refused 403, but answered as missing.
    const writer = await issuer.token({ resource: url.href, scope: "notes:read notes:write" });
    expect(
      (await post(url, writer, "tools/call", { name: "write_note", arguments: { id: "n" } }))
        .status,
    ).toBe(200);
    expect(
      (await post(url, token, "tools/call", { name: "purge_notes", arguments: { id: "n" } }))
        .status,
    ).toBe(200);
    expect(ran).toEqual(["write_note"]);
  });

  it("in session mode too: the SDK Client reads the challenge and steps up for the scope", async () => {
    const { ClientCredentialsProvider } = await import(
      "@modelcontextprotocol/sdk/client/auth-extensions.js"
    );
    const url = await serve({ sessions: true });
    const clientFor = async (scope: string) => {
      const authProvider = new ClientCredentialsProvider({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        scope,
        expectedIssuer: issuer.issuer,
      });
      const client = new Client({ name: "step-up", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider }));
      cleanups.push(() => client.close());
      return client;
    };
    const reader = await clientFor("notes:read");
    const before = issuer.requests("/token");
    // The SDK parses `insufficient_scope` and asks for a new token once; its client-credentials
    // flow (1.32) requests its configured scope rather than the challenged one, so the retry
    // is refused again, and the SDK stops there.
    await expect(reader.callTool({ name: "write_note", arguments: { id: "n" } })).rejects.toThrow(
      "Server returned 403 after trying upscoping",
    );
    expect(issuer.requests("/token")).toBe(before + 1);
    const writer = await clientFor("notes:read notes:write");
    const result = (await writer.callTool({
      name: "write_note",
      arguments: { id: "n" },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({ done: "write_note n" });
    expect(ran).toEqual(["write_note"]);
  });

  it("the recorder names who called and what was decided", async () => {
    const url = await serve();
    const token = await issuer.token({ resource: url.href, scope: "notes:read" });
    await post(url, token, "tools/call", { name: "purge_notes", arguments: { id: "n" } });
    await post(url, token, "tools/call", { name: "read_note", arguments: { id: "n" } });
    expect(recorded.map((record) => [record.name, record.caller, record.access])).toEqual([
      [
        "purge_notes",
        CLIENT_ID,
        { decision: "hidden", reason: "its visible check returned false" },
      ],
      ["read_note", CLIENT_ID, { decision: "allowed", reason: "no access rule" }],
    ]);
  });
});
