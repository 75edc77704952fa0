/**
 * The AI SDK adapter under issue 14's controls, through a real `generateText`: approval is
 * the AI SDK's own (`tool-approval-request`, then a `tool-approval-response` in the next
 * call's messages), and timeouts and `formatError` texts reach the model as tool errors.
 */
import { generateText, type ModelMessage, stepCountIs } from "ai";
import {
  capability,
  defineTool,
  ToolError,
  type ToolSetOptions,
  toolbox,
  toolSet,
} from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { describe, expect, it } from "vitest";
import { controlTools, type Z, zods } from "../set/fixtures";
import { done, scripted, toolCalls } from "./ai-sdk-mock";

/** The tool results a prompt shows the model, by call id. */
function toolResultsIn(prompt: unknown): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const message of prompt as { role: string; content: unknown }[]) {
    if (message.role !== "tool") continue;
    for (const part of message.content as { type: string; toolCallId: string; output: unknown }[]) {
      if (part.type === "tool-result") results[part.toolCallId] = part.output;
    }
  }
  return results;
}

function controlledSet(z: Z, options: ToolSetOptions = {}) {
  const ran: string[] = [];
  const notes = capability({
    name: "notes",
    description: "A notebook",
    toolbox: toolbox("notes", "Note tools", {
      delete_note: defineTool({
        description: "Delete a note",
        parameters: z.object({ id: z.string() }),
        controls: { needsApproval: ({ id }) => id !== "scratch" },
        execute: ({ id }) => {
          ran.push(id);
          return { deleted: id };
        },
      }),
      ...controlTools(z),
    }),
  });
  return { set: toolSet([notes], options), ran };
}

/** The first call's messages, answered by one approval response per request it made. */
function answered(
  first: {
    readonly content: readonly { type: string }[];
    readonly response: { messages: ModelMessage[] };
  },
  approved: boolean,
  reason?: string,
): ModelMessage[] {
  const requests = first.content.filter(
    (part): part is { type: "tool-approval-request"; approvalId: string } =>
      part.type === "tool-approval-request",
  );
  return [
    { role: "user", content: "delete n1" },
    ...first.response.messages,
    {
      role: "tool",
      content: requests.map((request) => ({
        type: "tool-approval-response" as const,
        approvalId: request.approvalId,
        approved,
        ...(reason !== undefined && { reason }),
      })),
    },
  ];
}

