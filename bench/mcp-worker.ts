/**
 * Times one MCP path for one scenario in a process of its own, and prints the timing
 * as JSON. Run by the boundary benchmark: the two MCP servers share the SDK's protocol
 * code, and timed in one process each would run on code the other had made
 * polymorphic, which is not how either runs in a deployment.
 *
 * Usage: `tsx bench/mcp-worker.ts <"zod 4" | "zod/v3"> <small | large> <toolwright | sdk>`
 *
 * @module
 */
import { measure } from "./harness";
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
// background compiler threads counts too; then many short rounds, so the median is not
// moved by the rounds a major collection lands in.
const [timing] = await measure([{ name: path, run: () => connection.call() }], {
  warmupMs: 1500,
  batchMs: 20,
  rounds: 41,
});
await connection.close();
process.stdout.write(JSON.stringify(timing));
