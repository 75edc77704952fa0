/**
 * The HTTP server's limits: its defaults, reachable on the exposed `http.Server`; a
 * request trickled in too slowly is cut off; a body over the limit is refused before the
 * tool runs; connections over the limit are dropped; nonsense settings throw.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHttpHandler, listenMcpHttp, type McpHttpServer } from "toolwright/mcp";
import { afterEach, describe, expect, it } from "vitest";
import { callBody, collect, exchange, mcpHeaders, openSocket, post, statusOf } from "./http-raw";
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

const head = (length: number | "chunked") =>
  [
    "POST /mcp HTTP/1.1",
    "Host: 127.0.0.1",
    `Content-Type: ${mcpHeaders["content-type"]}`,
    `Accept: ${mcpHeaders.accept}`,
    length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
    "",
    "",
  ].join("\r\n");

/** Writes `bytes` one at a time, every `everyMs`, until the socket closes or all are sent. */
async function trickle(socket: import("node:net").Socket, bytes: string, everyMs: number) {
  for (const byte of bytes) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(byte);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe("defaults", () => {
  it("sets the timeouts and the connection cap on the exposed http.Server", async () => {
    const { http } = await serve();
    expect(http.server.headersTimeout).toBe(10_000);
    expect(http.server.requestTimeout).toBe(30_000);
    expect(http.server.keepAliveTimeout).toBe(5_000);
    expect(http.server.maxConnections).toBe(1_024);
    expect(http.server.listening).toBe(true);
  });

  it("takes each setting as an option", async () => {
    const { http } = await serve({
      limits: {
        headersTimeoutMs: 2_000,
        requestTimeoutMs: 4_000,
        keepAliveTimeoutMs: 1_000,
        maxConnections: 10,
      },
    });
    expect(http.server.headersTimeout).toBe(2_000);
    expect(http.server.requestTimeout).toBe(4_000);
    expect(http.server.keepAliveTimeout).toBe(1_000);
    expect(http.server.maxConnections).toBe(10);
  });

  it("limits: {} keeps every default, and maxConnections: Infinity lifts the cap", async () => {
    const { http } = await serve({ limits: {} });
    expect(http.server.headersTimeout).toBe(10_000);
    expect(http.server.requestTimeout).toBe(30_000);
    expect(http.server.keepAliveTimeout).toBe(5_000);
    expect(http.server.maxConnections).toBe(1_024);
    await http.close({ graceMs: 0 });
    const lifted = await serve({ limits: { maxConnections: Number.POSITIVE_INFINITY } });
    expect(lifted.http.server.maxConnections).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("slow clients", () => {
  it("cuts off a body trickled in slower than the request timeout", async () => {
    const { http, log } = await serve({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const body = callBody("ping");
    const socket = await openSocket(http.url);
    const ended = collect(socket, 10_000);
    socket.write(head(body.length));
    void trickle(socket, body, 50); // ~4 s for the whole body
    const { text, ended: how } = await ended;
    expect(how).toBe("closed");
    expect([408, undefined]).toContain(statusOf(text));
    expect(log.pings).toBe(0);
  });

  it("cuts off headers trickled in slower than the headers timeout", async () => {
    const { http } = await serve({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const socket = await openSocket(http.url);
    const ended = collect(socket, 10_000);
    void trickle(socket, `${head(2)}{}`, 50);
    const { ended: how } = await ended;
    expect(how).toBe("closed");
  });
});

describe("body size", () => {
  it("refuses a declared body over maxBodyBytes with 413, without running the tool", async () => {
    const { http, log } = await serve({ limits: { maxBodyBytes: 1_024 } });
    const big = callBody("ping", { padding: "x".repeat(2_000) });
    const reply = await post(http.url, big);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).error.message).toMatch(/exceeds 1024 bytes/);
    expect(log.pings).toBe(0);
  });

  it("refuses a chunked body once it passes maxBodyBytes", async () => {
    const { http, log } = await serve({ limits: { maxBodyBytes: 1_024 } });
    const big = callBody("ping", { padding: "x".repeat(2_000) });
    const chunked = `${head("chunked")}${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`;
    const { text } = await exchange(http.url, chunked);
    expect(statusOf(text)).toBe(413);
    expect(log.pings).toBe(0);
  });

  it("serves a body within the limit", async () => {
    const { http, log } = await serve({ limits: { maxBodyBytes: 1_024 } });
    expect((await post(http.url, callBody("ping"))).status).toBe(200);
    expect(log.pings).toBe(1);
  });

  it("answers a body that is not JSON with a JSON-RPC parse error", async () => {
    const { http, log } = await serve();
    const reply = await post(http.url, "{not json");
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).error.code).toBe(-32700);
    expect(log.pings).toBe(0);
  });
});

describe("createMcpHttpHandler's limits", () => {
  it("refuses a body over limits.maxBodyBytes with 413 and serves one within it", async () => {
    const { capability, log } = waitingTools();
    const handler = createMcpHttpHandler({
      name: "t",
      version: "1",
      tools: [capability],
      limits: { maxBodyBytes: 1_024 },
    });
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    try {
      const big = await post(url, callBody("ping", { padding: "x".repeat(2_000) }));
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body).error.message).toMatch(/exceeds 1024 bytes/);
      expect(log.pings).toBe(0);
      expect((await post(url, callBody("ping"))).status).toBe(200);
      expect(log.pings).toBe(1);
    } finally {
      await handler.close({ graceMs: 0 });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("throws a RangeError naming limits.maxBodyBytes for a value that is not a positive number", () => {
    const { capability } = waitingTools();
    const base = { name: "t", version: "1", tools: [capability] };
    for (const [value, shown] of [
      [-5, "-5"],
      [0, "0"],
      [Number.NaN, "NaN"],
      ["1kb", "1kb"],
    ] as const) {
      const create = () =>
        createMcpHttpHandler({ ...base, limits: { maxBodyBytes: value as number } });
      expect(create, shown).toThrow(RangeError);
      expect(create, shown).toThrow(
        `limits.maxBodyBytes must be a positive number of bytes, got ${shown}`,
      );
    }
  });
});

describe("connections", () => {
  it("drops a connection over maxConnections and keeps serving the others", async () => {
    const { http } = await serve({ limits: { maxConnections: 2 } });
    const held = [await openSocket(http.url), await openSocket(http.url)];
    const replies = held.map((socket) => collect(socket, 5_000));
    // A round trip on each makes sure the server has accepted both before the third.
    for (const socket of held) socket.write("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = await exchange(http.url, "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", {
      keepOpen: true,
      timeoutMs: 5_000,
    });
    expect(third).toEqual({ text: "", ended: "closed" });
    for (const socket of held) socket.end();
    for (const reply of await Promise.all(replies)) expect(statusOf(reply.text)).toBe(405);
  });
});

describe("settings", () => {
  it("throws on a nonsense value, naming the option", async () => {
    const { capability } = waitingTools();
    const base = { name: "t", version: "1", tools: [capability] };
    await expect(listenMcpHttp({ ...base, limits: { headersTimeoutMs: -1 } })).rejects.toThrow(
      /^limits\.headersTimeoutMs must be a positive number of milliseconds, got -1$/,
    );
    await expect(listenMcpHttp({ ...base, limits: { maxBodyBytes: 0 } })).rejects.toThrow(
      /^limits\.maxBodyBytes must be a positive number of bytes, got 0$/,
    );
    await expect(listenMcpHttp({ ...base, limits: { maxConnections: 1.5 } })).rejects.toThrow(
      /^limits\.maxConnections must be a positive integer or Infinity, got 1\.5$/,
    );
    await expect(
      listenMcpHttp({ ...base, limits: { headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 } }),
    ).rejects.toThrow(
      /^limits\.headersTimeoutMs \(5000\) must not exceed limits\.requestTimeoutMs \(1000\)/,
    );
  });

  it("names each limit in its message, as a RangeError", async () => {
    const { capability } = waitingTools();
    const base = { name: "t", version: "1", tools: [capability] };
    const cases = [
      [
        { requestTimeoutMs: Number.NaN },
        "limits.requestTimeoutMs must be a positive number of milliseconds, got NaN",
      ],
      [
        { keepAliveTimeoutMs: Number.POSITIVE_INFINITY },
        "limits.keepAliveTimeoutMs must be a positive number of milliseconds, got Infinity",
      ],
      [
        { headersTimeoutMs: 0 },
        "limits.headersTimeoutMs must be a positive number of milliseconds, got 0",
      ],
      [
        { maxConnections: 0 },
        "limits.maxConnections must be a positive integer or Infinity, got 0",
      ],
      [{ maxBodyBytes: -1 }, "limits.maxBodyBytes must be a positive number of bytes, got -1"],
    ] as const;
    for (const [limits, message] of cases) {
      const listening = listenMcpHttp({ ...base, limits });
      await expect(listening, message).rejects.toThrow(RangeError);
      await expect(listenMcpHttp({ ...base, limits }), message).rejects.toThrow(message);
    }
  });
});
