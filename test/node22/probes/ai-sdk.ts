// toolwright/ai-sdk against the newest ai major: generateText, driven by the SDK's own
// mock model (offline), sends our tools' schemas to the model and runs the calls it
// returns through the tool set; a failure comes back as a tool error; the abort signal
// reaches the tool.
import assert from "node:assert/strict";
import { type ToolSet as AISdkToolSet, generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { aiSdk } from "toolwright/ai-sdk";
import { ADD_NOTE_PARAMETERS, expectRuntime, notesToolSet, report } from "./fixtures.ts";

const runtime = expectRuntime("ai", 7);
const set = notesToolSet();
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const seenTools: unknown[] = [];
let step = 0;
const model = new MockLanguageModelV4({
  doGenerate: async (options) => {
    seenTools.push(options.tools);
    step += 1;
    if (step > 1) {
      return {
        content: [{ type: "text", text: "done" }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      };
    }
    return {
      content: [
        { type: "tool-call", toolCallId: "c1", toolName: "add_note", input: '{"text":"x"}' },
        { type: "tool-call", toolCallId: "c2", toolName: "add_note", input: '{"text":7}' },
        { type: "tool-call", toolCallId: "c3", toolName: "fail", input: "{}" },
      ],
      finishReason: { unified: "tool-calls", raw: undefined },
      usage,
      warnings: [],
    };
  },
});

const scopes: string[] = [];
const listing = aiSdk.list(set, {
  host: ({ toolCallId }) => {
    scopes.push(toolCallId);
    return {};
  },
});
assert.deepEqual(listing.ledger, []);
assert.equal(listing.dialect, "openai-non-strict");
const tools: AISdkToolSet = listing.tools;
const result = await generateText({
  model,
  prompt: "add a note",
  tools,
  stopWhen: stepCountIs(3),
});
assert.equal(result.text, "done");
const first = result.steps[0];
assert.deepEqual(
  first?.toolResults.map((r) => [r.toolCallId, r.output]),
  [["c1", { id: 1, count: 1 }]],
);
const errors = (first?.content ?? []).filter((part) => part.type === "tool-error");
assert.deepEqual(
  errors.map((part) => part.toolCallId),
  ["c2", "c3"],
);
assert.match(String(errors[0]?.error), /tool 'add_note' received invalid arguments/);
assert.match(String(errors[1]?.error), /the notebook is on fire/);
assert.deepEqual(scopes.sort(), ["c1", "c2", "c3"]);
const sent = seenTools[0] as { type: string; name: string; inputSchema: unknown }[];
assert.deepEqual(
  sent.map((tool) => tool.name),
  ["add_note", "now", "fail"],
);
assert.deepEqual(sent[0]?.inputSchema, ADD_NOTE_PARAMETERS);

// The AI SDK's abort signal reaches ctx.signal: a cancelled call rejects.
const controller = new AbortController();
controller.abort();
const aborted = await Promise.resolve(
  tools.now?.execute?.(
    {},
    { toolCallId: "x", messages: [], abortSignal: controller.signal, context: {} },
  ),
).then(
  () => "resolved",
  (error: unknown) => String(error),
);
assert.match(aborted, /cancelled/);

report({
  ...runtime,
  tools: sent.map((tool) => tool.name),
  steps: result.steps.length,
  results: first?.toolResults.length,
  errors: errors.length,
});
