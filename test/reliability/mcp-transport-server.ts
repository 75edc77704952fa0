/**
 * An MCP server in a process of its own (started with `--expose-gc`), for the transport
 * reliability tests: hostile clients there must not be able to grow it, stall it or
 * starve it. Its tools:
 *
 * - `big`: returns `mib` MiB of text;
 * - `flood`: yields `count` partials of `size` characters without ever awaiting, stopping
 *   early when its signal aborts; reports `{"flooded": yielded}` on stderr once done;
 * - `echo`: answers `{ n, floods }`, `floods` being how many floods are running (so a test
 *   can tell an echo answered during a flood from one answered after it, untimed).
 *
 * - `wait`: answers `{ n }` after `ms` milliseconds.
 *
 * Reports on stderr, one JSON line each, every 100 ms: `{"heap": bytes, "rss": bytes}`
 * after a collection, `heap` counting buffers outside the JS heap too, and over HTTP
 * `ports`, the remote ports of the connections open, and `dropped`, those refused by `maxConnections`. Over HTTP, prints `{"url": "..."}` on stdout once listening.
 * Closes when stdin ends (HTTP) or by itself (stdio); exits after two minutes anyway.
 *
 * Usage: node --expose-gc --import tsx test/reliability/mcp-transport-server.ts
 *   http|stdio ['{"limits": {...}}']
 */
import { capability, defineTool, toolbox } from "toolwright";
import { listenMcpHttp, serveStdio } from "toolwright/mcp";
import { z } from "zod";

const report = (line: unknown) => process.stderr.write(`${JSON.stringify(line)}\n`);
let floods = 0;

const tools = toolbox("transport", "Tools that load a transport", {
  big: defineTool({
    description: "Returns mib MiB of text",
    parameters: z.object({ mib: z.number() }),
    execute: ({ mib }) => "x".repeat(mib * 1024 * 1024),
  }),
  flood: defineTool({
    description: "Yields count partials of size characters, never awaiting",
    parameters: z.object({ count: z.number(), size: z.number() }),
    async *execute({ count, size }, ctx) {
      floods += 1;
      const text = "p".repeat(size);
      let n = 0;
      try {
        for (; n < count && ctx?.signal?.aborted !== true; n += 1) yield { n, text };
        return n;
      } finally {
        floods -= 1;
        report({ flooded: n });
      }
    },
  }),
  wait: defineTool({
    description: "Answers n after ms milliseconds",
    parameters: z.object({ n: z.number(), ms: z.number() }),
    execute: async ({ n, ms }) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { n };
    },
  }),
  echo: defineTool({
    description: "Answers n and the number of floods running",
    parameters: z.object({ n: z.number() }),
    execute: ({ n }) => ({ n, floods }),
  }),
});
const served = {
  name: "transport",
  version: "1.0.0",
  tools: [capability({ name: "transport", description: "Transport loads", toolbox: tools })],
};

const gc = globalThis.gc;
if (gc === undefined) throw new Error("run with node --expose-gc");
/** The remote ports of the connections open on the HTTP server. */
let ports: Set<number> | undefined;
/** Connections refused by `maxConnections` (Node's `drop` event). */
let dropped = 0;
setInterval(() => {
  gc();
  const { heapUsed, external, rss } = process.memoryUsage();
  report({
    heap: heapUsed + external,
    rss,
    ...(ports !== undefined && { ports: [...ports], dropped }),
  });
}, 100).unref();
setTimeout(() => process.exit(2), 120_000).unref();

const [mode, extra = "{}"] = process.argv.slice(2);
const options = JSON.parse(extra) as { limits?: Record<string, number> };
if (mode === "http") {
  const http = await listenMcpHttp({ ...served, ...options });
  const open = new Set<number>();
  ports = open;
  http.server.on("drop", () => {
    dropped += 1;
  });
  http.server.on("connection", (socket) => {
    const port = socket.remotePort ?? 0;
    open.add(port);
    socket.on("close", () => open.delete(port));
  });
  process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);
  process.stdin.on("end", () => void http.close({ graceMs: 0 }));
  process.stdin.resume();
} else {
  await serveStdio({ ...served, ...options } as Parameters<typeof serveStdio>[0]);
}
