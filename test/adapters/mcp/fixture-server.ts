/**
 * The fixture capabilities as an MCP server over stdio, for the stdio client tests.
 * Usage: tsx test/adapters/mcp/fixture-server.ts <zod|zod/v3>
 */
import { serveStdio } from "toolwright/mcp";
import { fixtureCapabilities, zods } from "../../set/fixtures";

const label = process.argv[2] ?? "zod";
const z = zods.find(([name]) => name === label)?.[1];
if (z === undefined) throw new Error(`unknown zod label '${label}'; use zod or zod/v3`);

await serveStdio({
  name: "fixtures",
  version: "1.0.0",
  tools: fixtureCapabilities(z),
  host: ({ requestId }) => ({ scope: Object.freeze({ id: `call-${requestId}` }) }),
});
