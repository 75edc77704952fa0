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
import {
  projectParameters,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetEntry,
} from "toolwright";
import {
  ADAPTER_DIALECTS,
  type LintDialect,
  type Lowered,
  type LoweringChange,
  ledgerOf,
} from "toolwright/lint";
import {
  type AnthropicStrictSchema,
  AnthropicStrictSchemaError,
  anthropicStrictParameters,
} from "./strict";

export {
  formatLoweringChange,
  type Lowered,
  type LoweringChange,
  type LoweringChangeKind,
} from "toolwright/lint";
export {
  type AnthropicStrictSchema,
  AnthropicStrictSchemaError,
  anthropicStrictParameters,
} from "./strict";

/** Options of {@link toAnthropicTools} and {@link lowerAnthropicTools}. */
export interface AnthropicToolOptions {
  /**
   * `true`: send every tool with `strict: true`, its constraints strict mode cannot enforce
   * moved into descriptions (the tool's own schema still enforces them); throws
   * {@link AnthropicStrictSchemaError} for a tool that cannot be strict. `"auto"`: send each
   * tool that can be strict as strict and the others without `strict`; the ledger of
   * {@link lowerAnthropicTools} says which and why. @default false
   */
  readonly strict?: boolean | "auto";
}

/**
 * The lint dialect that describes the tools Anthropic is sent: `"anthropic"` for the tools
 * {@link toAnthropicTools} builds, `"anthropic-strict"` for tools sent with `strict: true`
 * (and the strict tools of `strict: "auto"`).
 *
 * @example
 * ```ts
 * lintToolSet(set, { dialect: anthropicLintDialect({ strict: true }) });
 * ```
 */
export function anthropicLintDialect(options: AnthropicToolOptions = {}): LintDialect {
  return options.strict === true || options.strict === "auto"
    ? ADAPTER_DIALECTS["anthropic-strict"]
    : ADAPTER_DIALECTS.anthropic;
}

/**
 * Anthropic `tools`: `{ name, description, input_schema }` per entry, the schema in
 * JSON Schema 2020-12 (the dialect Anthropic documents for `input_schema`), plus
 * `strict: true` on the tools sent strict (see {@link AnthropicToolOptions}).
 *
 * @example
 * ```ts
 * await anthropic.messages.create({ model, max_tokens, messages, tools: toAnthropicTools(set, { strict: "auto" }) });
 * ```
 */
export function toAnthropicTools(set: ToolSet, options: AnthropicToolOptions = {}): Tool[] {
  return lowerAnthropicTools(set, options).tools;
}

/**
 * {@link toAnthropicTools} with its ledger: per tool, each constraint moved into a
 * description, each keyword dropped or rewritten, and each tool `strict: "auto"` sent
 * non-strict, with the reason.
 *
 * @example
 * ```ts
 * const { tools, ledger } = lowerAnthropicTools(set, { strict: "auto" });
 * for (const change of ledger) console.warn(formatLoweringChange(change));
 * ```
 */
export function lowerAnthropicTools(
  set: ToolSet,
  options: AnthropicToolOptions = {},
): Lowered<Tool> {
  const strict = options.strict ?? false;
  const tools: Tool[] = [];
  const ledger: LoweringChange[] = [];
  for (const entry of set.entries()) {
    const lowered = strict === false ? undefined : strictOrReason(entry, strict === "auto");
    if (lowered === undefined || typeof lowered === "string") {
      tools.push(plainTool(entry));
      if (typeof lowered === "string") ledger.push(nonStrict(entry.name, lowered));
      continue;
    }
    tools.push({
      ...plainTool(entry),
      input_schema: lowered.inputSchema as Tool.InputSchema,
      strict: true,
    });
    ledger.push(...ledgerOf(entry.name, "anthropic-strict", lowered.changes));
  }
  return { tools, ledger };
}

function plainTool(entry: ToolSetEntry): Tool {
  return {
    name: entry.name,
    description: entry.description,
    input_schema: structuredClone(
      projectParameters(entry.name, entry.parameters, "draft-2020-12"),
    ) as Tool.InputSchema,
  };
}

// Under "auto", a tool that cannot be strict is the reason it is sent without; otherwise
// the error stands.
function strictOrReason(entry: ToolSetEntry, auto: boolean): AnthropicStrictSchema | string {
  try {
    return anthropicStrictParameters(entry.name, entry.parameters);
  } catch (error) {
    if (!auto || !(error instanceof AnthropicStrictSchemaError)) throw error;
    return error.reasons.join("; ");
  }
}

function nonStrict(tool: string, reason: string): LoweringChange {
  return {
    tool,
    target: "anthropic",
    path: "$",
    kind: "non-strict",
    message: `sent non-strict: ${reason}`,
  };
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
