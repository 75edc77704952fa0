/**
 * What each host reads of one call of a tool set's `x`: every provider adapter's `run`,
 * and an MCP client through the SDK's `Client`. For tests that show a behaviour holds
 * alike on every path.
 */
import type { toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import type { McpServerOptions } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { connectInMemory } from "../adapters/mcp/in-memory-client";

type AnySet = ReturnType<typeof toolSet>;

/** The text each provider adapter's `run` gives the model for a call of `x` with `args`. */
export async function adapterTexts(set: AnySet, args: Record<string, unknown> = {}) {
  const json = JSON.stringify(args);
  const chat = await chatCompletions.run(set, {
    id: "c1",
    function: { name: "x", arguments: json },
  });
  const response = await responses.run(set, { call_id: "c1", name: "x", arguments: json });
  const block = await anthropic.run(set, { id: "u1", name: "x", input: args });
  const functionResponse = await gemini.run(set, { name: "x", args });
  const sdk = await aiSdk.run(set, { toolCallId: "t1", toolName: "x", input: args });
  return {
    chatCompletions: chat.content,
    responses: response.output,
    anthropic: block.is_error === true ? block.content : `not an error: ${String(block.content)}`,
    gemini: (functionResponse.response as { error?: unknown }).error,
    aiSdk: sdk.type === "error-text" ? sdk.value : `not an error: ${JSON.stringify(sdk)}`,
  };
}

/** The `isError` text an MCP client reads for a call of `name` (default `x`). */
export async function mcpText(
  set: AnySet,
  call: {
    readonly name?: string;
    readonly args?: Record<string, unknown>;
    readonly server?: Partial<McpServerOptions>;
  } = {},
) {
  const { name = "x", args = {}, server = {} } = call;
  const { client, close } = await connectInMemory({
    name: "alike",
    version: "1",
    tools: set,
    ...server,
  });
  try {
    const result = await client.callTool({ name, arguments: args });
    const [first] = result.content as { type: string; text?: string }[];
    return result.isError === true ? first?.text : `not an error: ${first?.text}`;
  } finally {
    await close();
  }
}
