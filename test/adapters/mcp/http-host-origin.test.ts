/**
 * DNS-rebinding protection: a loopback server refuses a foreign `Host` or `Origin` before
 * anything runs, the allow-lists widen or replace the defaults, and a bind beyond
 * loopback without an allow-list warns.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHttpHandler, listenMcpHttp, type McpHttpServer } from "toolwright/mcp";
import { afterEach, describe, expect, it } from "vitest";
import { unprotectedBindWarning } from "../../../src/adapters/mcp/host-origin";
import { callBody, exchange, post, statusOf } from "./http-raw";
import { type ToolLog, waitingTools } from "./shutdown-tools";

let running: McpHttpServer | undefined;
afterEach(async () => {
  await running?.close({ graceMs: 0 });
  running = undefined;
});

async function serve(
  options: Partial<Parameters<typeof listenMcpHttp>[0]> = {},
): Promise<{ http: McpHttpServer; log: ToolLog }> {
  const { capability, log } = waitingTools();
  const http = await listenMcpHttp({
    name: "t",
    version: "1",
    tools: [capability],
    ...options,
  });
  running = http;
  return { http, log };
}

describe("a loopback server, by default", () => {
  it("refuses a foreign Host with 403 and does not run the tool", async () => {
    const { http, log } = await serve();
    const reply = await post(http.url, callBody("ping"), { host: "evil.example" });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body)).toMatchObject({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: expect.stringMatching(/Host 'evil\.example' is not allowed/),
      },
      id: null,
    });
    expect(log.pings).toBe(0);
  });

  it("refuses a rebinding request (foreign Host and Origin) and does not run the tool", async () => {
    const { http, log } = await serve();
    const reply = await post(http.url, callBody("ping"), {
      host: `evil.example:${http.url.port}`,
      origin: `http://evil.example:${http.url.port}`,
    });
    expect(reply.status).toBe(403);
    expect(log.pings).toBe(0);
  });

  it("refuses a foreign Origin with 403 even when the Host is loopback", async () => {
    const { http, log } = await serve();
    for (const origin of [
      "http://evil.example",
      "null",
      "not a url",
      "http://localhost.evil.example",
    ]) {
      const reply = await post(http.url, callBody("ping"), { origin });
      expect(reply.status, origin).toBe(403);
      expect(JSON.parse(reply.body).error.message).toMatch(/^Origin '.*' is not allowed/);
    }
    expect(log.pings).toBe(0);
  });

  it("serves the loopback names, with or without a port, and loopback origins", async () => {
    const { http, log } = await serve();
    const port = http.url.port;
    const headers: Record<string, string>[] = [
      {},
      { host: `localhost:${port}` },
      { host: "localhost" },
      { host: `127.0.0.1:${port}` },
      { host: `[::1]:${port}` },
      { host: "LOCALHOST" },
      { origin: "http://localhost:5173" },
      { origin: `http://127.0.0.1:${port}` },
      { origin: "https://[::1]" },
    ];
    for (const header of headers) {
      const reply = await post(http.url, callBody("ping"), header);
      expect(reply.status, JSON.stringify(header)).toBe(200);
    }
    expect(log.pings).toBe(headers.length);
  });

  it("refuses a request without a Host header (HTTP/1.0)", async () => {
    const { http, log } = await serve();
    const body = callBody("ping");
    const { text } = await exchange(
      http.url,
      `POST /mcp HTTP/1.0\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(statusOf(text)).toBe(403);
    expect(log.pings).toBe(0);
  });

  it("refuses before reading the body, whatever the method", async () => {
    const { http } = await serve();
    const { text } = await exchange(http.url, "GET /mcp HTTP/1.1\r\nHost: evil.example\r\n\r\n");
    expect(statusOf(text)).toBe(403);
  });
});

describe("the allow-lists", () => {
  it("allowed.hosts replaces the loopback names, and its hosts' origins are allowed", async () => {
    const { http, log } = await serve({ allowed: { hosts: ["mcp.example", "[::1]"] } });
    expect((await post(http.url, callBody("ping"), { host: "mcp.example:8080" })).status).toBe(200);
    expect((await post(http.url, callBody("ping"), { host: "MCP.example" })).status).toBe(200);
    expect((await post(http.url, callBody("ping"), { host: "[::1]" })).status).toBe(200);
    expect((await post(http.url, callBody("ping"), { host: "localhost" })).status).toBe(403);
    const fromApp = await post(http.url, callBody("ping"), {
      host: "mcp.example",
      origin: "https://mcp.example",
    });
    expect(fromApp.status).toBe(200);
    const fromLocal = await post(http.url, callBody("ping"), {
      host: "mcp.example",
      origin: "http://localhost:3000",
    });
    expect(fromLocal.status).toBe(403);
    expect(log.pings).toBe(4);
  });

  it("allowed.origins lists exact origins, compared after normalising", async () => {
    const { http, log } = await serve({ allowed: { origins: ["https://app.example"] } });
    expect((await post(http.url, callBody("ping"), { origin: "https://app.example" })).status).toBe(
      200,
    );
    expect(
      (await post(http.url, callBody("ping"), { origin: "https://APP.example:443" })).status,
    ).toBe(200);
    expect((await post(http.url, callBody("ping"), { origin: "http://app.example" })).status).toBe(
      403,
    );
    expect((await post(http.url, callBody("ping"), { origin: "http://localhost" })).status).toBe(
      403,
    );
    expect(log.pings).toBe(2);
  });

  it('"any" turns a check off', async () => {
    const { http, log } = await serve({ allowed: { hosts: "any", origins: "any" } });
    const reply = await post(http.url, callBody("ping"), {
      host: "evil.example",
      origin: "http://evil.example",
    });
    expect(reply.status).toBe(200);
    expect(log.pings).toBe(1);
  });

  it("an entry that is not a hostname or an origin throws at start, naming it", async () => {
    const { capability } = waitingTools();
    const base = { name: "t", version: "1", tools: [capability] };
    await expect(
      listenMcpHttp({ ...base, allowed: { hosts: ["localhost:3000"] } }),
    ).rejects.toThrow(/^allowed\.hosts entry 'localhost:3000' is not a hostname/);
    await expect(listenMcpHttp({ ...base, allowed: { origins: ["app.example"] } })).rejects.toThrow(
      /^allowed\.origins entry 'app\.example' is not an origin/,
    );
    expect(() => createMcpHttpHandler({ ...base, allowed: { hosts: ["http://x/"] } })).toThrow(
      /^allowed\.hosts entry 'http:\/\/x\/' is not a hostname/,
    );
  });

  it("allowed: {} keeps the loopback defaults", async () => {
    const { http, log } = await serve({ allowed: {} });
    expect((await post(http.url, callBody("ping"), { host: "evil.example" })).status).toBe(403);
    const foreign = await post(http.url, callBody("ping"), { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(
      (await post(http.url, callBody("ping"), { origin: "http://localhost:5173" })).status,
    ).toBe(200);
    expect(log.pings).toBe(1);
  });

  it("allowed.origins given beside allowed.hosts replaces the origins of those hosts", async () => {
    const { http, log } = await serve({
      allowed: { hosts: ["mcp.example"], origins: ["https://app.example"] },
    });
    const host = { host: "mcp.example" };
    expect((await post(http.url, callBody("ping"), host)).status).toBe(200);
    const fromApp = await post(http.url, callBody("ping"), {
      ...host,
      origin: "https://app.example",
    });
    expect(fromApp.status).toBe(200);
    const fromHost = await post(http.url, callBody("ping"), {
      ...host,
      origin: "https://mcp.example",
    });
    expect(fromHost.status).toBe(403);
    expect((await post(http.url, callBody("ping"), { host: "localhost" })).status).toBe(403);
    expect(log.pings).toBe(2);
  });

  it('allowed.origins: "any" alone leaves the Host check on', async () => {
    const { http, log } = await serve({ allowed: { origins: "any" } });
    const foreignOrigin = await post(http.url, callBody("ping"), { origin: "http://evil.example" });
    expect(foreignOrigin.status).toBe(200);
    expect((await post(http.url, callBody("ping"), { host: "evil.example" })).status).toBe(403);
    expect(log.pings).toBe(1);
  });

  it("a refusal names the allowed option that would accept the request", async () => {
    const { http } = await serve();
    const host = await post(http.url, callBody("ping"), { host: "evil.example" });
    expect(JSON.parse(host.body).error.message).toBe(
      "Host 'evil.example' is not allowed: add its hostname to allowed.hosts to serve it",
    );
    const origin = await post(http.url, callBody("ping"), { origin: "http://evil.example" });
    expect(JSON.parse(origin.body).error.message).toBe(
      "Origin 'http://evil.example' is not allowed: add it to allowed.origins to accept it",
    );
  });
});

describe("createMcpHttpHandler", () => {
  it("checks the loopback names by default, on a server you run yourself", async () => {
    const { capability, log } = waitingTools();
    const handler = createMcpHttpHandler({ name: "t", version: "1", tools: [capability] });
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    try {
      expect((await post(url, callBody("ping"), { host: "evil.example" })).status).toBe(403);
      expect((await post(url, callBody("ping"))).status).toBe(200);
      expect(log.pings).toBe(1);
    } finally {
      await handler.close({ graceMs: 0 });
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("takes the same allowed: { hosts, origins }", async () => {
    const { capability, log } = waitingTools();
    const handler = createMcpHttpHandler({
      name: "t",
      version: "1",
      tools: [capability],
      allowed: { hosts: ["mcp.example"], origins: ["https://app.example"] },
    });
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    try {
      expect((await post(url, callBody("ping"))).status).toBe(403); // 127.0.0.1 is not listed
      expect((await post(url, callBody("ping"), { host: "mcp.example" })).status).toBe(200);
      const fromApp = { host: "mcp.example", origin: "https://app.example" };
      expect((await post(url, callBody("ping"), fromApp)).status).toBe(200);
      const fromElsewhere = { host: "mcp.example", origin: "https://other.example" };
      expect((await post(url, callBody("ping"), fromElsewhere)).status).toBe(403);
      expect(log.pings).toBe(2);
    } finally {
      await handler.close({ graceMs: 0 });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("binding beyond loopback", () => {
  it("warns when no allow-list protects a non-loopback bind", () => {
    for (const hostname of ["0.0.0.0", "::", "192.168.1.5", "myhost.local"]) {
      expect(unprotectedBindWarning(hostname, undefined), hostname).toMatch(
        new RegExp(`binds '${hostname.replace(/\./g, "\\.")}' with no Host check`),
      );
    }
  });

  it("does not warn for loopback binds or when an allow-list is given", () => {
    for (const hostname of ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"]) {
      expect(unprotectedBindWarning(hostname, undefined), hostname).toBeUndefined();
    }
    expect(unprotectedBindWarning("0.0.0.0", ["mcp.example"])).toBeUndefined();
    expect(unprotectedBindWarning("0.0.0.0", "any")).toBeUndefined();
  });

  it("listenMcpHttp emits the warning as a process warning before it binds", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const { capability } = waitingTools();
      // 192.0.2.1 (TEST-NET-1) is on no interface: the bind fails, so nothing is exposed
      // (and should a host accept it anyway, the server is closed at once).
      const bound = await listenMcpHttp({
        name: "t",
        version: "1",
        tools: [capability],
        hostname: "192.0.2.1",
      }).catch(() => undefined);
      await bound?.close({ graceMs: 0 });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).toEqual([
      expect.objectContaining({
        name: "McpSecurityWarning",
        code: "TOOLWRIGHT_MCP_UNPROTECTED_BIND",
        message: expect.stringMatching(/binds '192\.0\.2\.1' with no Host check/),
      }),
    ]);
    expect(warnings[0]?.message).toContain('in allowed.hosts, or pass allowed: { hosts: "any" }');
  });

  it("listenMcpHttp does not warn for a bind beyond loopback when allowed.hosts is given", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const { capability } = waitingTools();
      const bound = await listenMcpHttp({
        name: "t",
        version: "1",
        tools: [capability],
        hostname: "192.0.2.1",
        allowed: { hosts: ["mcp.example"] },
      }).catch(() => undefined);
      await bound?.close({ graceMs: 0 });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings).toEqual([]);
  });
});
