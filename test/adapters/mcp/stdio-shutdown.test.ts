/**
 * Graceful shutdown over stdio: when stdin ends (or `close()` is called) with calls in
 * flight, those that finish within the grace period answer, the rest are aborted through
 * `ctx.signal` and answered with an `isError` result, and the process exits by itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { initialize } from "./stdio-handshake";

const root = fileURLToPath(new URL("../../..", import.meta.url));

interface Response {
  readonly id: number;
  readonly result?: { isError?: boolean; content: { text: string }[]; structuredContent?: unknown };
  readonly error?: { code: number; message: string };
}

/** A fixture server in a child process, and what it said on stdout and stderr. */
function start(graceMs?: number) {
  const args = ["--import", "tsx", "test/adapters/mcp/stdio-fixture-server.ts"];
  const child: ChildProcess = spawn(
    process.execPath,
    graceMs === undefined ? args : [...args, String(graceMs)],
    { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
  );
  const responses: Response[] = [];
  const reports: { started?: number; aborted?: { n: number; reason: string }[] }[] = [];
  let stderr = "";
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) =>
    responses.push(JSON.parse(line) as Response),
  );
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (line) => {
    stderr += `${line}\n`;
    if (line.startsWith("{")) reports.push(JSON.parse(line));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const send = (message: unknown) => child.stdin?.write(`${JSON.stringify(message)}\n`);
  const started = () => reports.filter((report) => report.started !== undefined).length;
  return { child, responses, reports, send, exited, started, stderr: () => stderr };
}

function callWait(n: number, ms: number) {
  return {
    jsonrpc: "2.0",
    id: n + 1,
    method: "tools/call",
    params: { name: "wait", arguments: { n, ms } },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves with the exit code, or kills the child and fails after `timeoutMs`. */
async function exitWithin(server: ReturnType<typeof start>, timeoutMs: number) {
  const timer = new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), timeoutMs));
  const code = await Promise.race([server.exited, timer]);
  if (code === "hung") {
    server.child.kill("SIGKILL");
    throw new Error(`the server did not exit within ${timeoutMs} ms: ${server.stderr()}`);
  }
  return code;
}

describe("serveStdio: graceful shutdown", () => {
  it("when stdin ends: quick calls answer, the rest are aborted with isError, the process exits", async () => {
    const server = start(1_500);
    initialize(server.send);
    const count = 100;
    for (let n = 0; n < count; n++) server.send(callWait(n, n % 2 === 0 ? 200 : 60_000));
    await until(() => server.started() === count, "every call to start");

    const ending = performance.now();
    server.child.stdin?.end();
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(performance.now() - ending).toBeGreaterThanOrEqual(1_400);

    const calls = new Map(server.responses.filter((r) => r.id > 0).map((r) => [r.id - 1, r]));
    expect(calls.size).toBe(count);
    for (let n = 0; n < count; n++) {
      const result = calls.get(n)?.result;
      if (n % 2 === 0) {
        expect(result?.isError, `call ${n}`).toBeFalsy();
        expect(result?.structuredContent).toEqual({ n });
      } else {
        expect(result?.isError, `call ${n}`).toBe(true);
        expect(result?.content[0]?.text).toBe(
          "call to 'wait' was cancelled: the server is shutting down",
        );
      }
    }
    const aborted = server.reports.find((report) => report.aborted !== undefined)?.aborted ?? [];
    expect(aborted.map(({ n }) => n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: count / 2 }, (_, i) => 2 * i + 1),
    );
  });

  it("when stdin ends with nothing in flight, the process exits at once", async () => {
    const server = start();
    initialize(server.send);
    await until(() => server.responses.length === 1, "the initialize answer");
    server.child.stdin?.end();
    expect(await exitWithin(server, 5_000)).toBe(0);
  });

  it("close(): answers the calls in flight, refuses new requests, then the process exits", async () => {
    const server = start(60_000);
    initialize(server.send);
    server.send(callWait(1, 300));
    await until(() => server.started() === 1, "the call to start");
    server.child.kill("SIGTERM"); // the fixture calls close(): its grace period is the graceMs option
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.send(callWait(2, 10));
    expect(await exitWithin(server, 10_000)).toBe(0);
    const byId = new Map(server.responses.map((response) => [response.id, response]));
    expect(byId.get(2)?.result?.structuredContent).toEqual({ n: 1 });
    expect(byId.get(3)?.error).toEqual({
      code: -32000,
      message: "the server is shutting down",
    });
    expect(server.started()).toBe(1);
  });
});
