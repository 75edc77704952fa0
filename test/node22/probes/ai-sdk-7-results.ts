// toolwright/ai-sdk's results against the newest ai major, through a real generateText /
// streamText over the SDK's own mock models (offline): what a tool's toModelOutput makes
// (text and an image) reaches the next prompt, for a v4 model (ai 7's own) and a v3 model
// (which ai 7 still takes); a plain result keeps the AI SDK's JSON output; a streaming
// tool's partial values are preliminary tool results, in order, before its result, and
// the model reads only the result.
import assert from "node:assert/strict";
import { generateText, stepCountIs, streamText } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV3, MockLanguageModelV4 } from "ai/test";
import { capability, defineTool, type ToolSet, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import * as z from "zod";
import { expectRuntime, report } from "./fixtures.ts";

const runtime = expectRuntime("ai", 7);

type Result = Awaited<ReturnType<MockLanguageModelV4["doGenerate"]>>;
type Options = Parameters<MockLanguageModelV4["doGenerate"]>[0];
type OptionsV3 = Parameters<MockLanguageModelV3["doGenerate"]>[0];
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer P>
    ? P
    : never;

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
/** The tool results a prompt shows the model, by call id. */
function toolResultsIn(prompt: Options["prompt"] | OptionsV3["prompt"] | undefined) {
  const results: Record<string, unknown> = {};
  for (const message of prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") results[part.toolCallId] = part.output;
    }
  }
  return results;
}

// Every warning the AI SDK logs: a deprecated shape the adapter sends shows here.
const warnings: { type: string; setting?: string }[] = [];
globalThis.AI_SDK_LOG_WARNINGS = (options) => {
  warnings.push(...(options.warnings as { type: string; setting?: string }[]));
};

const PNG = "iVBORw0KGgo=";

function resultSet(): ToolSet {
  const media = capability({
    name: "media",
    description: "Media tools",
    toolbox: toolbox("media", "Media tools", {
      snapshot: defineTool({
        description: "A chart and its title",
        parameters: z.object({}),
        returns: z.object({ title: z.string() }),
        toModelOutput: ({ title }) => [
          { type: "text", text: title },
          { type: "image", data: PNG, mediaType: "image/png" },
        ],
        execute: () => ({ title: "Sales" }),
      }),
      headline: defineTool({
        description: "A headline, as the model should read it",
        parameters: z.object({}),
        returns: z.object({ text: z.string(), id: z.number() }),
        toModelOutput: ({ text }) => text,
        execute: () => ({ text: "Rain tomorrow", id: 7 }),
      }),
      record: defineTool({
        description: "A plain record",
        parameters: z.object({}),
        execute: () => ({ id: 1 }),
      }),
      count_up: defineTool({
        description: "Counts, reporting each step",
        parameters: z.object({ to: z.number().int() }),
        partial: z.object({ at: z.number() }),
        returns: z.object({ total: z.number() }),
        async *execute({ to }) {
          for (let at = 1; at <= to; at++) yield { at };
          return { total: to };
        },
      }),
    }),
  });
  return toolSet([media]);
}

const step1 = toolCalls(["c1", "snapshot", {}], ["c2", "headline", {}], ["c3", "record", {}]);
// The same steps as a v3 model's results: text and tool calls are alike in both.
type ResultV3 = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
const step1V3 = step1 as ResultV3;
const doneV3 = done as ResultV3;

// A v4 model (ai 7's own specification): the next prompt carries what toModelOutput made.
const v4Prompts: Options["prompt"][] = [];
const v4 = new MockLanguageModelV4({
  doGenerate: async (options) => {
    v4Prompts.push(options.prompt);
    return v4Prompts.length === 1 ? step1 : done;
  },
});
await generateText({
  model: v4,
  tools: aiSdk.list(resultSet()).tools,
  prompt: "show",
  stopWhen: stepCountIs(3),
});
const v4Read = toolResultsIn(v4Prompts[1]);
assert.deepEqual(v4Read.c2, { type: "text", value: "Rain tomorrow" });
assert.deepEqual(v4Read.c3, { type: "json", value: { id: 1 } });
const v4Snapshot = v4Read.c1 as { type: string; value: Record<string, unknown>[] };
assert.equal(v4Snapshot.type, "content");
assert.deepEqual(v4Snapshot.value[0], { type: "text", text: "Sales" });
// ai 7 hands a v4 model every file as `file` with tagged data, whatever the tool sent.
assert.deepEqual(
  { ...v4Snapshot.value[1], providerOptions: undefined },
  {
    type: "file",
    mediaType: "image/png",
    data: { type: "data", data: PNG },
    providerOptions: undefined,
  },
);
assert.equal(v4Snapshot.value.length, 2);

