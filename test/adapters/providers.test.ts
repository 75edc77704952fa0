import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { projectParameters, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { fixtureCapabilities, zods } from "../set/fixtures";
import { openAIOutcome } from "./openai-outcome";

describe.each(zods)("provider formats (%s)", (_label, z) => {
  const set = toolSet(fixtureCapabilities(z));
  const add = set.get("add_note");
  if (add === undefined) throw new Error("fixture changed");

  it("OpenAI Chat Completions: one function tool per entry, draft-07 parameters", () => {
    const { tools } = chatCompletions.list(set);
    expect(tools.map((tool) => tool.function.name)).toEqual(set.names);
    expect(tools[0]).toEqual({
      type: "function",
      function: {
        name: "add_note",
        description: "Add a note",
        parameters: projectParameters("add_note", add.parameters, "draft-07"),
      },
    });
    expect(Object.isFrozen(tools[0]?.function.parameters)).toBe(false);
  });

  it("OpenAI Responses: flat function tools with strict false", () => {
    const { tools } = responses.list(set);
    expect(tools[0]).toEqual({
      type: "function",
      name: "add_note",
      description: "Add a note",
      parameters: projectParameters("add_note", add.parameters, "draft-07"),
      strict: false,
    });
  });

  it("OpenAI call path: JSON arguments in, failure as data", async () => {
    expect(await openAIOutcome(set, "add_note", '{"text":"o"}')).toMatchObject({ ok: true });
    expect(await openAIOutcome(set, "now", "")).toEqual({
      ok: true,
      value: { iso: "2025-01-01T00:00:00Z" },
    });
    const bad = await openAIOutcome(set, "add_note", '{"text":1}');
    expect(!bad.ok && bad.error).toMatch(/^tool 'add_note' received invalid arguments/);
    // run answers the same calls with their tool messages and function_call_output items.
    const now = { id: "c1", function: { name: "now", arguments: "" } };
    expect(await chatCompletions.run(set, now)).toEqual({
      role: "tool",
      tool_call_id: "c1",
      content: '{"iso":"2025-01-01T00:00:00Z"}',
    });
    const failed = await responses.run(set, {
      call_id: "c2",
      name: "add_note",
      arguments: '{"text":1}',
    });
    expect(failed).toEqual({
      type: "function_call_output",
      call_id: "c2",
      output: expect.stringMatching(/^tool 'add_note' received invalid arguments/),
    });
  });

  it("Anthropic: name, description, 2020-12 input_schema; tool_result blocks", async () => {
    const { tools } = anthropic.list(set);
    expect(tools[0]).toEqual({
      name: "add_note",
      description: "Add a note",
      input_schema: projectParameters("add_note", add.parameters, "draft-2020-12"),
    });
    expect(tools.every((tool) => tool.input_schema.type === "object")).toBe(true);
    expect(await anthropic.run(set, { id: "tu_1", name: "now", input: {} })).toEqual({
      type: "tool_result",
      tool_use_id: "tu_1",
      content: '{"iso":"2025-01-01T00:00:00Z"}',
    });
    expect(await anthropic.run(set, { id: "tu_2", name: "fail", input: {} })).toEqual({
      type: "tool_result",
      tool_use_id: "tu_2",
      content: "the notebook is on fire",
      is_error: true,
    });
  });

  it("Gemini: parametersJsonSchema and responseJsonSchema; functionResponse", async () => {
    const { tools: declarations } = gemini.list(set);
    expect(declarations[0]).toEqual({
      name: "add_note",
      description: "Add a note",
      parametersJsonSchema: projectParameters("add_note", add.parameters, "draft-2020-12"),
      responseJsonSchema: expect.objectContaining({ type: "object" }),
    });
    expect(declarations.find((d) => d.name === "fail")).not.toHaveProperty("responseJsonSchema");
    expect(await gemini.run(set, { id: "c1", name: "now", args: {} })).toEqual({
      id: "c1",
      name: "now",
      response: { output: { iso: "2025-01-01T00:00:00Z" } },
    });
    expect(await gemini.run(set, { name: "add_note", args: {} })).toEqual({
      name: "add_note",
      response: { error: expect.stringMatching(/^tool 'add_note' received invalid arguments/) },
    });
  });

  it("AI SDK: generateText runs the tools through the tool set", async () => {
    const seenTools: unknown[] = [];
    let step = 0;
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        seenTools.push(options.tools);
        step += 1;
        if (step === 1) {
          return {
            content: [
              {
                type: "tool-call",
                toolCallId: "c1",
                toolName: "add_note",
                input: '{"text":"from ai"}',
              },
              { type: "tool-call", toolCallId: "c2", toolName: "add_note", input: '{"text":7}' },
              { type: "tool-call", toolCallId: "c3", toolName: "add_twice", input: '{"text":"p"}' },
            ],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    const seenScopes: string[] = [];
    const result = await generateText({
      model,
      prompt: "add a note",
      tools: aiSdk.list(set, {
        host: ({ toolCallId }) => {
          seenScopes.push(toolCallId);
          return { scope: { id: toolCallId } };
        },
      }).tools,
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("done");
    const first = result.steps[0];
    expect(first?.toolResults.map((r) => [r.toolCallId, r.output])).toEqual([
      ["c1", { id: expect.any(Number), count: expect.any(Number) }],
      ["c3", { added: 2 }],
    ]);
    const errors = first?.content.filter((part) => part.type === "tool-error") ?? [];
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as { error: unknown }).error)).toMatch(
      /tool 'add_note' received invalid arguments/,
    );
    expect(seenScopes).toEqual(["c1", "c2", "c3"]);
    const tools = seenTools[0] as { name: string; inputSchema: unknown }[];
    expect(tools.find((tool) => tool.name === "add_note")?.inputSchema).toEqual(
      projectParameters("add_note", add.parameters, "draft-07"),
    );
  });

  it("AI SDK: the abort signal reaches ctx.signal", async () => {
    const { tools } = aiSdk.list(set);
    const controller = new AbortController();
    const pending = tools.slow?.execute?.(
      { ms: 5_000 },
      { toolCallId: "x", messages: [], abortSignal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toThrow(/call to 'slow' was cancelled/);
  });
});
