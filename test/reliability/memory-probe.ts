/**
 * Memory across many calls, in a process of its own started with `--expose-gc`: a
 * warm-up batch, a collection, the baseline; then many more batches, a collection, and
 * the heap again. Prints `MemoryFigures` as JSON on stdout.
 *
 * Usage: node --expose-gc --import tsx test/reliability/memory-probe.ts [batches] [size]
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { toolSet } from "toolwright";
import { createMcpServer } from "toolwright/mcp";
import { echoCapability, scope } from "./drive";

/** What the probe measured. */
export interface MemoryFigures {
  /** Calls made after the baseline, through `toolSet.call` and the MCP server. */
  readonly calls: number;
  /** Heap in use after the warm-up batch and a collection, in bytes. */
  readonly baselineBytes: number;
  /** Heap in use after every batch and a collection, in bytes. */
  readonly finalBytes: number;
}

const gc = globalThis.gc;
if (gc === undefined) throw new Error("run with node --expose-gc");

const [batches = 10, size = 1_000] = process.argv.slice(2).map(Number);
const set = toolSet([echoCapability()]);
const server = createMcpServer({
  name: "memory",
  version: "1.0.0",
  tools: [echoCapability()],
  host: ({ requestId }) => ({ scope: scope.bind({ operator: `request-${requestId}` }) }),
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: "memory", version: "1.0.0" });
await client.connect(clientSide);

async function batch(): Promise<number> {
  const calls = Array.from({ length: size }, (_, n) => [
    set.call("echo", { n }, { host: { scope: scope.bind({ operator: `op-${n}` }) } }),
    client.callTool({ name: "echo", arguments: { n } }),
  ]);
  await Promise.all(calls.flat());
  return size * 2;
}

function settledHeap(): number {
  for (let round = 0; round < 3; round += 1) gc?.();
  return process.memoryUsage().heapUsed;
}

await batch();
const baselineBytes = settledHeap();
let calls = 0;
for (let round = 0; round < batches; round += 1) calls += await batch();
const finalBytes = settledHeap();
await client.close();
await server.close();
const figures: MemoryFigures = { calls, baselineBytes, finalBytes };
console.log(JSON.stringify(figures));
