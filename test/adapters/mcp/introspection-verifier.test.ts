/**
 * `introspectionVerifier` against a real authorization server (oidc-provider on loopback,
 * see authorization-server.ts, issuing opaque tokens for a resource ending `/opaque`):
 * its tokens introspect to `{ subject, scopes, claims }`, by an endpoint given or found
 * from its metadata; an unknown or revoked token is inactive, one for another resource
 * refused; answers are kept `cacheMs` (never past `exp`) and shared by verifies at once;
 * an endpoint down, slow or answering nonsense is a refusal, never a throw; no reason
 * holds the token; bad options are refused by name; and an MCP server protected by it
 * accepts an opaque token end to end.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { capability, defineTool, toolbox } from "toolwright";
import {
  createMcpHttpHandler,
  type IntrospectionVerifierOptions,
  introspectionVerifier,
  type TokenRefusal,
} from "toolwright/mcp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import {
  type AuthorizationServer,
  CLIENT_ID,
  CLIENT_SECRET,
  startAuthorizationServer,
} from "./authorization-server";
import { mcpHeaders } from "./http-raw";

/** This server's resource identifier: only ever a string compared, never fetched. */
const RESOURCE = "http://127.0.0.1:8931/mcp/opaque";
const OTHER_RESOURCE = "http://127.0.0.1:8932/mcp/opaque";
const INTROSPECTION = "/token/introspection";

let server: AuthorizationServer;
/** Every refusal any verifier of this file reported, and every token it saw. */
const allRefusals: TokenRefusal[] = [];
const allTokens: string[] = [];

