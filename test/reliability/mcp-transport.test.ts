/**
 * MCP transports under hostile clients (issue 21): slow readers over HTTP, partial floods
 * nobody reads (HTTP and stdio), a streaming tool that never awaits, an oversized stdio
 * message, batches and duplicate ids over stdio. The server runs in a process of its own
 * (`mcp-transport-server.ts`), which reports its heap after a collection; memory bounds
 * are generous, and no assertion is about time: a deadline only stops a test that would
 * otherwise hang.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Socket } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createMcpHttpHandler, listenMcpHttp, serveStdio } from "toolwright/mcp";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { callBody, mcpHeaders, openSocket, post } from "../adapters/mcp/http-raw";
import { waitingTools } from "../adapters/mcp/shutdown-tools";
import { initialize } from "../adapters/mcp/stdio-handshake";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MiB = 1024 * 1024;

interface Report {
  readonly heap?: number;
  readonly rss?: number;
  readonly flooded?: number;
  readonly url?: string;
}

interface Message {
  readonly id?: number | string | null;
  readonly method?: string;
  readonly result?: { isError?: boolean; structuredContent?: unknown; content?: unknown[] };
  readonly error?: { code: number; message: string };
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** The fixture server in a child process, with what it reported. */
function start(mode: "http" | "stdio", options: unknown = {}) {
  const child = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      "test/reliability/mcp-transport-server.ts",
      mode,
      JSON.stringify(options),
    ],
    { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
  );
  children.push(child);
  child.stdin.on("error", () => {}); // a write still pending when the child is killed
  const reports: Report[] = [];
  let stderr = "";
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (line) => {
    stderr += `${line}\n`;
    if (line.startsWith("{")) reports.push(JSON.parse(line) as Report);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const heap = () => reports.findLast((report) => report.heap !== undefined)?.heap ?? 0;
  const flooded = () => reports.find((report) => report.flooded !== undefined)?.flooded;
  return { child, reports, heap, flooded, exited, stderr: () => stderr };
}

async function startHttp(limits: Record<string, number>) {
  const server = start("http", { limits });
  const url = await new Promise<URL>((resolve, reject) => {
    createInterface({ input: server.child.stdout as NodeJS.ReadableStream }).once("line", (line) =>
      resolve(new URL((JSON.parse(line) as Report).url ?? "")),
    );
    server.exited.then(() => reject(new Error(`the server exited: ${server.stderr()}`)));
  });
  await until(() => server.heap() > 0, "the first memory report");
  return { ...server, url };
}

function startStdio(options: unknown = {}) {
  const server = start("stdio", options);
  const messages: Message[] = [];
  createInterface({ input: server.child.stdout as NodeJS.ReadableStream }).on("line", (line) =>
    messages.push(JSON.parse(line) as Message),
  );
  const send = (message: unknown) => server.child.stdin?.write(`${JSON.stringify(message)}\n`);
  const answer = (id: number) => messages.find((message) => message.id === id);
  initialize(send);
  return { ...server, messages, send, answer };
}

function call(id: number, name: string, args: Record<string, unknown>, progressToken?: string) {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name,
      arguments: args,
      ...(progressToken !== undefined && { _meta: { progressToken } }),
    },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The heap reported after the next collection from now on. */
async function nextHeap(server: { reports: Report[]; heap(): number }): Promise<number> {
  const seen = server.reports.length;
  await until(
    () => server.reports.slice(seen).some((report) => report.heap !== undefined),
    "a memory report",
  );
  return server.heap();
}

