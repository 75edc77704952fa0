/**
 * No request of any shape kills the process serving MCP over HTTP: the server runs in a
 * child process, raw sockets write request lines and headers to it (a fixed list of
 * known offenders, then fast-check's), and the child must still be alive and serving.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callBody, exchange, mcpHeaders, post, statusOf } from "./http-raw";

const root = fileURLToPath(new URL("../../..", import.meta.url));

interface Child {
  readonly process: ChildProcess;
  readonly url: URL;
  readonly stderr: () => string;
}

async function startChild(mode: "guarded" | "open"): Promise<Child> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/adapters/mcp/http-fixture-server.ts", mode],
    { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`fixture exited (${code}): ${stderr}`)));
  });
  const { url } = JSON.parse(first) as { url: string };
  return { process: child, url: new URL(url), stderr: () => stderr };
}

async function stopChild(child: Child | undefined): Promise<void> {
  if (child === undefined || child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.process.stdin?.end();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.process.exitCode === null) child.process.kill();
}

function expectAlive(child: Child): void {
  expect(child.process.exitCode, `the server process died: ${child.stderr()}`).toBeNull();
}

/** A request line and headers, as bytes on the wire. */
function wire(line: string, headers: readonly (readonly [string, string])[], body = ""): string {
  return `${line}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n${body}`;
}

const offenders: [string, string][] = [
  ["absolute form, invalid port", wire("GET http://a:99999/mcp HTTP/1.1", [["Host", "a"]])],
  [
    "absolute form, invalid port, POST",
    wire("POST http://a:99999/mcp HTTP/1.1", [["Host", "127.0.0.1"]]),
  ],
  ["absolute form, unclosed IPv6", wire("GET http://[::1/mcp HTTP/1.1", [["Host", "a"]])],
  ["absolute form, other scheme", wire("POST ftp://a/mcp HTTP/1.1", [["Host", "a"]])],
  ["asterisk form", wire("OPTIONS * HTTP/1.1", [["Host", "127.0.0.1"]])],
  ["invalid Host port", wire("POST /mcp HTTP/1.1", [["Host", "a:99999"]])],
  ["bracket Host", wire("POST /mcp HTTP/1.1", [["Host", "["]])],
  ["no Host, HTTP/1.0", wire("POST /mcp HTTP/1.0", [["Content-Length", "2"]], "{}")],
  [
    "invalid Origin",
    wire("POST /mcp HTTP/1.1", [
      ["Host", "127.0.0.1"],
      ["Origin", "http://"],
    ]),
  ],
  [
    "double slash path",
    wire(
      "POST //mcp HTTP/1.1",
      [
        ["Host", "127.0.0.1"],
        ["Content-Length", "2"],
      ],
      "{}",
    ),
  ],
  [
    "chunked garbage",
    wire(
      "POST /mcp HTTP/1.1",
      [
        ["Host", "127.0.0.1"],
        ["Content-Type", "application/json"],
        ["Accept", "application/json, text/event-stream"],
        ["Transfer-Encoding", "chunked"],
      ],
      "zz\r\nnot a chunk\r\n",
    ),
  ],
  [
    "a short body",
    wire(
      "POST /mcp HTTP/1.1",
      [
        ["Host", "127.0.0.1"],
        ["Content-Type", "application/json"],
        ["Accept", "application/json, text/event-stream"],
        ["Content-Length", "100"],
      ],
      '{"jsonrpc":',
    ),
  ],
];

// Mostly well-formed requests with hostile parts, so that most get past Node's parser
// and reach the listener; now and then anything at all.
const methods = fc.oneof(
  { weight: 4, arbitrary: fc.constant("POST") },
  { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "DELETE", "OPTIONS", "HEAD", "BREW") },
);
const targets = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("/mcp", "/mcp?x=%zz", "/mcp#f", "//mcp", "/", "*") },
  {
    weight: 2,
    arbitrary: fc.integer({ min: -1, max: 100_000 }).map((port) => `http://a:${port}/mcp`),
  },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  { weight: 1, arbitrary: fc.constantFrom("http://[::1/mcp", "ftp://a/mcp", "mcp", "/%00") },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
const versions = fc.oneof(
  { weight: 6, arbitrary: fc.constant("HTTP/1.1") },
  { weight: 1, arbitrary: fc.constantFrom("HTTP/1.0", "HTTP/2.0", "HTTP/0.9", "", "http/1.1") },
);
const printable = fc.stringMatching(/^[\t\x20-\x7e]{0,40}$/);
const values = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "a:99999",
      "[",
      "[::1]",
      "[::1]:3000",
      "127.0.0.1",
      "localhost",
      "localhost@evil.example",
      "evil.example",
      "null",
      "http://",
      "http://localhost:3000",
      "http://localhost:3000/path",
      "-1",
      "99999999999999999999",
      "chunked",
      "application/json",
      "application/json, text/event-stream",
      "close",
      "100-continue",
      "",
    ),
  },
  { weight: 2, arbitrary: printable },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
);
const names = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "Host",
      "Origin",
      "Content-Length",
      "Content-Type",
      "Accept",
      "Transfer-Encoding",
      "Connection",
      "Expect",
      "mcp-protocol-version",
      "mcp-session-id",
      "Last-Event-ID",
    ),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,20}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const bodies = fc.oneof(
  fc.constant(""),
  fc.constant(callBody("ping")),
  fc.constant(callBody("wait", { n: 1, ms: 1 })),
  fc.constant(`[${callBody("ping")},${callBody("ping", {}, 2)}]`),
  fc.json(),
  fc.string({ unit: "binary", maxLength: 200 }),
);
const requests = fc
  .record({
    method: methods,
    target: targets,
    version: versions,
    // The headers a client sends: a loopback Host, the MCP headers, the body's length.
    standard: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
    headers: fc.array(fc.tuple(names, values), { maxLength: 4 }),
    body: bodies,
  })
  .map(({ method, target, version, standard, headers, body }) => {
    const usual: [string, string][] = standard
      ? [
          ["Host", "127.0.0.1"],
          ["Content-Type", mcpHeaders["content-type"]],
          ["Accept", mcpHeaders.accept],
          ["Content-Length", String(Buffer.byteLength(body))],
        ]
      : [];
    return wire(`${method} ${target} ${version}`, [...usual, ...headers], body);
  });

for (const mode of ["guarded", "open"] as const) {
  describe(`MCP over HTTP, ${mode}: no request crashes the process`, () => {
    let child: Child | undefined;
    beforeAll(async () => {
      child = await startChild(mode);
    });
    afterAll(() => stopChild(child));

    it.each(offenders)("survives %s", async (_label, bytes) => {
      const server = child as Child;
      const { text } = await exchange(server.url, bytes, { timeoutMs: 5_000 });
      expectAlive(server);
      expect(statusOf(text) ?? 0).not.toBe(500);
    });

    it("survives arbitrary request lines, headers and bodies", async () => {
      const server = child as Child;
      await fc.assert(
        fc.asyncProperty(requests, async (bytes) => {
          const { text } = await exchange(server.url, bytes, { timeoutMs: 3_000 });
          expectAlive(server);
          expect(statusOf(text) ?? 0).not.toBe(500);
        }),
        { numRuns: 150 },
      );
    }, 120_000);

    it("still serves a well-formed call afterwards", async () => {
      const server = child as Child;
      const reply = await post(server.url, callBody("ping"));
      expect(reply.status).toBe(200);
      expect(reply.body).toContain('"text":"pong"');
      expectAlive(server);
    });
  });
}
