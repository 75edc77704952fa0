/**
 * The official MCP SDK `Client`, connected to a toolwright MCP server over the SDK's
 * in-memory transport.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer, type McpServerOptions } from "toolwright/mcp";

/** A connected client, and how to close it and its server. */
export interface Connected {
  readonly client: Client;
  close(): Promise<void>;
}

/** Serves `options` and connects a client to it. */
export async function connectInMemory(options: McpServerOptions): Promise<Connected> {
  const server = createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** What a client's `tools/list` returns from a server of `options`, which it then closes. */
export async function listedTools(options: McpServerOptions): Promise<Tool[]> {
  const { client, close } = await connectInMemory(options);
  try {
    return (await client.listTools()).tools;
  } finally {
    await close();
  }
}
