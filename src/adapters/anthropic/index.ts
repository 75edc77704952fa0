/**
 * `toolwright/anthropic`: a tool set as Anthropic Messages API tools, through the adapter
 * every host has (`list`, `decode`, `encode`, `run`): `tools` for `messages.create`, and a
 * `tool_result` block for each `tool_use` block the model sends. Types come from
 * `@anthropic-ai/sdk` (an optional peer dependency, types only).
 *
 * @example
 * ```ts
 * import { anthropic } from "toolwright/anthropic";
 * const { tools } = anthropic.list(set);
 * const message = await client.messages.create({ model, max_tokens, messages, tools });
 * const uses = message.content.filter((block) => block.type === "tool_use");
 * messages.push({ role: "assistant", content: message.content });
 * messages.push({ role: "user", content: await Promise.all(uses.map((use) => anthropic.run(set, use))) });
 * ```
 *
 * @module
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { CallOutcome, ToolSet } from "toolwright";
import { type RunOptions, runWith, type ToolAdapter } from "../contract";
import { anthropicResultContent } from "./content";
import { isCatalogTool, SEARCH_TOOLS, toolReferences } from "./deferred";
import { type AnthropicOptions, type AnthropicTool, list } from "./tools";

export { StrictSchemaError } from "toolwright";
export type { AnthropicResultBlock } from "./content";
export type { AnthropicServerToolSearch } from "./deferred";
export { type AnthropicStrictSchema, anthropicStrictParameters } from "./strict";
export type {
  AnthropicClientOptions,
  AnthropicOptions,
  AnthropicServerSearchOptions,
  AnthropicTool,
} from "./tools";

/** A `tool_use` block, as the model sends it. */
export interface AnthropicToolUse {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

function encode(
  set: ToolSet,
  use: AnthropicToolUse,
  outcome: CallOutcome,
  options: AnthropicOptions = {},
): ToolResultBlockParam {
  if (!outcome.ok) {
    return { type: "tool_result", tool_use_id: use.id, content: outcome.error, is_error: true };
  }
  const content =
    searchReferences(set, use, outcome, options) ??
    anthropicResultContent(set.content(use.name, outcome.value));
  return { type: "tool_result", tool_use_id: use.id, content };
}

// Under native deferred loading with the set's own search, what search_tools found, as references.
function searchReferences(
  set: ToolSet,
  use: AnthropicToolUse,
  outcome: CallOutcome,
  options: AnthropicOptions,
) {
  const native = (options.deferLoading ?? "native") === "native";
  const entry = set.get(use.name, options.ctx);
  if (!native || (options.toolSearch ?? "client") !== "client" || entry === undefined) {
    return undefined;
  }
  return isCatalogTool(entry, SEARCH_TOOLS) ? toolReferences(set, outcome, options.ctx) : undefined;
}

/**
 * Anthropic's Messages API. `list` gives `tools` (2020-12 `input_schema`; `strict` when
 * asked, with its ledger; `input_examples`; `defer_loading` for a set built with
 * `deferLoading`). `run` answers a `tool_use` block with its `tool_result` block: what
 * `set.content` makes of a value (text, image, and document blocks for text resources and
 * PDFs; the rest as text saying what it is; a plain string for one text part), a failure or
 * a call pending approval as its readable error with `is_error: true`, and under native
 * deferred loading a `search_tools` result as `tool_reference` blocks. Pass `run` and
 * `encode` the same `deferLoading` and `toolSearch` as `list`.
 *
 * @example
 * ```ts
 * const result = await anthropic.run(set, block, { approve: askUser });
 * ```
 */
export const anthropic = {
  list,
  decode: (_set: ToolSet, use: AnthropicToolUse) => ({ name: use.name, args: use.input }),
  encode,
  run: (
    set: ToolSet,
    use: AnthropicToolUse,
    options?: AnthropicOptions & RunOptions,
  ): Promise<ToolResultBlockParam> => runWith(anthropic, set, use, options),
} satisfies ToolAdapter<AnthropicTool[], AnthropicToolUse, ToolResultBlockParam, AnthropicOptions>;
