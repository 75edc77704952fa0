/**
 * Issue 15 through the AI SDK adapter, driven by a real `generateText` / `streamText` over
 * `MockLanguageModelV3`: what the model reads of a result (`toModelOutput`, the output
 * budget), streamed partial results as preliminary tool results, input examples in the
 * model's tool list, and tools loaded on demand through `describe_tools`.
 */
import { generateText, stepCountIs, streamText } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { capability, defineTool, type ToolSetOptions, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { describe, expect, it } from "vitest";
import { type Z, zods } from "../set/fixtures";
import { done, type MockOptions, scripted, toolCalls, usage } from "./ai-sdk-mock";

type StreamResult = Awaited<ReturnType<MockLanguageModelV3["doStream"]>>;
type StreamPart = StreamResult["stream"] extends ReadableStream<infer P> ? P : never;

/** A streaming model whose first step calls `name` on `input`, and whose next step ends. */
function streamingModel(name: string, input: unknown): MockLanguageModelV3 {
  let steps = 0;
  const finish = (unified: "tool-calls" | "stop"): StreamPart => ({
    type: "finish",
    finishReason: { unified, raw: undefined },
    usage,
  });
  return new MockLanguageModelV3({
    doStream: async () => {
      steps += 1;
      const parts: StreamPart[] =
        steps === 1
          ? [
              { type: "stream-start", warnings: [] },
              { type: "tool-call", toolCallId: "s1", toolName: name, input: JSON.stringify(input) },
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
}

/** The tool results a prompt shows the model, by call id. */
function toolResultsIn(options: MockOptions | undefined): Record<string, unknown> {
  const results: Record<string, unknown> = {};
  for (const message of options?.prompt ?? []) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result") results[part.toolCallId] = part.output;
    }
  }
  return results;
}

const PNG = "iVBORw0KGgo=";
const WAV = "UklGRg==";

function mediaSet(z: Z, options: ToolSetOptions = {}) {
  const media = capability({
    name: "media",
    description: "Media tools",
    toolbox: toolbox("media", "Media tools", {
      snapshot: defineTool({
        description: "A chart, a clip and where they come from",
        parameters: z.object({}),
        returns: z.object({ title: z.string() }),
        toModelOutput: ({ title }) => [
          { type: "text", text: title },
          { type: "image", data: PNG, mediaType: "image/png" },
          { type: "audio", data: WAV, mediaType: "audio/wav" },
          {
            type: "resource-link",
            uri: "file:///report.pdf",
            name: "report",
            description: "The full report",
            mediaType: "application/pdf",
          },
          {
            type: "resource",
            uri: "file:///notes.md",
            mediaType: "text/markdown",
            text: "# Notes",
          },
          { type: "resource", uri: "file:///raw.bin", blob: "AAEC" },
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
        execute: () => ({ id: 1, body: "x".repeat(40) }),
      }),
      essay: defineTool({
        description: "A long text",
        parameters: z.object({}),
        execute: () => "y".repeat(40),
      }),
      broken_view: defineTool({
        description: "A toModelOutput that throws",
        parameters: z.object({}),
        toModelOutput: () => {
          throw new Error("no renderer");
        },
        execute: () => ({ id: 2 }),
      }),
    }),
  });
  return toolSet([media], options);
}

describe.each(zods)("AI SDK adapter results (%s)", (_label, z) => {
  describe("what the model reads", () => {
    it("maps every content part to the AI SDK's tool-result content", async () => {
      const { model, calls } = scripted(toolCalls(["c1", "snapshot", {}]));
      await generateText({
        model,
        tools: aiSdk.list(mediaSet(z)).tools,
        prompt: "show",
        stopWhen: stepCountIs(3),
      });
      expect(toolResultsIn(calls[1])).toEqual({
        c1: {
          type: "content",
          value: [
            { type: "text", text: "Sales" },
            { type: "image-data", data: PNG, mediaType: "image/png" },
            { type: "file-data", data: WAV, mediaType: "audio/wav" },
            {
              type: "text",
              text: "[resource link: report <file:///report.pdf> (application/pdf): The full report]",
            },
            { type: "text", text: "[resource file:///notes.md (text/markdown)]\n# Notes" },
            { type: "text", text: "[resource file:///raw.bin]" },
            { type: "file-data", data: "AAEC", mediaType: "application/octet-stream" },
          ],
        },
      });
    });

    it("a single text part is text; a plain result keeps the AI SDK's JSON output", async () => {
      const { model, calls } = scripted(
        toolCalls(["c1", "headline", {}], ["c2", "record", {}], ["c3", "essay", {}]),
      );
      await generateText({
        model,
        tools: aiSdk.list(mediaSet(z)).tools,
        prompt: "read",
        stopWhen: stepCountIs(3),
      });
      expect(toolResultsIn(calls[1])).toEqual({
        c1: { type: "text", value: "Rain tomorrow" },
        c2: { type: "json", value: { id: 1, body: "x".repeat(40) } },
        c3: { type: "text", value: "y".repeat(40) },
      });
    });

    it("the output budget's marker reaches the model", async () => {
      const { model, calls } = scripted(toolCalls(["c1", "record", {}], ["c2", "essay", {}]));
      await generateText({
        model,
        tools: aiSdk.list(mediaSet(z, { outputBudget: 10 })).tools,
        prompt: "read",
        stopWhen: stepCountIs(3),
      });
      const record = JSON.stringify({ id: 1, body: "x".repeat(40) });
      expect(toolResultsIn(calls[1])).toEqual({
        c1: {
          type: "text",
          value: `${record.slice(0, 10)}\n… [truncated: ${record.length - 10} more characters]`,
        },
        c2: { type: "text", value: `${"y".repeat(10)}\n… [truncated: 30 more characters]` },
      });
    });

    it("a toModelOutput that throws shows the result as JSON and says what went wrong", async () => {
      const { model, calls } = scripted(toolCalls(["c1", "broken_view", {}]));
      await generateText({
        model,
        tools: aiSdk.list(mediaSet(z)).tools,
        prompt: "read",
        stopWhen: stepCountIs(3),
      });
      expect(toolResultsIn(calls[1])).toEqual({
        c1: {
          type: "content",
          value: [
            { type: "text", text: '{"id":2}' },
            {
              type: "text",
              text: "(tool 'broken_view': toModelOutput threw: no renderer; the result is shown as JSON)",
            },
          ],
        },
      });
    });
  });

  describe("streamed partial results", () => {
    function streamingSet() {
      const stopped: string[] = [];
      let release = (): void => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let finish = (): void => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const search = capability({
        name: "search",
        description: "Search",
        toolbox: toolbox("search", "Search tools", {
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
          fail_midway: defineTool({
            description: "Reports once, then fails",
            parameters: z.object({}),
            async *execute() {
              yield "halfway";
              throw new Error("disk full");
            },
          }),
          hang: defineTool({
            description: "Reports once, then waits to be stopped",
            parameters: z.object({}),
            async *execute() {
              try {
                yield "started";
                await released;
                yield "never";
                stopped.push("resumed after a stop");
              } finally {
                stopped.push("hang");
                finish();
              }
            },
          }),
          plain: defineTool({
            description: "Does not stream",
            parameters: z.object({}),
            execute: () => "ok",
          }),
        }),
      });
      const set = toolSet([search]);
      // The set marks the tools whose execute is an async generator, and only those.
      expect(
        set
          .entries()
          .filter((entry) => entry.streams)
          .map((entry) => entry.name),
      ).toEqual(["count_up", "fail_midway", "hang"]);
      return { set, stopped, release, finished };
    }

    it("a streaming tool's partials are preliminary results, in order, before its result", async () => {
      const { set } = streamingSet();
      const result = streamText({
        model: streamingModel("count_up", { to: 3 }),
        tools: aiSdk.list(set).tools,
        prompt: "count",
        stopWhen: stepCountIs(2),
      });
      const seen: unknown[] = [];
      for await (const part of result.fullStream) {
        if (part.type === "tool-result") seen.push([part.preliminary === true, part.output]);
        if (part.type === "tool-error") seen.push(["error", part.error]);
      }
      expect(seen).toEqual([
        [true, { at: 1 }],
        [true, { at: 2 }],
        [true, { at: 3 }],
        [true, { total: 3 }],
        [false, { total: 3 }],
      ]);
      expect(await result.text).toBe("done");
    });

    it("the model reads only the final result", async () => {
      const { set } = streamingSet();
      const { model, calls } = scripted(toolCalls(["c1", "count_up", { to: 2 }]));
      await generateText({
        model,
        tools: aiSdk.list(set).tools,
        prompt: "count",
        stopWhen: stepCountIs(3),
      });
      expect(toolResultsIn(calls[1])).toEqual({ c1: { type: "json", value: { total: 2 } } });
    });

    it("a failure after partials is the tool error, after the partials before it", async () => {
      const { set } = streamingSet();
      const result = streamText({
        model: streamingModel("fail_midway", {}),
        tools: aiSdk.list(set).tools,
        prompt: "go",
        stopWhen: stepCountIs(2),
      });
      const seen: unknown[] = [];
      for await (const part of result.fullStream) {
        if (part.type === "tool-result") seen.push([part.preliminary === true, part.output]);
        if (part.type === "tool-error") seen.push(["error", (part.error as Error).message]);
      }
      expect(seen).toEqual([
        [true, "halfway"],
        ["error", expect.stringContaining("disk full")],
      ]);
    });

    it("only streaming tools get an async generator execute", () => {
      const { set } = streamingSet();
      const tools = aiSdk.list(set).tools;
      const options = { toolCallId: "x", messages: [] };
      const plain = tools.plain?.execute?.({}, options);
      expect(plain).toBeInstanceOf(Promise);
      const counting = tools.count_up?.execute?.({ to: 1 }, options);
      expect(Symbol.asyncIterator in Object(counting)).toBe(true);
      expect(counting).not.toBeInstanceOf(Promise);
    });

    it("the AI SDK's abort signal stops the tool's generator", async () => {
      const { set, stopped, release, finished } = streamingSet();
      const tools = aiSdk.list(set).tools;
      const controller = new AbortController();
      const run = tools.hang?.execute?.(
        {},
        {
          toolCallId: "h1",
          messages: [],
          abortSignal: controller.signal,
        },
      ) as AsyncIterable<unknown>;
      const yielded: unknown[] = [];
      const failure = (async () => {
        for await (const value of run) {
          yielded.push(value);
          controller.abort(new Error("user stopped"));
        }
      })();
      await expect(failure).rejects.toThrow("user stopped");
      expect(yielded).toEqual(["started"]);
      // Stopped while it awaits: it finishes at its next yield instead of running on.
      release();
      await finished;
      expect(stopped).toEqual(["hang"]);
    });
  });

  describe("input examples", () => {
    it("reach the AI SDK tool and the model's tool list as inputExamples", async () => {
      const weather = capability({
        name: "weather",
        description: "Weather",
        toolbox: toolbox("weather", "Weather tools", {
          forecast: defineTool({
            description: "The forecast for a city",
            parameters: z.object({ city: z.string(), days: z.number().int().optional() }),
            examples: [{ city: "Oslo" }, { city: "Lima", days: 3 }],
            execute: ({ city }) => city,
          }),
          now: defineTool({
            description: "The time",
            parameters: z.object({}),
            execute: () => "noon",
          }),
        }),
      });
      const tools = aiSdk.list(toolSet([weather])).tools;
      const expected = [{ input: { city: "Oslo" } }, { input: { city: "Lima", days: 3 } }];
      expect(tools.forecast?.inputExamples).toEqual(expected);
      expect(tools.now).not.toHaveProperty("inputExamples");
      const { model, calls } = scripted(done);
      await generateText({ model, tools, prompt: "weather?" });
      const listed = calls[0]?.tools?.map((t) => [t.name, "inputExamples" in t && t.inputExamples]);
      expect(listed).toEqual([
        ["forecast", expected],
        ["now", false],
      ]);
    });
  });

  describe("tools loaded on demand", () => {
    function catalogSet() {
      const ran: unknown[] = [];
      const billing = capability({
        name: "billing",
        description: "Billing",
        toolbox: toolbox("billing", "Billing tools", {
          refund_invoice: defineTool({
            description: "Refund an invoice in full. Only for paid invoices; see the policy.",
            parameters: z.object({
              invoice: z.string().regex(/^inv_/),
              reason: z.string().default("requested"),
            }),
            examples: [{ invoice: "inv_1" }],
            execute: (args) => {
              ran.push(args);
              return { refunded: args.invoice };
            },
          }),
        }),
      });
      return { set: toolSet([billing], { deferLoading: true }), ran };
    }

    it("lists a deferred tool by its summary and an open schema, beside the catalog tools", async () => {
      const tools = aiSdk.list(catalogSet().set).tools;
      expect(Object.keys(tools)).toEqual(["refund_invoice", "search_tools", "describe_tools"]);
      const { model, calls } = scripted(done);
      await generateText({ model, tools, prompt: "hi" });
      const [refund, search] = calls[0]?.tools ?? [];
      expect(refund).toEqual({
        type: "function",
        name: "refund_invoice",
        description: "Refund an invoice in full.",
        inputSchema: { type: "object", properties: {} },
        providerOptions: undefined,
      });
      expect(search).toMatchObject({
        name: "search_tools",
        inputSchema: { type: "object", required: ["query"] },
      });
    });

    it("the model reads the definition through describe_tools, then calls the tool", async () => {
      const { set, ran } = catalogSet();
      const { model, calls } = scripted(
        toolCalls(["d1", "describe_tools", { names: ["refund_invoice"] }]),
        toolCalls(
          ["r1", "refund_invoice", { invoice: "inv_9" }],
          ["r2", "refund_invoice", { invoice: 9 }],
        ),
      );
      await generateText({
        model,
        tools: aiSdk.list(set).tools,
        prompt: "refund inv_9",
        stopWhen: stepCountIs(4),
      });
      const described = toolResultsIn(calls[1]).d1 as {
        type: string;
        value: { tools: { name: string; parameters: { properties: object } }[] };
      };
      expect(described.type).toBe("json");
      expect(described.value.tools.map((t) => t.name)).toEqual(["refund_invoice"]);
      expect(Object.keys(described.value.tools[0]?.parameters.properties ?? {})).toEqual([
        "invoice",
        "reason",
      ]);
      // The tool's own schema parsed the call: the default filled, the bad call refused.
      expect(ran).toEqual([{ invoice: "inv_9", reason: "requested" }]);
      const results = toolResultsIn(calls[2]);
      expect(results.r1).toEqual({ type: "json", value: { refunded: "inv_9" } });
      expect(results.r2).toMatchObject({
        type: "error-text",
        value: expect.stringContaining("invoice"),
      });
    });
  });
});