beforeAll(async () => {
  server = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A verifier of `server`'s tokens for RESOURCE, and the refusals it reported. */
function verifierOf(options: Partial<IntrospectionVerifierOptions> = {}) {
  const refusals: TokenRefusal[] = [];
  const verifier = introspectionVerifier({
    ...(options.issuer === undefined ? { endpoint: `${server.issuer}${INTROSPECTION}` } : {}),
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    audience: RESOURCE,
    onRefused: (refusal) => {
      refusals.push(refusal);
      allRefusals.push(refusal);
    },
    ...options,
  });
  return { verifier, refusals };
}

async function opaqueToken(resource = RESOURCE, scope = "notes:read notes:write") {
  const token = await server.token({ resource, scope });
  allTokens.push(token);
  return token;
}

const asked = () => server.requests(INTROSPECTION);

/** A port nothing listens on: one just listened on and closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A server answering every request with `answer` (or never, when it is undefined). */
async function answering(
  answer: ((res: ServerResponse) => void) | undefined,
): Promise<{ url: string; close: () => Promise<void> }> {
  const fake: Server = createServer((_req, res) => answer?.(res));
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/introspect`;
  return {
    url,
    close: async () => {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    },
  };
}

describe("introspectionVerifier", () => {
  it("introspects a real opaque token to its principal", async () => {
    const token = await opaqueToken();
    expect(token.split(".")).toHaveLength(1);
    const { verifier, refusals } = verifierOf();
    const principal = await verifier.verify(token);
    expect(refusals).toEqual([]);
    expect(principal?.subject).toBe(CLIENT_ID);
    expect(principal?.scopes).toEqual(["notes:read", "notes:write"]);
    expect(principal?.claims).toMatchObject({
      active: true,
      iss: server.issuer,
      aud: RESOURCE,
      client_id: CLIENT_ID,
      scope: "notes:read notes:write",
    });
    expect(typeof principal?.claims.exp).toBe("number");
    expect(Object.isFrozen(principal)).toBe(true);
  });

  it("finds the endpoint from the issuer's metadata, once", async () => {
    const { verifier, refusals } = verifierOf({ issuer: server.issuer, cacheMs: 0 });
    const metadata = () =>
      server.requests("/.well-known/oauth-authorization-server") +
      server.requests("/.well-known/openid-configuration");
    const before = metadata();
    expect((await verifier.verify(await opaqueToken()))?.subject).toBe(CLIENT_ID);
    expect((await verifier.verify(await opaqueToken()))?.subject).toBe(CLIENT_ID);
    expect(refusals).toEqual([]);
    // Read once: the first address that names it, or both when only the second does.
    const read = metadata() - before;
    expect(read).toBeGreaterThanOrEqual(1);
    expect(read).toBeLessThanOrEqual(2);
    await verifier.verify(await opaqueToken());
    expect(metadata() - before).toBe(read);
  });

  it("refuses an unknown token and a revoked one as inactive", async () => {
    const { verifier, refusals } = verifierOf();
    const unknown = "an-opaque-token-the-server-never-issued-0123456789";
    allTokens.push(unknown);
    expect(await verifier.verify(unknown)).toBeUndefined();
    const revoked = await opaqueToken();
    await server.revoke(revoked);
    expect(await verifier.verify(revoked)).toBeUndefined();
    expect(refusals.map((refusal) => refusal.code)).toEqual(["inactive", "inactive"]);
  });

  it("refuses a token for another resource", async () => {
    const { verifier, refusals } = verifierOf();
    expect(await verifier.verify(await opaqueToken(OTHER_RESOURCE))).toBeUndefined();
    expect(refusals).toEqual([
      {
        code: "wrong-audience",
        reason: expect.stringContaining(RESOURCE) as unknown as string,
      },
    ]);
    // An array of audiences: one of them is enough.
    const both = verifierOf({ audience: [RESOURCE, OTHER_RESOURCE] });
    expect((await both.verifier.verify(await opaqueToken(OTHER_RESOURCE)))?.subject).toBe(
      CLIENT_ID,
    );
  });

  it("refuses a token over 16 KiB without asking", async () => {
    const { verifier, refusals } = verifierOf();
    const before = asked();
    const huge = "x".repeat(16 * 1024 + 1);
    allTokens.push(huge);
    expect(await verifier.verify(huge)).toBeUndefined();
    expect(refusals.map((refusal) => refusal.code)).toEqual(["too-large"]);
    expect(asked()).toBe(before);
  });

  it("keeps an answer cacheMs, then asks again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { verifier } = verifierOf();
    const token = await opaqueToken();
    const before = asked();
    expect((await verifier.verify(token))?.subject).toBe(CLIENT_ID);
    expect((await verifier.verify(token))?.subject).toBe(CLIENT_ID);
    expect(asked() - before).toBe(1);
    vi.setSystemTime(Date.now() + 29_000);
    expect((await verifier.verify(token))?.subject).toBe(CLIENT_ID);
    expect(asked() - before).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await verifier.verify(token))?.subject).toBe(CLIENT_ID);
    expect(asked() - before).toBe(2);
  });

  it("keeps an inactive answer too, and nothing with cacheMs 0", async () => {
    const unknown = "another-token-the-server-never-issued-0123456789";
    allTokens.push(unknown);
    const kept = verifierOf();
    let before = asked();
    await kept.verifier.verify(unknown);
    await kept.verifier.verify(unknown);
    expect(asked() - before).toBe(1);
    expect(kept.refusals.map((refusal) => refusal.code)).toEqual(["inactive", "inactive"]);

    const none = verifierOf({ cacheMs: 0 });
    const token = await opaqueToken();
    before = asked();
    await none.verifier.verify(token);
    await none.verifier.verify(token);
    expect(asked() - before).toBe(2);
  });

  it("keeps an accepted answer never past the token's exp", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { verifier, refusals } = verifierOf({ cacheMs: 3_600_000 });
    const token = await opaqueToken();
    const before = asked();
    expect((await verifier.verify(token))?.subject).toBe(CLIENT_ID);
    // The token lives 600 s; the authorization server shares the faked clock.
    vi.setSystemTime(Date.now() + 601_000);
    expect(await verifier.verify(token)).toBeUndefined();
    expect(asked() - before).toBe(2);
    expect(refusals.map((refusal) => refusal.code)).toEqual(["inactive"]);
  });

  it("shares one request among verifies of one token at once", async () => {
    const { verifier } = verifierOf();
    const token = await opaqueToken();
    const before = asked();
    const principals = await Promise.all(Array.from({ length: 5 }, () => verifier.verify(token)));
    expect(asked() - before).toBe(1);
    expect(principals.every((principal) => principal?.subject === CLIENT_ID)).toBe(true);
  });

  it("refuses introspection-unavailable when the endpoint is down, within timeoutMs", async () => {
    const port = await closedPort();
    const { verifier, refusals } = verifierOf({
      endpoint: `http://127.0.0.1:${port}${INTROSPECTION}`,
      timeoutMs: 1_000,
    });
    const token = await opaqueToken();
    const started = performance.now();
    expect(await verifier.verify(token)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refusals.map((refusal) => refusal.code)).toEqual(["introspection-unavailable"]);
    expect(refusals[0]?.reason).toContain(String(port));
    // Not kept: asked again.
    await verifier.verify(token);
    expect(refusals).toHaveLength(2);
  });

  it("refuses introspection-unavailable when the endpoint does not answer in time", async () => {
    const silent = await answering(undefined);
    try {
      const { verifier, refusals } = verifierOf({ endpoint: silent.url, timeoutMs: 200 });
      const started = performance.now();
      expect(await verifier.verify(await opaqueToken())).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(refusals).toEqual([
        {
          code: "introspection-unavailable",
          reason: expect.stringContaining("within 200 ms") as unknown as string,
        },
      ]);
    } finally {
      await silent.close();
    }
  });

  it("refuses introspection-unavailable on a status other than 200 or an answer not JSON", async () => {
    const answers: [string, (res: ServerResponse) => void][] = [
      ["answered 500", (res) => res.writeHead(500).end("oops")],
      ["no JSON", (res) => res.writeHead(200, { "content-type": "text/plain" }).end("hello")],
      ["no boolean active", (res) => res.writeHead(200).end('{"active":"yes"}')],
    ];
    for (const [expected, answer] of answers) {
      const fake = await answering(answer);
      try {
        const { verifier, refusals } = verifierOf({ endpoint: fake.url });
        expect(await verifier.verify(await opaqueToken())).toBeUndefined();
        expect(refusals).toEqual([
          {
            code: "introspection-unavailable",
            reason: expect.stringContaining(expected) as unknown as string,
          },
        ]);
      } finally {
        await fake.close();
      }
    }
    // oidc-provider refuses to introspect a JWT: 400.
    const { verifier, refusals } = verifierOf();
    const jwt = await server.token({ resource: "http://127.0.0.1:8931/mcp" });
    allTokens.push(jwt);
    expect(await verifier.verify(jwt)).toBeUndefined();
    expect(refusals.map((refusal) => refusal.code)).toEqual(["introspection-unavailable"]);
  });

  it("refuses a token with no subject, and an expired one", async () => {
    const answers: [string, Record<string, unknown>][] = [
      ["no-subject", { active: true, aud: RESOURCE, exp: Date.now() / 1000 + 60 }],
      ["expired", { active: true, aud: [RESOURCE], sub: "x", exp: Date.now() / 1000 - 1 }],
    ];
    for (const [code, body] of answers) {
      const fake = await answering((res) => res.writeHead(200).end(JSON.stringify(body)));
      try {
        const { verifier, refusals } = verifierOf({ endpoint: fake.url });
        expect(await verifier.verify(await opaqueToken())).toBeUndefined();
        expect(refusals.map((refusal) => refusal.code)).toEqual([code]);
      } finally {
        await fake.close();
      }
    }
  });

  it("sends the token form-encoded with HTTP Basic client authentication", async () => {
    let seen: { headers: IncomingMessage["headers"]; body: string } | undefined;
    const fake: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on("end", () => {
        seen = { headers: req.headers, body };
        res.writeHead(200).end('{"active":false}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/i`;
      const { verifier } = verifierOf({ endpoint, clientId: "a b", clientSecret: "s:é" });
      await verifier.verify("tok en+/=");
      expect(seen?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(seen?.headers.authorization).toBe(
        `Basic ${Buffer.from("a+b:s%3A%C3%A9").toString("base64")}`,
      );
      expect(Object.fromEntries(new URLSearchParams(seen?.body))).toEqual({
        token: "tok en+/=",
        token_type_hint: "access_token",
      });
    } finally {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no endpoint or issuer", { endpoint: undefined }, "endpoint or issuer is required"],
    ["both", { issuer: "http://127.0.0.1:1" }, "endpoint and issuer are exclusive"],
    ["an endpoint not http(s)", { endpoint: "ftp://x/i" }, "endpoint must be an http(s) URL"],
    ["an issuer not a URL", { endpoint: undefined, issuer: "auth" }, "issuer must be"],
    ["no clientId", { clientId: "" }, "clientId is required"],
    ["no clientSecret", { clientSecret: undefined }, "clientSecret is required"],
    ["no audience", { audience: [] }, "audience is required"],
    ["a negative cacheMs", { cacheMs: -1 }, "cacheMs must be"],
    ["a zero timeoutMs", { timeoutMs: 0 }, "timeoutMs must be"],
    ["onRefused not a function", { onRefused: "log" }, "onRefused must be a function"],
    ["an unknown option", { jwksUrl: "http://x" }, "unknown option jwksUrl"],
  ])("refuses options with %s, by name", (_, overrides, message) => {
    const options = {
      endpoint: "http://127.0.0.1:1/i",
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      audience: RESOURCE,
      ...overrides,
    };
    expect(() => introspectionVerifier(options as unknown as IntrospectionVerifierOptions)).toThrow(
      new TypeError(`introspectionVerifier: ${message}`).message,
    );
    expect(() => introspectionVerifier(options as unknown as IntrospectionVerifierOptions)).toThrow(
      TypeError,
    );
  });
});

describe("an MCP server protected by introspection", () => {
  it("accepts an opaque token end to end, and refuses a revoked one", async () => {
    const tools = toolbox("notes", "Notes", {
      whoami: defineTool({
        description: "Says who is calling",
        parameters: z.object({}),
        execute: (_args, ctx) => `${ctx?.auth?.subject} with ${ctx?.auth?.scopes.join(" ")}`,
      }),
    });
    const notes = capability({ name: "notes", description: "Notes", toolbox: tools });
    let handler: ReturnType<typeof createMcpHttpHandler> | undefined;
    const http: Server = createServer((req, res) => {
      void handler?.(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp/opaque`);
    const { verifier: introspector } = verifierOf({ audience: url.href, cacheMs: 0 });
    handler = createMcpHttpHandler({
      name: "notes",
      version: "1.0.0",
      tools: [notes],
      auth: {
        resource: url,
        authorizationServers: [server.issuer],
        verify: (t) => introspector.verify(t),
      },
    });
    try {
      const token = await opaqueToken(url.href, "notes:read");
      const call = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "whoami", arguments: {} },
      });
      const post = (bearer: string) =>
        fetch(url, {
          method: "POST",
          headers: { ...mcpHeaders, authorization: `Bearer ${bearer}` },
          body: call,
        });
      const response = await post(token);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(`${CLIENT_ID} with notes:read`);

      await server.revoke(token);
      const refused = await post(token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
      await refused.body?.cancel();
    } finally {
      await handler.close({ graceMs: 0 });
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe("every refusal of this file", () => {
  it("holds no token in its reason", () => {
    expect(allRefusals.length).toBeGreaterThan(10);
    for (const refusal of allRefusals) {
      for (const token of allTokens) expect(refusal.reason).not.toContain(token);
    }
  });
});
