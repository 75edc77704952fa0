/**
 * `toolwright/ai-sdk`: a tool set as a Vercel AI SDK `ToolSet` for `generateText` /
 * `streamText`. Each tool's `execute` goes through `toolSet().call`, so arguments are
 * parsed once by the tool's own schema; a failure is thrown as an `Error` carrying the
 * readable message, which the AI SDK reports to the model as a tool error.
 *
 * @example
 * ```ts
 * import { generateText } from "ai";
 * import { toAISdkTools } from "toolwright/ai-sdk";
 * const { text } = await generateText({ model, tools: toAISdkTools(set), prompt, stopWhen: stepCountIs(5) });
 * ```
 *
 * @module
 */
import {
  type Tool as AISdkTool,
  type ToolSet as AISdkToolSet,
  type JSONSchema7,
  jsonSchema,
  tool,
} from "ai";
import { type ArgsOf, projectParameters, type ResultOf, type ToolSet } from "toolwright";

/** Options of {@link toAISdkTools}. */
export interface AISdkToolOptions {
  /** Builds `ctx.host` for one call, e.g. `{ scope }`; it receives the AI SDK's call id. */
  readonly host?: (call: {
    readonly name: string;
    readonly toolCallId: string;
  }) => Readonly<Record<string, unknown>>;
}

/**
 * The AI SDK tool set for a tool set that callables `T` type: one AI SDK `Tool` per name,
 * its input the tool's arguments and its output the tool's result, so that the AI SDK
 * types tool calls and results by name. `unknown` where the tool set is untyped.
 */
export type AISdkToolsOf<T> = {
  [K in keyof T & string]: AISdkTool<ArgsOf<T[K]>, ResultOf<T[K]>>;
};

/**
 * One AI SDK tool per entry: `description`, `title` from the tool's annotations,
 * `inputSchema` from the draft-07 projection (no AI SDK-side validation: the boundary
 * parses), and an `execute` that forwards the AI SDK's `abortSignal` as `ctx.signal`.
 * Typed by name as the tool set is (see {@link AISdkToolsOf}).
 */
export function toAISdkTools<T>(set: ToolSet<T>, options: AISdkToolOptions = {}): AISdkToolsOf<T> {
  const tools: AISdkToolSet = {};
  for (const entry of set.entries()) {
    const { name } = entry;
    const schema = structuredClone(
      projectParameters(name, entry.parameters, "draft-07"),
    ) as JSONSchema7;
    tools[name] = tool<unknown, unknown>({
      description: entry.description,
      ...(entry.annotations?.title !== undefined && { title: entry.annotations.title }),
      inputSchema: jsonSchema<unknown>(schema),
      execute: async (input, { abortSignal, toolCallId }) => {
        const outcome = await (set as ToolSet).call(name, input, {
          ...(abortSignal !== undefined && { signal: abortSignal }),
          ...(options.host !== undefined && { host: options.host({ name, toolCallId }) }),
        });
        if (!outcome.ok) throw new Error(outcome.error);
        return outcome.value;
      },
    });
  }
  // Built by name at run time; the type says which name holds which tool.
  return tools as AISdkToolsOf<T>;
}
