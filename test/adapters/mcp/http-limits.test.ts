/**
 * The HTTP server's limits: its defaults, reachable on the exposed `http.Server`; a
 * request trickled in too slowly is cut off; a body over the limit is refused before the
 * tool runs; connections over the limit are dropped; nonsense settings throw.
 */
import { listenMcpHttp, type McpHttpServer } from "toolwright/mcp";
import { afterEach, describe, expect, it } from "vitest";
import {
  callBody,
  collect,
  exchange,
  mcpHeaders,
  openSocket,
  post,
  statusOf,
} from "./http-raw";
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
    capabilities: [capability],
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
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 4_000,
      keepAliveTimeoutMs: 1_000,
      maxConnections: 10,
    });
    expect(http.server.headersTimeout).toBe(2_000);
    expect(http.server.requestTimeout).toBe(4_000);
    expect(http.server.keepAliveTimeout).toBe(1_000);
    expect(http.server.maxConnections).toBe(10);
  });
});

describe("slow clients", () => {
  it("cuts off a body trickled in slower than the request timeout", async () => {
    const { http, log } = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
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
    const { http } = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const socket = await openSocket(http.url);
    const ended = collect(socket, 10_000);
    void trickle(socket, `${head(2)}{}`, 50);
    const { ended: how } = await ended;
    expect(how).toBe("closed");
  });
});

describe("body size", () => {
  it("refuses a declared body over maxBodyBytes with 413, without running the tool", async () => {
    const { http, log } = await serve({ maxBodyBytes: 1_024 });
    const big = callBody("ping", { padding: "x".repeat(2_000) });
    const reply = await post(http.url, big);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).error.message).toMatch(/exceeds 1024 bytes/);
    expect(log.pings).toBe(0);
  });

  it("refuses a chunked body once it passes maxBodyBytes", async () => {
    const { http, log } = await serve({ maxBodyBytes: 1_024 });
    const big = callBody("ping", { padding: "x".repeat(2_000) });
    const chunked = `${head("chunked")}${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`;
    const { text } = await exchange(http.url, chunked);
    expect(statusOf(text)).toBe(413);
    expect(log.pings).toBe(0);
  });

  it("serves a body within the limit", async () => {
    const { http, log } = await serve({ maxBodyBytes: 1_024 });
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

describe("connections", () => {
  it("drops a connection over maxConnections and keeps serving the others", async () => {
    const { http } = await serve({ maxConnections: 2 });
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
    const base = { name: "t", version: "1", capabilities: [capability] };
    await expect(listenMcpHttp({ ...base, headersTimeoutMs: -1 })).rejects.toThrow(
      /headersTimeoutMs must be a positive number of milliseconds, got -1/,
    );
    await expect(listenMcpHttp({ ...base, maxBodyBytes: 0 })).rejects.toThrow(/maxBodyBytes/);
    await expect(listenMcpHttp({ ...base, maxConnections: 1.5 })).rejects.toThrow(/maxConnections/);
    await expect(
      listenMcpHttp({ ...base, headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 }),
    ).rejects.toThrow(/headersTimeoutMs \(5000\) must not exceed requestTimeoutMs \(1000\)/);
  });
});
