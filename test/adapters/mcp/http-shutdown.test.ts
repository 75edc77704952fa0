/**
 * Graceful shutdown over HTTP: `close({ graceMs })` with calls in flight lets those that
 * finish within the grace period answer, aborts the rest through `ctx.signal` and
 * answers each with an `isError` result; no client waits past the grace period.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createMcpHttpHandler, listenMcpHttp } from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import { Shutdown } from "../../../src/adapters/mcp/shutdown";
import { callBody, post } from "./http-raw";
import { until, waitingTools } from "./shutdown-tools";

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

describe("McpHttpServer.close({ graceMs })", () => {
  it("lets quick calls finish, aborts the rest with an isError answer, and none hangs", async () => {
    const { capability, log } = waitingTools();
    const http = await listenMcpHttp({ name: "t", version: "1", tools: [capability] });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(http.url));
    const count = 100;
    // Even calls take 200 ms, well within the grace period; odd ones a minute.
    const calls = Array.from({ length: count }, (_, n) =>
      client
        .callTool({ name: "wait", arguments: { n, ms: n % 2 === 0 ? 200 : 60_000 } }, undefined, {
          timeout: 20_000,
        })
        .then((result) => result as CallToolResult),
    );
    await until(() => log.started.length === count);

    const closing = performance.now();
    await http.close({ graceMs: 1_500 });
    const closedAfter = performance.now() - closing;
    const results = await Promise.all(calls);
    const settledAfter = performance.now() - closing;

    for (const [n, result] of results.entries()) {
      if (n % 2 === 0) {
        expect(result.isError, `call ${n}`).toBeFalsy();
        expect(result.structuredContent).toEqual({ n });
      } else {
        expect(result.isError, `call ${n}`).toBe(true);
        expect(text(result)).toBe("call to 'wait' was cancelled: the server is shutting down");
      }
    }
    expect(log.aborted.map(({ n }) => n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: count / 2 }, (_, i) => 2 * i + 1),
    );
    expect(new Set(log.aborted.map(({ reason }) => reason))).toEqual(
      new Set(["the server is shutting down"]),
    );
    // Generous bounds: the grace period, plus time for the answers to be written.
    expect(closedAfter).toBeGreaterThanOrEqual(1_400);
    expect(closedAfter).toBeLessThan(6_000);
    expect(settledAfter).toBeLessThan(6_000);
    expect(http.server.listening).toBe(false);
    await client.close();
  });

  it("returns as soon as the calls in flight are done, well before the grace period", async () => {
    const { capability, log } = waitingTools();
    const http = await listenMcpHttp({ name: "t", version: "1", tools: [capability] });
    const call = post(http.url, callBody("wait", { n: 1, ms: 100 }));
    await until(() => log.started.length === 1);
    const closing = performance.now();
    await http.close({ graceMs: 20_000 });
    expect(performance.now() - closing).toBeLessThan(5_000);
    const reply = await call;
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('{"n":1}');
    expect(log.aborted).toEqual([]);
  });

  it("stops accepting connections at once, and close is idempotent", async () => {
    const { capability } = waitingTools();
    const http = await listenMcpHttp({ name: "t", version: "1", tools: [capability] });
    const first = http.close();
    const second = http.close({ graceMs: 0 });
    expect(http.server.listening).toBe(false);
    await expect(post(http.url, callBody("ping"))).rejects.toThrow(/ECONNREFUSED/);
    await Promise.all([first, second]);
  });

  it("throws on a graceMs that is not a non-negative number", async () => {
    const { capability } = waitingTools();
    const http = await listenMcpHttp({ name: "t", version: "1", tools: [capability] });
    await expect(http.close({ graceMs: -1 })).rejects.toThrow(
      /graceMs must be a non-negative number of milliseconds, got -1/,
    );
    await http.close({ graceMs: 0 });
  });
});

describe("createMcpHttpHandler(...).close({ graceMs })", () => {
  it("answers calls in flight and refuses new requests with 503 while it drains", async () => {
    const { capability, log } = waitingTools();
    const handler = createMcpHttpHandler({ name: "t", version: "1", tools: [capability] });
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    try {
      const slow = post(url, callBody("wait", { n: 7, ms: 60_000 }));
      await until(() => log.started.length === 1);
      const closing = handler.close({ graceMs: 300 });
      const refused = await post(url, callBody("ping"));
      expect(refused.status).toBe(503);
      expect(refused.headers.connection).toBe("close");
      expect(JSON.parse(refused.body).error.message).toMatch(/the server is shutting down/);
      expect(log.pings).toBe(0);
      await closing;
      const reply = await slow;
      expect(reply.status).toBe(200);
      expect(reply.body).toContain("call to 'wait' was cancelled: the server is shutting down");
      expect(reply.body).toContain('"isError":true');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("Shutdown, the drain both transports share", () => {
  it("aborts only the calls still running when the grace period ends, with its reason", async () => {
    const shutdown = new Shutdown();
    const done = shutdown.track();
    const settled = shutdown.callSignal(new AbortController().signal);
    settled.release();
    const running = shutdown.callSignal(new AbortController().signal);
    setTimeout(done, 200); // the request is answered once its call has been aborted
    await shutdown.close(50);
    expect(settled.signal.aborted).toBe(false);
    expect(running.signal.aborted).toBe(true);
    expect((running.signal.reason as Error).message).toBe("the server is shutting down");
    expect(shutdown.callSignal(new AbortController().signal).signal.aborted).toBe(true);
  });

  it("follows the request's own signal, and settles at once when nothing is in flight", async () => {
    const shutdown = new Shutdown();
    const request = new AbortController();
    const call = shutdown.callSignal(request.signal);
    request.abort("client cancelled");
    expect(call.signal.reason).toBe("client cancelled");
    expect(shutdown.closing).toBe(false);
    call.release();
    await shutdown.close(60_000);
    expect(shutdown.closing).toBe(true);
  });

  it("counts a call running as not idle, with no request open (a session's dropped stream), and hears when all settle", async () => {
    let idled = 0;
    const shutdown = new Shutdown(() => {
      idled += 1;
    });
    const answered = shutdown.track();
    const call = shutdown.callSignal(new AbortController().signal);
    answered();
    expect([shutdown.idle, idled]).toEqual([false, 0]);
    call.release();
    expect([shutdown.idle, idled]).toEqual([true, 1]);
  });
});
