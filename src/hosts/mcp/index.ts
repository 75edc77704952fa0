/**
 * `toolwright/mcp`: capabilities as a Model Context Protocol server, on the official
 * `@modelcontextprotocol/sdk` (an optional peer dependency, loaded only by this entry).
 *
 * - `tools/list` from the 2020-12 projection, with `outputSchema` for object results
 *   and annotations from each tool's hints;
 * - `tools/call` through `toolSet`: structured results as `structuredContent` plus
 *   their JSON as text, every failure an `isError: true` result with its message;
 * - manuals as resources (`toolwright://manual/<capability>`) and, by default, as the
 *   `ManualToolbox` reading tools;
 * - MCP cancellation wired to `ctx.signal`, `ctx.emit` to progress notifications.
 *
 * @example
 * ```ts
 * import { serveStdio } from "toolwright/mcp";
 * await serveStdio({ name: "notes", version: "1.0.0", capabilities: [notes] });
 * ```
 *
 * @module
 */
export type { McpCallFailure, McpClientError } from "./client-error";
export { listenMcpHttp, type McpHttpOptions, type McpHttpServer } from "./http";
export {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpHandlerOptions,
} from "./http-handler";
export type { McpHttpLimits } from "./http-limits";
export { createMcpServer, type McpCallInfo, type McpServerOptions } from "./server";
export type { McpCloseOptions } from "./shutdown";
export { type McpStdioOptions, type McpStdioServer, serveStdio } from "./stdio";
