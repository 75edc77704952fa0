// toolwright/ai-sdk's controls against the newest ai major, through a real generateText
// over the SDK's own mock model (offline): approval is the AI SDK's own
// (tool-approval-request, then a tool-approval-response in the next call's messages: an
// approval runs the call once, in a fresh set as after a restart; a denial runs nothing
// and the model reads it), a timeout and a formatError text reach the model as tool
// errors, and input examples reach the model's tool list as inputExamples.
import assert from "node:assert/strict";
import { type ToolSet as AISdkToolSet, generateText, type ModelMessage, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { capability, defineTool, type ToolSet, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import * as z from "zod";
import { expectRuntime, report } from "./fixtures.ts";

const runtime = expectRuntime("ai", 7);

type Result = Awaited<ReturnType<MockLanguageModelV4["doGenerate"]>>;
type Options = Parameters<MockLanguageModelV4["doGenerate"]>[0];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const done: Result = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: undefined },
  usage,
  warnings: [],
};
function toolCalls(...calls: [id: string, name: string, input: unknown][]): Result {
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
/** A model answering each step with the next of `steps`; `calls` records what it was asked. */
function scripted(...steps: Result[]): { model: MockLanguageModelV4; calls: Options[] } {
  const calls: Options[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      calls.push(options);
      return steps[calls.length - 1] ?? done;
    },
  });
  return { model, calls };
}
/** The tool results a prompt shows the model, by call id. */
function toolResultsIn(options: Options | undefined): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const message of options?.prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") results[part.toolCallId] = part.output;
    }
  }
  return results;
}

// Every warning the AI SDK logs (a deprecated shape of ours would show here).
const warnings: unknown[] = [];
globalThis.AI_SDK_LOG_WARNINGS = (options) => {
  warnings.push(...options.warnings);
};

function controlledSet(): { set: ToolSet; ran: string[] } {
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
      read_note: defineTool({
        description: "Read a note",
        parameters: z.object({ id: z.string() }),
        examples: [{ id: "n1" }],
        execute: ({ id }) => ({ id, text: "hello" }),
      }),
      stall: defineTool({
        description: "Waits until its signal aborts",
        parameters: z.object({}),
        controls: { timeoutMs: 20 },
        execute: (_args, ctx) =>
          new Promise((resolve) => {
            ctx?.signal?.addEventListener("abort", () => resolve("too late"));
          }),
      }),
      fragile: defineTool({
        description: "Always throws",
        parameters: z.object({}),
        controls: {
          formatError: (failure) =>
            failure.kind === "thrown" ? "fragile is down; try again later" : undefined,
        },
        execute: () => {
          throw new Error("socket hang up at 10.0.0.7");
        },
      }),
    }),
  });
  return { set: toolSet([notes]), ran };
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

// Only the tool that may need approval gets the AI SDK's needsApproval.
{
  const tools: AISdkToolSet = aiSdk.list(controlledSet().set).tools;
  assert.equal(typeof tools.delete_note?.needsApproval, "function");
  assert.equal("needsApproval" in (tools.read_note ?? {}), false);
}

// Asked: generateText stops with a tool-approval-request and runs nothing.
const { set, ran } = controlledSet();
const first = scripted(toolCalls(["c1", "delete_note", { id: "n1" }]));
const asked = await generateText({
  model: first.model,
  tools: aiSdk.list(set).tools,
  prompt: "delete n1",
  stopWhen: stepCountIs(3),
});
const requests = asked.content.filter((part) => part.type === "tool-approval-request");
assert.equal(requests.length, 1);
assert.equal(requests[0]?.toolCall.toolName, "delete_note");
assert.deepEqual(requests[0]?.toolCall.input, { id: "n1" });
assert.deepEqual(ran, []);
assert.equal(first.calls.length, 1, "generateText stopped to ask");

