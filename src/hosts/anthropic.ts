/**
 * `toolwright/anthropic`: a tool set as Anthropic Messages API `tools`, and the
 * `tool_result` block for a `tool_use` the model sent. Types come from
 * `@anthropic-ai/sdk` (an optional peer dependency, types only).
 *
 * @example
 * ```ts
 * import { runAnthropicToolUse, toAnthropicTools } from "toolwright/anthropic";
 * const message = await anthropic.messages.create({ model, max_tokens, messages, tools: toAnthropicTools(set) });
 * const results = await Promise.all(
 *   message.content.filter((block) => block.type === "tool_use").map((block) => runAnthropicToolUse(set, block)),
 * );
 * messages.push({ role: "user", content: results });
 * ```
 *
 * @module
 */
import type { Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { projectParameters, type ToolExecutionContext, type ToolSet } from "toolwright";

/**
 * Anthropic `tools`: `{ name, description, input_schema }` per entry, the schema in
 * JSON Schema 2020-12 (the dialect Anthropic documents for `input_schema`).
 */
export function toAnthropicTools(set: ToolSet): Tool[] {
  return set.entries().map((entry) => ({
    name: entry.name,
    description: entry.description,
    input_schema: structuredClone(
      projectParameters(entry.name, entry.parameters, "draft-2020-12"),
    ) as Tool.InputSchema,
  }));
}

/**
 * Runs a `tool_use` block through the set and answers with its `tool_result` block:
 * the value as JSON text, or the failure's message with `is_error: true`. Never rejects.
 */
export async function runAnthropicToolUse(
  set: ToolSet,
  block: { readonly id: string; readonly name: string; readonly input: unknown },
  ctx?: ToolExecutionContext,
): Promise<ToolResultBlockParam> {
  const outcome = await set.call(block.name, block.input, ctx);
  if (!outcome.ok) {
    return { type: "tool_result", tool_use_id: block.id, content: outcome.error, is_error: true };
  }
  const { value } = outcome;
  const content = typeof value === "string" ? value : (JSON.stringify(value ?? null) ?? "null");
  return { type: "tool_result", tool_use_id: block.id, content };
}