// A v3 model (ai 6's specification, which ai 7 adapts): the same result, in v3's shape.
const v3Prompts: OptionsV3["prompt"][] = [];
const v3 = new MockLanguageModelV3({
  doGenerate: async (options) => {
    v3Prompts.push(options.prompt);
    return v3Prompts.length === 1 ? step1V3 : doneV3;
  },
});
await generateText({
  model: v3,
  tools: aiSdk.list(resultSet()).tools,
  prompt: "show",
  stopWhen: stepCountIs(3),
});
const v3Read = toolResultsIn(v3Prompts[1]);
assert.deepEqual(v3Read.c2, { type: "text", value: "Rain tomorrow" });
assert.deepEqual(v3Read.c3, { type: "json", value: { id: 1 } });
const v3Snapshot = v3Read.c1 as { type: string; value: Record<string, unknown>[] };
assert.equal(v3Snapshot.type, "content");
assert.deepEqual(v3Snapshot.value[0], { type: "text", text: "Sales" });
// ai 7 turns the image back into v3's `file-data` (not ai 6's `image-data`) for a v3 model.
assert.equal(v3Snapshot.value[1]?.type, "file-data");
assert.equal(v3Snapshot.value[1]?.data, PNG);
assert.equal(v3Snapshot.value[1]?.mediaType, "image/png");
assert.equal(v3Snapshot.value.length, 2);

// Streamed partial results: preliminary tool-result parts, in order, then the result.
let streamSteps = 0;
const finish = (unified: "tool-calls" | "stop"): StreamPart => ({
  type: "finish",
  finishReason: { unified, raw: undefined },
  usage,
});
const streamPrompts: Options["prompt"][] = [];
const streaming = new MockLanguageModelV4({
  doStream: async (options) => {
    streamSteps += 1;
    streamPrompts.push(options.prompt);
    const parts: StreamPart[] =
      streamSteps === 1
        ? [
            { type: "stream-start", warnings: [] },
            { type: "tool-call", toolCallId: "s1", toolName: "count_up", input: '{"to":3}' },
            finish("tool-calls"),
          ]
        : [
            { type: "stream-start", warnings: [] },
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: "done" },
            { type: "text-end", id: "t" },
            finish("stop"),
          ];
    return { stream: convertArrayToReadableStream(parts) };
  },
});
const streamed = streamText({
  model: streaming,
  tools: aiSdk.list(resultSet()).tools,
  prompt: "count",
  stopWhen: stepCountIs(2),
});
const seen: unknown[] = [];
for await (const part of streamed.fullStream) {
  if (part.type === "tool-result") seen.push([part.preliminary === true, part.output]);
  if (part.type === "tool-error") seen.push(["error", part.error]);
}
assert.deepEqual(seen, [
  [true, { at: 1 }],
  [true, { at: 2 }],
  [true, { at: 3 }],
  [true, { total: 3 }],
  [false, { total: 3 }],
]);
assert.equal(await streamed.text, "done");
assert.deepEqual(toolResultsIn(streamPrompts[1]), {
  s1: { type: "json", value: { total: 3 } },
});

// ai 7 takes the adapter's `image-data` part (ai 6's shape) but logs it as deprecated
// (one DeprecationWarning per process; `file` with tagged data is ai 7's). Nothing else.
const DEPRECATED_IMAGE_DATA = '"tool-result" content of type "image-data"';
const unexpected = warnings.filter((w) => w.setting !== DEPRECATED_IMAGE_DATA);
assert.deepEqual(unexpected, [], "ai 7 logged warnings about what the adapter sent");

report({
  ...runtime,
  v4Image: v4Snapshot.value[1]?.type,
  v3Image: v3Snapshot.value[1]?.type,
  preliminary: seen.filter(([preliminary]) => preliminary === true).length,
  warnings: [...new Set(warnings.map((w) => w.setting ?? w.type))],
});
