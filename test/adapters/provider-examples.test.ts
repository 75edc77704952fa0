/**
 * Input examples through the OpenAI, Anthropic and Gemini listings: Anthropic's native
 * `input_examples`; folded into the description elsewhere only when asked, as written, also
 * under OpenAI strict (whose conversion rewrites the schema, never the examples).
 */

import type { Tool } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionDeclaration } from "@google/genai";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import { capability, defineTool, describeWithExamples, toolbox, toolSet } from "toolwright";
import { toAnthropicTools } from "toolwright/anthropic";
import { toGeminiFunctionDeclarations } from "toolwright/gemini";
import { toChatCompletionsTools, toResponsesTools } from "toolwright/openai";
import { describe, expect, it } from "vitest";
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
      const tools: Tool[] = toAnthropicTools(set, { strict });
      expect(named(tools, "list_meetings")).toMatchObject({
        description: "List meetings",
        input_examples: EXAMPLES,
      });
      expect(named(tools, "now")).not.toHaveProperty("input_examples");
    }
    expect(named(toAnthropicTools(set, { examples: false }), "list_meetings")).not.toHaveProperty(
      "input_examples",
    );
  });

  it("OpenAI leaves them out by default, and folds them as written when asked", () => {
    const chat = (tools: ChatCompletionFunctionTool[]) =>
      tools.find((tool) => tool.function.name === "list_meetings")?.function.description;
    const responses = (tools: FunctionTool[]) => named(tools, "list_meetings")?.description;
    expect(chat(toChatCompletionsTools(set))).toBe("List meetings");
    expect(responses(toResponsesTools(set))).toBe("List meetings");
    for (const strict of [false, true, "auto"] as const) {
      // Strict makes `limit` nullable and required; the examples stay as the author wrote them.
      expect(chat(toChatCompletionsTools(set, { strict, examples: "description" }))).toBe(FOLDED);
      expect(responses(toResponsesTools(set, { strict, examples: "description" }))).toBe(FOLDED);
    }
    expect(FOLDED).toContain('{"day":"2025-06-02","limit":5}');
  });

  it("Gemini leaves them out by default, and folds them in both fields when asked", () => {
    const description = (list: FunctionDeclaration[]) =>
      named(list as { name: string; description?: string }[], "list_meetings")?.description;
    expect(description(toGeminiFunctionDeclarations(set))).toBe("List meetings");
    expect(description(toGeminiFunctionDeclarations(set, { examples: "description" }))).toBe(
      FOLDED,
    );
    expect(
      description(
        toGeminiFunctionDeclarations(set, { field: "parameters", examples: "description" }),
      ),
    ).toBe(FOLDED);
    expect(
      named(
        toGeminiFunctionDeclarations(set, { examples: "description" }) as {
          name: string;
          description?: string;
        }[],
        "now",
      )?.description,
    ).toBe("The time");
  });
});
