/**
 * Times one MCP path for one scenario in a process of its own, one round at a time
 * when `mcp-rounds.ts` asks. The two MCP servers share the SDK's protocol code, and
 * timed in one process each would run on code the other had made polymorphic, which
 * is not how either runs in a deployment; so each runs in its own process, and the
 * parent alternates rounds between them to keep the pairing that per-round ratios need.
 *
 * Protocol, one line each way: the worker prints `ready` once warmed up; then for each
 * `round` line on stdin it prints a JSON array `[floorNs, pathNs]`, nanoseconds per
 * call of the hand-written floor and of the MCP path, timed side by side in this
 * process; on end of input it closes the connection and exits.
 *
 * Usage: `tsx bench/mcp-worker.ts <"zod 4" | "zod/v3"> <tiny | small | large> <toolwright | sdk>`
 *
 * @module
 */
import { createInterface } from "node:readline";
import { calibrateAll } from "./harness";
import { connectMcp, type McpPath } from "./mcp-paths";
import { scenarios, verify } from "./scenarios";

const [major, payload, path] = process.argv.slice(2);
const scenario = scenarios().find((s) => s.major === major && s.payload === payload);
if (scenario === undefined || (path !== "toolwright" && path !== "sdk")) {
  throw new TypeError(`mcp-worker: unknown scenario or path: ${process.argv.slice(2).join(" ")}`);
}
const floor = async (input: unknown) =>
  scenario.returns.parse(await scenario.execute(scenario.parameters.parse(input) as never));
const connection = await connectMcp(path as McpPath, scenario);
verify(`${path} MCP path`, await connection.call(), await floor(scenario.args));
// A fresh process: warm up long enough for the JIT to settle, since the CPU time of its
// background compiler threads counts too; short batches, so the parent can take many rounds.
const { round } = await calibrateAll(
  [
    { name: "floor", run: () => floor(scenario.args) },
    { name: path, run: () => connection.call() },
  ],
  { warmupMs: 1500, batchMs: 20 },
);
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== "round") throw new TypeError(`mcp-worker: unknown command '${line}'`);
  process.stdout.write(`${JSON.stringify(await round())}\n`);
}
await connection.close();
