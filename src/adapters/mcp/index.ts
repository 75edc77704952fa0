/**
 * `toolwright/mcp`: a tool set as a Model Context Protocol server, on the official
 * `@modelcontextprotocol/sdk` (an optional peer dependency, loaded only by this entry),
 * and the MCP adapter with the verbs every host adapter has (`mcp`: `list`, `decode`,
 * `encode`, `run`).
 *
 * - `tools/list` from the 2020-12 projection, declared by `$schema`, with `outputSchema`
 *   for object results, each tool's `title`, annotations from its hints, its `execution`
 *   as declared, and toolwright's `_meta` keys unless `server.listingMeta` is `false`;
 * - `tools/call` through the set: structured results as `structuredContent`, beside
 *   `content` from each tool's `toModelOutput` (text, image, audio, resource links and
 *   embedded resources) or the result's JSON as text, cut to the set's `outputBudget`;
 *   every failure an `isError` result with its message;
 * - manuals as resources (`toolwright://manual/<capability>`) and, by default, as the
 *   `ManualToolbox` reading tools;
 * - MCP cancellation wired to `ctx.signal`; `ctx.emit` and a streaming tool's partial
 *   results to progress notifications (a partial's JSON as the message and the value in
 *   `_meta["toolwright/partial"]`; a tool's increasing progress values as it sent them);
 * - approval asked of the client's user through elicitation (or refused, or decided by
 *   a handler of yours); every other control (time limits, strict inputs, `formatError`,
 *   the approval policy, deferred loading) is the tool set's;
 * - JWT access tokens verified as a resource server does (`jwtVerifier`: signature by
 *   the issuer's published keys, issuer, audience, validity), to an `McpPrincipal`, on
 *   jose (an optional peer dependency, loaded only when a token is first verified);
 * - opaque access tokens verified by token introspection (`introspectionVerifier`, RFC
 *   7662: the authorization server asked, its answer checked for activity, audience,
 *   expiry and subject and kept a short while), to an `McpPrincipal`.
 *
 * @example
 * ```ts
 * import { serveStdio } from "toolwright/mcp";
 * await serveStdio({ name: "notes", version: "1.0.0", tools: toolSet([notes]) });
 * ```
 *
 * @module
 */
export { type McpOptions, type McpToolCall, mcp } from "./adapter";
export type { McpApproval, McpApprovalHandler } from "./approval";
export type { McpCallFailure, McpClientError } from "./client-error";
export type { McpServerSetup } from "./configure";
export { type McpEventStore, type MemoryEventStoreOptions, memoryEventStore } from "./event-store";
export type { AllowList, McpAllowed } from "./host-origin";
export { listenMcpHttp, type McpHttpOptions, type McpHttpServer } from "./http";
export {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpHandlerOptions,
} from "./http-handler";
export type { McpHttpLimits, McpResponseLimits } from "./http-limits";
export type { McpSessionOptions } from "./http-sessions";
export {
  type IntrospectionVerifier,
  type IntrospectionVerifierOptions,
  introspectionVerifier,
} from "./introspection-verifier";
export {
  type JwtVerifier,
  type JwtVerifierOptions,
  jwtVerifier,
  type TokenRefusal,
  type TokenRefusalCode,
} from "./jwt-verifier";
export type { McpPrincipal } from "./principal";
export { createMcpServer, type McpCallInfo, type McpServerOptions } from "./server";
export type { McpCloseOptions } from "./shutdown";
export { type McpStdioOptions, type McpStdioServer, serveStdio } from "./stdio";
export type { McpStdioLimits } from "./stdio-transport";
export type { McpExamples } from "./tools";
