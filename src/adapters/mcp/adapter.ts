/**
 * The MCP adapter, with the verbs every host adapter has: `list` the tools (`tools/list`),
 * `decode` a `tools/call` request's params, `encode` any outcome as its `CallToolResult`,
 * and `run` them together. The server (`createMcpServer`) answers `tools/call` with
 * `run`; a host of its own can too.
 *
 * @module
 */
import type { CallToolRequest, CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { CallOutcome, ToolSet } from "toolwright";
import { type CallerOptions, type RunOptions, runWith, type ToolAdapter } from "../contract";
import { clientText, type McpClientError } from "./client-error";
import { toCallToolResult } from "./results";
import type { McpCallInfo } from "./server";
import { isStructured, list, type McpExamples } from "./tools";

/** Options of the MCP adapter: how tools are listed, and what a client reads of a failure. */
export interface McpOptions extends CallerOptions {
  /**
   * MCP has no field for input examples: `"description"` folds each tool's examples into
   * its description, one JSON line per example. Left out, they are not sent.
   */
  readonly examples?: McpExamples;
  /**
   * Whether each listed tool carries the `_meta` keys toolwright adds:
   * `"toolwright/kind"` (`"tool"`, `"play"` or `"manual"`), `"toolwright/capability"`
   * (its capability's name) and, for a deferred tool, `"toolwright/deferred": true`.
   * `false` lists no `_meta` at all, for clients that show or store it.
   *
   * @default true
   */
  readonly listingMeta?: boolean;
  /**
   * Decides what a client reads when a call fails: the text of its `isError` result. By
   * default, the failure's message (as `formatError` shaped it), naming the tool; never a
   * stack. It decides last: it receives the model's text as `message` and may replace it.
   * A hook that throws or returns no string gives `tool '<name>' failed`.
   */
  readonly clientError?: McpClientError;
  /** The request the call came in, for `clientError` and a host's logs. */
  readonly info?: McpCallInfo;
}

/** The params of a `tools/call` request. */
export type McpToolCall = CallToolRequest["params"];

function encode(
  set: ToolSet,
  call: McpToolCall,
  outcome: CallOutcome,
  options: McpOptions = {},
): CallToolResult {
  const { name } = call;
  const info = options.info ?? { name, requestId: "" };
  return toCallToolResult(
    name,
    outcome,
    isStructured(set, name, options.ctx),
    (failure) => clientText(options.clientError, info, failure),
    (value) => set.content(name, value),
  );
}

/**
 * The Model Context Protocol. `list` gives the `tools/list` tools (2020-12 `inputSchema`,
 * `outputSchema` for object results, annotations from the tools' hints, and the listing
 * of a set built with `deferLoading`); `run` answers a `tools/call` request's params with
 * its `CallToolResult`: `content` from the set's content parts, `structuredContent` for an
 * object, and every failure an `isError` result naming the tool.
 *
 * @example
 * ```ts
 * const { tools } = mcp.list(set);
 * const result = await mcp.run(set, { name: "add_note", arguments: { text: "hi" } });
 * ```
 */
export const mcp = {
  list: (set: ToolSet, options?: McpOptions) => list(set, options),
  decode: (_set: ToolSet, call: McpToolCall) => ({ name: call.name, args: call.arguments ?? {} }),
  encode,
  run: (
    set: ToolSet,
    call: McpToolCall,
    options?: McpOptions & RunOptions,
  ): Promise<CallToolResult> => runWith(mcp, set, call, options),
} satisfies ToolAdapter<Tool[], McpToolCall, CallToolResult, McpOptions>;
