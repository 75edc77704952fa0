/**
 * The two MCP paths the boundary benchmark compares, each an MCP SDK `Client` over the
 * in-memory transport: toolwright's server (`createMcpServer` from `toolwright/mcp`,
 * serving a `defineTool` tool) and the SDK's own `McpServer.registerTool`.
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { createMcpServer } from "toolwright/mcp";
import type { Scenario } from "./scenarios";

/** Which MCP server answers. */
export type McpPath = "toolwright" | "sdk";

/** A connected client calling the scenario's tool. */
export interface McpConnection {
  /** Calls the tool with the scenario's arguments; resolves to `structuredContent`. */
  call(): Promise<unknown>;
  close(): Promise<void>;
}

function toolwrightServer(scenario: Scenario): Server {
  const tool = defineTool({
    description: "benchmark tool",
    parameters: scenario.parameters,
    returns: scenario.returns,
    execute: scenario.execute as never,
  });
  const box = toolbox("bench", "benchmark toolbox", { bench_tool: tool });
  const owner = capability({ name: "bench", description: "benchmark capability", toolbox: box });
  return createMcpServer({
    name: "bench-toolwright",
    version: "1.0.0",
    tools: toolSet([owner], { manuals: false }),
  });
}

function sdkServer(scenario: Scenario): McpServer {
  const server = new McpServer({ name: "bench-sdk", version: "1.0.0" });
  server.registerTool(
    "bench_tool",
    {
      description: "benchmark tool",
      inputSchema: scenario.parameters as never,
      outputSchema: scenario.returns as never,
    },
    (async (args: never) => {
      const value = await scenario.execute(args);
      return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    }) as never,
  );
  return server;
}

/** Starts the chosen server and connects a client to it in memory. */
export async function connectMcp(path: McpPath, scenario: Scenario): Promise<McpConnection> {
  const server = path === "toolwright" ? toolwrightServer(scenario) : sdkServer(scenario);
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  await client.listTools(); // the client caches output validators from tools/list
  return {
    async call() {
      const result = await client.callTool({
        name: "bench_tool",
        arguments: scenario.args as never,
      });
      if (result.isError) throw new Error(`${path} MCP path: ${JSON.stringify(result.content)}`);
      return result.structuredContent;
    },
    close: () => Promise.all([client.close(), server.close()]).then(() => {}),
  };
}
