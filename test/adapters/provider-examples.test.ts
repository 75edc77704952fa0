/**
 * Input examples through the OpenAI, Anthropic and Gemini listings: Anthropic's native
 * `input_examples`; folded into the description elsewhere only when asked, as written, also
 * under OpenAI strict (whose conversion rewrites the schema, never the examples).
 */

import type { Tool } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionDeclaration } from "@google/genai";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { describeWithExamples } from "../../src/adapters/examples-text";
import { type Z, zods } from "../set/fixtures";

const EXAMPLES = [{ day: "2025-06-01" }, { day: "2025-06-02", limit: 5 }];
const FOLDED = describeWithExamples("List meetings", EXAMPLES);

function exampleSet(z: Z) {
  const meetings = capability({
    name: "meetings",
    description: "Meetings",
    toolbox: toolbox("meetings", "Meeting tools", {
      list_meetings: defineTool({
        description: "List meetings",
        parameters: z.object({ day: z.string(), limit: z.number().int().optional() }),
        examples: EXAMPLES,
        execute: () => [],
      }),
      now: defineTool({
        description: "The time",
        parameters: z.object({}),
        execute: () => "12:00",
      }),
    }),
  });
  return toolSet([meetings]);
}

describe.each(zods)("input examples in provider listings (%s)", (_label, z) => {
  const set = exampleSet(z);
  const named = <T extends { name: string }>(list: readonly T[], name: string) =>
    list.find((tool) => tool.name === name);

  it("Anthropic sends them as input_examples, plain and strict, and can leave them out", () => {
    for (const strict of [false, true, "auto"] as const) {
      const tools: Tool[] = anthropic.list(set, { strict }).tools;
      expect(named(tools, "list_meetings")).toMatchObject({
        description: "List meetings",
        input_examples: EXAMPLES,
      });
      expect(named(tools, "now")).not.toHaveProperty("input_examples");
    }
    const without = anthropic.list(set, { examples: false }).tools;
    expect(named(without, "list_meetings")).not.toHaveProperty("input_examples");
  });

  it("OpenAI leaves them out by default, and folds them as written when asked", () => {
    const chat = (tools: ChatCompletionFunctionTool[]) =>
      tools.find((tool) => tool.function.name === "list_meetings")?.function.description;
    const item = (tools: FunctionTool[]) => named(tools, "list_meetings")?.description;
    expect(chat(chatCompletions.list(set).tools)).toBe("List meetings");
    expect(item(responses.list(set).tools)).toBe("List meetings");
    for (const strict of [false, true, "auto"] as const) {
      // Strict makes `limit` nullable and required; the examples stay as the author wrote them.
      const options = { strict, examples: "description" } as const;
      expect(chat(chatCompletions.list(set, options).tools)).toBe(FOLDED);
      expect(item(responses.list(set, options).tools)).toBe(FOLDED);
    }
    expect(FOLDED).toContain('{"day":"2025-06-02","limit":5}');
  });

  it("Gemini leaves them out by default, and folds them in both fields when asked", () => {
    const description = (list: FunctionDeclaration[]) =>
      named(list as { name: string; description?: string }[], "list_meetings")?.description;
    expect(description(gemini.list(set).tools)).toBe("List meetings");
    expect(description(gemini.list(set, { examples: "description" }).tools)).toBe(FOLDED);
    expect(
      description(gemini.list(set, { field: "parameters", examples: "description" }).tools),
    ).toBe(FOLDED);
    expect(
      named(
        gemini.list(set, { examples: "description" }).tools as {
          name: string;
          description?: string;
        }[],
        "now",
      )?.description,
    ).toBe("The time");
  });
});