// Approved: a fresh adapter and set (as in another process) runs the call once.
const later = controlledSet();
const approvedModel = scripted(done);
const approvedRun = await generateText({
  model: approvedModel.model,
  tools: aiSdk.list(later.set).tools,
  messages: answered(asked, true),
  stopWhen: stepCountIs(3),
});
assert.equal(approvedRun.text, "done");
assert.deepEqual(later.ran, ["n1"]);
assert.deepEqual(ran, []);
assert.deepEqual(toolResultsIn(approvedModel.calls[0]), {
  c1: { type: "json", value: { deleted: "n1" } },
});

// Denied: nothing runs; the model reads the denial and its reason.
const denying = controlledSet();
const deniedModel = scripted(done);
await generateText({
  model: deniedModel.model,
  tools: aiSdk.list(denying.set).tools,
  messages: answered(asked, false, "keep it"),
  stopWhen: stepCountIs(3),
});
assert.deepEqual(denying.ran, []);
assert.deepEqual(toolResultsIn(deniedModel.calls[0]), {
  c1: { type: "execution-denied", reason: "keep it" },
});

// Not asked when the tool's own check says no approval is needed.
const free = controlledSet();
const freeModel = scripted(toolCalls(["c2", "delete_note", { id: "scratch" }]));
const freeRun = await generateText({
  model: freeModel.model,
  tools: aiSdk.list(free.set).tools,
  prompt: "delete scratch",
  stopWhen: stepCountIs(3),
});
assert.ok(!freeRun.steps.flatMap((s) => s.content).some((p) => p.type === "tool-approval-request"));
assert.deepEqual(free.ran, ["scratch"]);

// A timeout and a formatError text are the tool errors the model reads.
const failing = scripted(
  toolCalls(["c1", "stall", {}], ["c2", "fragile", {}], ["c3", "read_note", { id: "n1" }]),
);
const failed = await generateText({
  model: failing.model,
  tools: aiSdk.list(controlledSet().set).tools,
  prompt: "go",
  stopWhen: stepCountIs(3),
});
const errors = failed.steps[0]?.content.filter((part) => part.type === "tool-error") ?? [];
assert.deepEqual(
  errors.map((part) => [part.toolCallId, (part.error as Error).message]),
  [
    ["c1", "tool 'stall' timed out after 20 ms"],
    ["c2", "fragile is down; try again later"],
  ],
);
// What the model reads of them. ai 7 writes a thrown Error as `error.toString()` (ai 6:
// `error.message`), so the text carries an "Error: " prefix unless the adapter's error
// says otherwise; the probe holds the message and reports the exact text.
const readErrors = toolResultsIn(failing.calls[1]) as Record<
  string,
  { type: string; value: unknown }
>;
assert.deepEqual(readErrors.c3, { type: "json", value: { id: "n1", text: "hello" } });
for (const [id, message] of [
  ["c1", "tool 'stall' timed out after 20 ms"],
  ["c2", "fragile is down; try again later"],
] as const) {
  assert.equal(readErrors[id]?.type, "error-text");
  // Word for word: ai 7 reads String(error), and the adapter's error is its message alone.
  assert.equal(readErrors[id]?.value, message, `${id}: the model reads its exact text`);
}

// Input examples: on the AI SDK tool and in the tool list the model is sent.
const listed = failing.calls[0]?.tools?.map((t) => [
  t.name,
  "inputExamples" in t ? t.inputExamples : undefined,
]);
assert.deepEqual(listed, [
  ["delete_note", undefined],
  ["read_note", [{ input: { id: "n1" } }]],
  ["stall", undefined],
  ["fragile", undefined],
]);

report({
  ...runtime,
  approval: {
    requested: requests.length,
    approvedRan: later.ran,
    denied: toolResultsIn(deniedModel.calls[0]).c1,
  },
  errors: errors.map((part) => part.toolCallId),
  modelErrorText: [readErrors.c1?.value, readErrors.c2?.value],
  inputExamples: listed?.filter(([, examples]) => examples !== undefined).map(([name]) => name),
  warnings: warnings.map((w) => (w as { setting?: string; type: string }).setting ?? w),
});