describe.each(zods)("AI SDK adapter controls (%s)", (_label, z) => {
  it("sets needsApproval only on the tools that may need approval", () => {
    const { set } = controlledSet(z);
    const tools = aiSdk.list(set).tools;
    expect(typeof tools.delete_note?.needsApproval).toBe("function");
    expect(tools.read_note).not.toHaveProperty("needsApproval");
    expect(tools.stall).not.toHaveProperty("needsApproval");
  });

  it("a set-wide policy gives its tools needsApproval too", () => {
    const { set } = controlledSet(z, { controls: { needsApproval: true } });
    const tools = aiSdk.list(set).tools;
    expect(Object.values(tools).every((t) => typeof t.needsApproval === "function")).toBe(true);
  });

  it("asks through a tool-approval-request, then runs once when the next call approves", async () => {
    const { set, ran } = controlledSet(z);
    const first = scripted(toolCalls(["c1", "delete_note", { id: "n1" }]));
    const asked = await generateText({
      model: first.model,
      tools: aiSdk.list(set).tools,
      prompt: "delete n1",
      stopWhen: stepCountIs(3),
    });
    const requests = asked.content.filter((part) => part.type === "tool-approval-request");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.toolCall).toMatchObject({ toolName: "delete_note", input: { id: "n1" } });
    expect(ran).toEqual([]);
    expect(first.prompts).toHaveLength(1); // generateText stopped to ask

    // A fresh adapter and set, as in another process after a restart.
    const later = controlledSet(z);
    const second = scripted(done);
    const result = await generateText({
      model: second.model,
      tools: aiSdk.list(later.set).tools,
      messages: answered(asked, true),
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("done");
    expect(later.ran).toEqual(["n1"]);
    expect(toolResultsIn(second.prompts[0])).toEqual({
      c1: { type: "json", value: { deleted: "n1" } },
    });
  });

  it("does not run a call the next call denies; the model reads the denial", async () => {
    const { set, ran } = controlledSet(z);
    const first = scripted(toolCalls(["c1", "delete_note", { id: "n1" }]));
    const tools = aiSdk.list(set).tools;
    const asked = await generateText({ model: first.model, tools, prompt: "delete n1" });
    const second = scripted(done);
    await generateText({
      model: second.model,
      tools,
      messages: answered(asked, false, "keep it"),
      stopWhen: stepCountIs(3),
    });
    expect(ran).toEqual([]);
    expect(toolResultsIn(second.prompts[0])).toEqual({
      c1: { type: "execution-denied", reason: "keep it" },
    });
  });

  it("runs without asking when the tool's check says no approval is needed", async () => {
    const { set, ran } = controlledSet(z);
    const { model } = scripted(toolCalls(["c1", "delete_note", { id: "scratch" }]));
    const result = await generateText({
      model,
      tools: aiSdk.list(set).tools,
      prompt: "delete scratch",
      stopWhen: stepCountIs(3),
    });
    expect(result.steps.flatMap((s) => s.content).map((part) => part.type)).not.toContain(
      "tool-approval-request",
    );
    expect(ran).toEqual(["scratch"]);
  });

  it("fails closed when the set holds a call pending that the AI SDK did not ask about", async () => {
    let checks = 0;
    // Says "no approval" to the AI SDK's question, "approval" when the call runs.
    const { set, ran } = controlledSet(z, {
      controls: {
        needsApproval: () => {
          checks += 1;
          return checks > 1;
        },
      },
    });
    const { model, prompts } = scripted(toolCalls(["c1", "read_note", { id: "n1" }]));
    await generateText({
      model,
      tools: aiSdk.list(set).tools,
      prompt: "read n1",
      stopWhen: stepCountIs(3),
    });
    expect(ran).toEqual([]);
    expect(toolResultsIn(prompts[1])).toEqual({
      c1: {
        type: "error-text",
        value: "tool 'read_note' needs approval before it runs and has not run",
      },
    });
  });

  it("a timeout and a formatError text reach the model as the tool error", async () => {
    const { set } = controlledSet(z);
    const { model, prompts } = scripted(
      toolCalls(["c1", "stall", {}], ["c2", "fragile", {}], ["c3", "read_note", { id: "n1" }]),
    );
    const result = await generateText({
      model,
      tools: aiSdk.list(set).tools,
      prompt: "go",
      stopWhen: stepCountIs(3),
    });
    const errors = result.steps[0]?.content.filter((part) => part.type === "tool-error") ?? [];
    expect(errors.map((part) => [part.toolCallId, (part.error as Error).message])).toEqual([
      ["c1", "tool 'stall' timed out after 20 ms"],
      ["c2", "fragile is down; try again later"],
    ]);
    expect(toolResultsIn(prompts[1])).toEqual({
      c1: { type: "error-text", value: "tool 'stall' timed out after 20 ms" },
      c2: { type: "error-text", value: "fragile is down; try again later" },
      c3: { type: "json", value: { id: "n1", text: "hello" } },
    });
  });

  it("a ToolError's text reaches the model as written; the tool error keeps it as its cause", async () => {
    const text = '{"code":"NOT_FOUND","message":"no note n9"}';
    const error = new ToolError(text);
    const set = toolSet([
      capability({
        name: "strict_notes",
        description: "Notes that fail in their own words",
        toolbox: toolbox("strict_notes", "Note tools", {
          find_note: defineTool({
            description: "Find a note",
            parameters: z.object({ id: z.string() }),
            execute: () => {
              throw error;
            },
          }),
        }),
      }),
    ]);
    const { model, prompts } = scripted(toolCalls(["c1", "find_note", { id: "n9" }]));
    const result = await generateText({
      model,
      tools: aiSdk.list(set).tools,
      prompt: "go",
      stopWhen: stepCountIs(2),
    });
    const errors = result.steps[0]?.content.filter((part) => part.type === "tool-error") ?? [];
    expect(errors.map((part) => (part.error as Error).message)).toEqual([text]);
    expect(errors.map((part) => (part.error as Error).cause)).toEqual([error]);
    expect(toolResultsIn(prompts[1])).toEqual({ c1: { type: "error-text", value: text } });
  });

  it("an approval policy reads the same ctx.host as the run", async () => {
    const hosts: unknown[] = [];
    const { set } = controlledSet(z, {
      controls: {
        needsApproval: ({ ctx }) => {
          hosts.push(ctx?.host);
          return false;
        },
      },
    });
    const { model } = scripted(toolCalls(["c9", "read_note", { id: "n1" }]));
    await generateText({
      model,
      tools: aiSdk.list(set, { host: ({ toolCallId }) => ({ scope: { id: toolCallId } }) }).tools,
      prompt: "read n1",
      stopWhen: stepCountIs(3),
    });
    expect(hosts).toEqual([{ scope: { id: "c9" } }, { scope: { id: "c9" } }]);
  });

  it("host receives what the AI SDK hands the tool: experimental_context, messages, the signal", async () => {
    const calls: unknown[] = [];
    const sandboxes: unknown[] = [];
    const sandboxTool = defineTool({
      description: "Runs in the caller's sandbox",
      parameters: z.object({}),
      controls: { needsApproval: () => false },
      execute: (_args, ctx) => {
        sandboxes.push(ctx?.host?.sandbox);
        return "ran";
      },
    });
    const set = toolSet([
      capability({ name: "s", description: "s", toolbox: toolbox("s", "s", { sandboxTool }) }),
    ]);
    const { model } = scripted(toolCalls(["c1", "sandboxTool", {}]));
    const controller = new AbortController();
    await generateText({
      model,
      tools: aiSdk.list(set, {
        host: (call) => {
          calls.push(call);
          return { sandbox: (call.experimental_context as { sandbox: string }).sandbox };
        },
      }).tools,
      prompt: "run it",
      experimental_context: { sandbox: "sb-1" },
      abortSignal: controller.signal,
      stopWhen: stepCountIs(2),
    });
    expect(sandboxes).toEqual(["sb-1"]);
    const [asked, ran] = calls as Record<string, unknown>[];
    // Asked about approval first (no signal there), then run.
    expect(asked).toEqual({
      name: "sandboxTool",
      toolCallId: "c1",
      messages: [{ role: "user", content: "run it" }],
      experimental_context: { sandbox: "sb-1" },
    });
    expect(ran).toMatchObject({
      name: "sandboxTool",
      toolCallId: "c1",
      experimental_context: { sandbox: "sb-1" },
    });
    expect(ran?.abortSignal).toBeInstanceOf(AbortSignal);
  });
});
