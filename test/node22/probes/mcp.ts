// toolwright/mcp under Node 22: createMcpServer (serving capabilities as `tools`) listed
// and called by the MCP SDK's own client over its in-memory transport.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer } from "toolwright/mcp";
import { ADD_NOTE_PARAMETERS, expectRuntime, notesCapability, report } from "./fixtures.ts";

const runtime = expectRuntime("@modelcontextprotocol/sdk", 1);
const server = createMcpServer({
  name: "notes",
  version: "1.0.0",
  tools: [notesCapability()],
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: "node22-leg", version: "1.0.0" });
await client.connect(clientSide);
try {
  const { tools } = await client.listTools();
  const addNote = tools.find((tool) => tool.name === "add_note");
  assert.equal(addNote?.description, "Add a note");
  assert.deepEqual(
    { ...addNote?.inputSchema, $schema: undefined },
    { ...ADD_NOTE_PARAMETERS, $schema: undefined },
  );
  const added = (await client.callTool({
    name: "add_note",
    arguments: { text: "m" },
  })) as CallToolResult;
  assert.equal(added.isError ?? false, false);
  assert.deepEqual(added.structuredContent, { id: 1, count: 1 });
  const failed = (await client.callTool({ name: "fail", arguments: {} })) as CallToolResult;
  assert.equal(failed.isError, true);
  assert.deepEqual(failed.content, [
    { type: "text", text: "tool 'fail' failed: the notebook is on fire" },
  ]);
  const refused = (await client.callTool({
    name: "add_note",
    arguments: { text: "" },
  })) as CallToolResult;
  assert.equal(refused.isError, true);
  report({
    ...runtime,
    tools: tools.map((tool) => tool.name),
    calls: [added, failed, refused].map((result) => result.isError ?? false),
  });
} finally {
  await client.close();
  await server.close();
}