/** POSTs `body` on a raw socket and never reads what comes back. */
async function postUnread(
  url: URL,
  body: string,
): Promise<{ socket: Socket; closed: () => boolean }> {
  const socket = await openSocket(url);
  let closed = false;
  socket.on("close", () => {
    closed = true;
  });
  socket.on("error", () => {});
  const headers = Object.entries({
    ...mcpHeaders,
    host: url.host,
    "content-length": Buffer.byteLength(body),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(`POST ${url.pathname} HTTP/1.1\r\n${headers}\r\n${body}`);
  socket.pause();
  return { socket, closed: () => closed };
}

const figures: Record<string, unknown> = {};
afterAll(() => {
  if (Object.keys(figures).length > 0) console.info(JSON.stringify(figures));
});

describe("the transport limits", () => {
  const base = { name: "limits", version: "1.0.0", tools: [waitingTools().capability] };
  it.each([
    [
      { writeStallTimeoutMs: 0 },
      "limits.writeStallTimeoutMs must be a positive number of milliseconds, got 0",
    ],
    [
      { writeStallTimeoutMs: Number.POSITIVE_INFINITY },
      "limits.writeStallTimeoutMs must be a positive number of milliseconds, got Infinity",
    ],
    [
      { maxBufferedBytes: -1 },
      "limits.maxBufferedBytes must be a positive number of bytes, got -1",
    ],
    [
      { maxBufferedBytes: Number.NaN },
      "limits.maxBufferedBytes must be a positive number of bytes, got NaN",
    ],
  ])("refuses %j with a RangeError naming it", async (limits, message) => {
    expect(() => createMcpHttpHandler({ ...base, limits })).toThrow(new RangeError(message));
    await expect(listenMcpHttp({ ...base, limits })).rejects.toThrow(new RangeError(message));
  });
  it.each([
    [{ maxMessageBytes: 0 }, "limits.maxMessageBytes must be a positive number of bytes, got 0"],
    [
      { maxBufferedBytes: Number.NaN },
      "limits.maxBufferedBytes must be a positive number of bytes, got NaN",
    ],
  ])("refuses stdio %j with a RangeError naming it", async (limits, message) => {
    await expect(serveStdio({ ...base, limits })).rejects.toThrow(new RangeError(message));
  });
});

describe("MCP over HTTP", () => {
  it("ends a connection whose response makes no progress, so slow readers cannot hold every connection", async () => {
    const server = await startHttp({ maxConnections: 4, writeStallTimeoutMs: 500 });
    const before = server.heap();
    await Promise.all(
      [1, 2, 3, 4].map((id) => postUnread(server.url, callBody("big", { mib: 16 }, id))),
    );
    // Every connection is held: a client is refused until the server ends a stalled one.
    let echo: Awaited<ReturnType<typeof post>> | undefined;
    let refused = 0;
    const deadline = Date.now() + 20_000;
    while (echo === undefined && Date.now() < deadline) {
      echo = await post(server.url, callBody("echo", { n: 1 })).catch(() => undefined);
      if (echo === undefined) refused += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(echo?.status).toBe(200);
    expect(echo?.body).toContain('\\"n\\":1');
    figures.slowReadersRefusedBeforeServed = refused;
    figures.slowReadersHeapGrowthMiB = ((await nextHeap(server)) - before) / MiB;
  });

  it("keeps the bytes buffered for a client that asked for progress and reads nothing bounded", async () => {
    const server = await startHttp({ writeStallTimeoutMs: 60_000 });
    const before = server.heap();
    const reader = await postUnread(
      server.url,
      JSON.stringify(call(1, "flood", { count: 100_000, size: 1_000 }, "flood")),
    );
    await until(() => server.flooded() !== undefined, "the flood to end", 60_000);
    const growth = (await nextHeap(server)) - before;
    figures.httpFloodHeapGrowthMiB = growth / MiB;
    expect(reader.closed()).toBe(false);
    expect(growth).toBeLessThan(64 * MiB);
  });

  it("lets another client's call run while a streaming tool yields without awaiting", async () => {
    const server = await startHttp({});
    const flood = await postUnread(
      server.url,
      JSON.stringify(call(1, "flood", { count: 5_000_000, size: 1 })),
    );
    const echo = await post(server.url, callBody("echo", { n: 2 }));
    flood.socket.destroy();
    // Answered while the flood was still running, not after it.
    expect(echo.body).toContain('\\"floods\\":1');
  }, 120_000);
});

describe("MCP over stdio", () => {
  it("keeps the bytes buffered on stdout bounded for a parent that does not read it", async () => {
    const server = startStdio();
    await until(() => server.answer(0) !== undefined, "the initialize answer");
    await until(() => server.heap() > 0, "the first memory report");
    const before = server.heap();
    server.child.stdout?.pause();
    server.send(call(1, "flood", { count: 100_000, size: 1_000 }, "flood"));
    await until(() => server.flooded() !== undefined, "the flood to end", 60_000);
    const growth = (await nextHeap(server)) - before;
    figures.stdioFloodHeapGrowthMiB = growth / MiB;
    expect(growth).toBeLessThan(64 * MiB);
    server.child.stdout?.resume();
    // Progress may be dropped; the response never is.
    await until(() => server.answer(1) !== undefined, "the flood's answer");
    expect(server.answer(1)?.result?.isError).not.toBe(true);
  });

  it("answers a message over the read limit with an error naming it, and serves later requests", async () => {
    const server = startStdio();
    await until(() => server.answer(0) !== undefined, "the initialize answer");
    server.send(call(1, "echo", { n: 1, pad: "x".repeat(11 * MiB) }));
    server.send(call(2, "echo", { n: 2 }));
    await until(() => server.answer(2) !== undefined, "the answer to the request after it");
    expect(server.answer(1)?.error?.code).toBe(-32600);
    expect(server.answer(1)?.error?.message).toContain("10485760");
    expect(server.answer(2)?.result?.isError).not.toBe(true);
  });

  it("answers a line that is not JSON with a parse error, and serves later requests", async () => {
    const server = startStdio();
    await until(() => server.answer(0) !== undefined, "the initialize answer");
    server.child.stdin?.write("{ not json\n");
    server.send(call(1, "echo", { n: 1 }));
    await until(() => server.answer(1) !== undefined, "the answer to the request after it");
    expect(server.messages.find((message) => message.id === null)?.error?.code).toBe(-32700);
  });

  it("answers a batch with an error for each request in it", async () => {
    const server = startStdio();
    await until(() => server.answer(0) !== undefined, "the initialize answer");
    server.send([call(1, "echo", { n: 1 }), call(2, "echo", { n: 2 })]);
    server.send(call(3, "echo", { n: 3 }));
    await until(() => server.answer(3) !== undefined, "the answer to the request after it");
    for (const id of [1, 2]) {
      expect(server.answer(id)?.error?.code).toBe(-32600);
      expect(server.answer(id)?.error?.message).toContain("batches are not supported");
    }
  });

  it("answers a request whose id is already in flight with an error, and the first one too, when stdin ends", async () => {
    const server = startStdio();
    await until(() => server.answer(0) !== undefined, "the initialize answer");
    server.send(call(1, "wait", { n: 1, ms: 300 }));
    server.send(call(1, "echo", { n: 1 }));
    server.child.stdin?.end();
    await server.exited;
    const answers = server.messages.filter((message) => message.id === 1);
    expect(answers).toHaveLength(2);
    expect(answers.filter((answer) => answer.error?.code === -32600)).toHaveLength(1);
    // The first keeps running and is answered: the wait's `{ n: 1 }`, not the echo's.
    expect(
      answers.find((answer) => answer.result !== undefined)?.result?.structuredContent,
    ).toEqual({ n: 1 });
  });
});
