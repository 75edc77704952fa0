/**
 * The waiting tools served over stdio, for the shutdown tests. Reports on stderr, one
 * JSON line each: `{"started": n}` as each `wait` call starts, and `{"aborted": [...]}`
 * once the server has closed. Closes when stdin ends, or on SIGTERM.
 * Usage: tsx test/adapters/mcp/stdio-fixture-server.ts [graceMs]
 */
import { serveStdio } from "toolwright/mcp";
import { waitingTools } from "./shutdown-tools";

const report = (line: unknown) => process.stderr.write(`${JSON.stringify(line)}\n`);
const { capability, log } = waitingTools((n) => report({ started: n }));
const grace = process.argv[2];
const stdio = await serveStdio({
  name: "fixture",
  version: "1.0.0",
  tools: [capability],
  ...(grace !== undefined && { graceMs: Number(grace) }),
});
process.once("SIGTERM", () => void stdio.close());
await stdio.closed;
report({ aborted: log.aborted });
