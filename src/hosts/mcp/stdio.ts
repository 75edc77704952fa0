/**
 * The stdio transport: one server over the process's stdin and stdout.
 *
 * @module
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer, type McpServerOptions } from "./server";

/**
 * Serves the capabilities over stdio (the process's stdin/stdout). Log to stderr only.
 *
 * @example
 * ```ts
 * await serveStdio({ name: "notes", version: "1.0.0", capabilities: [notes] });
 * ```
 */
export async function serveStdio(options: McpServerOptions): Promise<Server> {
  const server = createMcpServer(options);
  await server.connect(new StdioServerTransport());
  return server;
}
