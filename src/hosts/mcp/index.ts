/**
 * `toolwright/mcp`: capabilities as a Model Context Protocol server, on the official
 * `@modelcontextprotocol/sdk` (an optional peer dependency, loaded only by this entry).
 *
 * - `tools/list` from the 2020-12 projection, with `outputSchema` for object results
 *   and annotations from each tool's hints;
 * - `tools/call` through `toolSet`: structured results as `structuredContent`, beside
 *   `content` from each tool's `toModelOutput` (text, image, audio, resource links and
 *   embedded resources) or the result's JSON as text, cut to `outputBudget`; every
 *   failure an `isError: true` result with its message;
 * - manuals as resources (`toolwright://manual/<capability>`) and, by default, as the
 *   `ManualToolbox` reading tools;
 * - MCP cancellation wired to `ctx.signal`; `ctx.emit` and a streaming tool's partial
 *   results to progress notifications (a partial's JSON as the message and the value in
 *   `_meta["toolwright/partial"]`);
 * - input examples folded into descriptions (`examples: "description"`), and tools
 *   listed by one line with `search_tools`/`describe_tools` (`deferLoading`);
 * - approval asked of the client's user through elicitation (or refused, or decided by
 *   a handler of yours), time limits, strict inputs and `formatError`, as in `toolSet`.
 *
 * @example
 * ```ts
 * import { serveStdio } from "toolwright/mcp";
 * await serveStdio({ name: "notes", version: "1.0.0", capabilities: [notes] });
 * ```
 *
 * @module
 */
export type { McpApproval, McpApprovalHandler } from "./approval";
export type { McpCallFailure, McpClientError } from "./client-error";
export { listenMcpHttp, type McpHttpOptions, type McpHttpServer } from "./http";
export {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpHandlerOptions,
} from "./http-handler";
export type { McpHttpLimits } from "./http-limits";
export type { McpExamples } from "./listing";
export { createMcpServer, type McpCallInfo, type McpServerOptions } from "./server";
export type { McpCloseOptions } from "./shutdown";
export { type McpStdioOptions, type McpStdioServer, serveStdio } from "./stdio";
