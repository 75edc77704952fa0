/**
 * A scripted AI SDK model for the adapter tests: it answers each `generateText` step with
 * the next result it was given (tool calls, then text), and records every call's options.
 */
import { MockLanguageModelV3 } from "ai/test";

export type MockResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
export type MockOptions = Parameters<MockLanguageModelV3["doGenerate"]>[0];

export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A step whose content is these tool calls. */
export function toolCalls(...calls: [id: string, name: string, input: unknown][]): MockResult {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({
      type: "tool-call" as const,
      toolCallId,
      toolName,
      input: JSON.stringify(input),
    })),
    finishReason: { unified: "tool-calls", raw: undefined },
    usage,
    warnings: [],
  };
}

/** A last step: text, and stop. */
export const done: MockResult = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: undefined },
  usage,
  warnings: [],
};

/** A model that answers each step with the next of `steps`; `calls` and `prompts` record what it was asked. */
export function scripted(...steps: MockResult[]): {
  model: MockLanguageModelV3;
  calls: MockOptions[];
  prompts: unknown[];
} {
  const calls: MockOptions[] = [];
  const prompts: unknown[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options: MockOptions) => {
      calls.push(options);
      prompts.push(options.prompt);
      return steps[calls.length - 1] ?? done;
    },
  });
  return { model, calls, prompts };
}
