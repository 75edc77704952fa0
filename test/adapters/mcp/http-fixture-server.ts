/**
 * An MCP HTTP server in a process of its own, for the tests that must see whether a
 * request can kill the process. Prints `{"url": "..."}` on stdout once listening, and
 * closes when its stdin ends (or after two minutes, whatever happens).
 * Usage: tsx test/adapters/mcp/http-fixture-server.ts [guarded|open]
 *   guarded: the loopback defaults (Host and Origin checked); open: both allow-lists "any".
 */
import { listenMcpHttp } from "toolwright/mcp";
import { waitingTools } from "./shutdown-tools";

const open = process.argv[2] === "open";
const http = await listenMcpHttp({
  name: "fixture",
  version: "1.0.0",
  tools: [waitingTools().capability],
  limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  ...(open && { allowed: { hosts: "any", origins: "any" } }),
});
process.stdout.write(`${JSON.stringify({ url: http.url.href })}\n`);

const stop = () => void http.close({ graceMs: 0 });
process.stdin.on("end", stop);
process.stdin.resume();
setTimeout(() => process.exit(2), 120_000).unref();
