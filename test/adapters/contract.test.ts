/**
 * The one adapter contract (issue 20), held the same way by every provider adapter: OpenAI
 * Chat Completions and Responses, Anthropic, Gemini and the AI SDK. `list` gives
 * `{ tools, ledger, dialect }`, with the dialect the lint table names for its options;
 * `encode` makes any value through `set.content` (`toModelOutput`, `outputBudget`); `run`
 * takes `ctx` as an option and hands it to the tool; one text fallback names the parts a
 * provider has no place for; one `StrictSchemaError` for both strict adapters. The SDKs'
 * own types are the oracle for every shape.
 */

import type { Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionDeclaration, FunctionResponse } from "@google/genai";
import type { ToolSet as AISdkToolSet } from "ai";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type { FunctionTool, ResponseInputItem } from "openai/resources/responses/responses";
import {
  type CallOutcome,
  type ContentPart,
  capability,
  defineTool,
  type Listing,
  type RunOptions,
  StrictSchemaError,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetOptions,
  ToolwrightError,
  toolbox,
  toolSet,
} from "toolwright";
import { type AISdkToolOutput, aiSdk } from "toolwright/ai-sdk";
import {
  StrictSchemaError as AnthropicStrictSchemaError,
  anthropic,
  anthropicStrictParameters,
} from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { ADAPTER_DIALECTS, LINT_DIALECTS } from "toolwright/lint";
import {
  chatCompletions,
  StrictSchemaError as OpenAIStrictSchemaError,
  openAIStrictParameters,
  responses,
  toOpenAIStrict,
} from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { thrown } from "../core/catch";
import { fixtureCapabilities, type Z, zods } from "../set/fixtures";

const PNG = "iVBORw0KGgo=";
const WAV = "UklGRiQAAABXQVZF";

/** What a model reads of one part of a result, read back from any provider's shape. */
type Read =
  | { readonly text: string }
  | { readonly media: string; readonly data: string }
  | { readonly document: string; readonly text: string };

/** One adapter, driven by name and arguments, its results read back as {@link Read}s. */
interface Subject {
  readonly label: string;
  /** How the adapter's omission texts name where a part did not fit. */
  readonly where: string;
  /** Whether the provider's result takes an image (else it is named in text). */
  readonly images: boolean;
  run(set: ToolSet, name: string, args: object, options?: RunOptions): Promise<Read[]>;
  encode(set: ToolSet, name: string, outcome: CallOutcome): Read[];
}

/** A subject from an adapter's call shape, its `run`/`encode`, and a reader of its results. */
function subject<Call, Result>(config: {
  readonly label: string;
  readonly where: string;
  readonly images: boolean;
  readonly call: (name: string, args: object) => Call;
  readonly run: (set: ToolSet, call: Call, options?: RunOptions) => Promise<Result>;
  readonly encode: (set: ToolSet, call: Call, outcome: CallOutcome) => Result;
  readonly read: (result: Result) => Read[];
}): Subject {
  return {
    label: config.label,
    where: config.where,
    images: config.images,
    run: async (set, name, args, options) =>
      config.read(await config.run(set, config.call(name, args), options)),
    encode: (set, name, outcome) => config.read(config.encode(set, config.call(name, {}), outcome)),
  };
}

/** `data:<type>;base64,<data>` read back. */
function dataUrl(url: string): Read {
  const match = /^data:([^;]+);base64,(.*)$/.exec(url);
  if (match === null) throw new Error(`not a data URL: ${url}`);
  return { media: match[1] ?? "", data: match[2] ?? "" };
}

function readChat(message: ChatCompletionToolMessageParam): Read[] {
  expect(message.role).toBe("tool");
  if (typeof message.content === "string") return [{ text: message.content }];
  return message.content.map((part) => ({ text: part.text }));
}

function readResponses(item: ResponseInputItem.FunctionCallOutput): Read[] {
  expect(item.type).toBe("function_call_output");
  if (typeof item.output === "string") return [{ text: item.output }];
  return item.output.map((part): Read => {
    if (part.type === "input_text") return { text: part.text };
    if (part.type === "input_image") return dataUrl(part.image_url ?? "");
    return dataUrl(part.file_data ?? "");
  });
}

function readAnthropic(block: ToolResultBlockParam): Read[] {
  expect(block.type).toBe("tool_result");
  const { content } = block;
  if (typeof content === "string") return [{ text: content }];
  return (content ?? []).map((part): Read => {
    if (part.type === "text") return { text: part.text };
    if (part.type === "image" && part.source.type === "base64") {
      return { media: part.source.media_type, data: part.source.data };
    }
    if (part.type === "document" && part.source.type === "text") {
      return { document: part.title ?? "", text: part.source.data };
    }
    throw new Error(`unexpected block ${JSON.stringify(part)}`);
  });
}

// The text Gemini reads, one part per paragraph, each attachment line replaced by its part.
function readGemini(response: FunctionResponse): Read[] {
  const body = response.response ?? {};
  if ("error" in body) return [{ text: String(body.error) }];
  if (typeof body.output !== "string") return [{ text: JSON.stringify(body.output) }];
  return body.output.split("\n\n").map((line): Read => {
    const attached = /^\[.+ attached as part (\d+)\]$/.exec(line);
    if (attached === null) return { text: line };
    const inline = response.parts?.[Number(attached[1]) - 1]?.inlineData;
    return { media: inline?.mimeType ?? "", data: inline?.data ?? "" };
  });
}

function readAISdk(output: AISdkToolOutput): Read[] {
  switch (output.type) {
    case "text":
    case "error-text":
      return [{ text: output.value }];
    case "json":
      return [{ text: JSON.stringify(output.value) }];
    case "content":
      return output.value.map((part): Read => {
        if (part.type === "text") return { text: part.text };
        if (part.type === "image-data" || part.type === "file-data") {
          return { media: part.mediaType, data: part.data };
        }
        throw new Error(`unexpected part ${JSON.stringify(part)}`);
      });
    default:
      throw new Error(`unexpected output ${JSON.stringify(output)}`);
  }
}

const subjects: readonly Subject[] = [
  subject({
    label: "OpenAI Chat Completions",
    where: "OpenAI Chat Completions tool results",
    images: false,
    call: (name, args) => ({ id: "call_1", function: { name, arguments: JSON.stringify(args) } }),
    run: (set, call, options) => chatCompletions.run(set, call, options),
    encode: (set, call, outcome) => chatCompletions.encode(set, call, outcome),
    read: readChat,
  }),
  subject({
    label: "OpenAI Responses",
    where: "OpenAI Responses tool results",
    images: true,
    call: (name, args) => ({ call_id: "call_1", name, arguments: JSON.stringify(args) }),
    run: (set, call, options) => responses.run(set, call, options),
    encode: (set, call, outcome) => responses.encode(set, call, outcome),
    read: readResponses,
  }),
  subject({
    label: "Anthropic",
    where: "Anthropic tool results",
    images: true,
    call: (name, input) => ({ id: "tu_1", name, input }),
    run: (set, use, options) => anthropic.run(set, use, options),
    encode: (set, use, outcome) => anthropic.encode(set, use, outcome),
    read: readAnthropic,
  }),
  subject({
    label: "Gemini",
    where: "Gemini function responses",
    images: true,
    call: (name, args) => ({ id: "fc_1", name, args: args as Record<string, unknown> }),
    run: (set, call, options) => gemini.run(set, call, options),
    encode: (set, call, outcome) => gemini.encode(set, call, outcome),
    read: readGemini,
  }),
  subject({
    label: "AI SDK",
    where: "",
    images: true,
    call: (toolName, input) => ({ toolCallId: "ai_1", toolName, input }),
    run: (set, call, options) => aiSdk.run(set, call, options),
    encode: (set, call, outcome) => aiSdk.encode(set, call, outcome),
    read: readAISdk,
  }),
];

const LINK: ContentPart = {
  type: "resource-link",
  uri: "file:///reports/q3.csv",
  name: "q3.csv",
  description: "the raw rows",
  mediaType: "text/csv",
};

/** What a tool saw of its context. */
interface Seen {
  readonly signal: AbortSignal | undefined;
  readonly host: unknown;
}

function contractSet(z: Z, options: ToolSetOptions = {}) {
  const seen: Seen[] = [];
  const tools = capability({
    name: "contract",
    description: "Results of every kind",
    toolbox: toolbox("contract", "Contract tools", {
      ledger_total: defineTool({
        description: "A total too large for a number",
        parameters: z.object({}),
        execute: () => ({ total: 10n ** 20n }),
      }),
      dump: defineTool({
        description: "A long text",
        parameters: z.object({}),
        execute: () => "x".repeat(500),
      }),
      chart: defineTool({
        description: "Draw the chart",
        parameters: z.object({}),
        returns: z.object({ rows: z.number() }),
        toModelOutput: () => [
          { type: "text", text: "The chart:" },
          { type: "image", data: PNG, mediaType: "image/png" },
        ],
        execute: () => ({ rows: 3 }),
      }),
      attachments: defineTool({
        description: "Links, a text resource and audio",
        parameters: z.object({}),
        toModelOutput: () => [
          LINK,
          { type: "resource-link", uri: "file:///plain", name: "plain" },
          { type: "resource", uri: "file:///notes.txt", mediaType: "text/plain", text: "remember" },
          { type: "audio", data: WAV, mediaType: "audio/wav" },
        ],
        execute: () => ({}),
      }),
      probe: defineTool({
        description: "Reports what it saw of its context",
        parameters: z.object({}),
        execute: (_args, ctx) => {
          seen.push({ signal: ctx?.signal, host: ctx?.host });
          return "seen";
        },
      }),
      wait: defineTool({
        description: "Waits until its signal aborts",
        parameters: z.object({}),
        execute: (_args, ctx) =>
          new Promise((resolve) => {
            ctx?.signal?.addEventListener("abort", () => resolve("too late"));
          }),
      }),
      count: defineTool({
        description: "Counts to two, reporting each step",
        parameters: z.object({}),
        partial: z.object({ at: z.number() }),
        returns: z.object({ total: z.number() }),
        async *execute() {
          yield { at: 1 };
          yield { at: 2 };
          return { total: 2 };
        },
      }),
    }),
  });
  return { set: toolSet([tools], options), seen };
}

describe.each(zods)("every adapter lists { tools, ledger, dialect } (%s)", (_label, z) => {
  const set = toolSet(fixtureCapabilities(z));
  const keys = (listing: Listing<unknown>) => Object.keys(listing).sort();

  it("OpenAI Chat Completions and Responses: openai-non-strict, openai-strict with strict", () => {
    const plain: Listing<ChatCompletionFunctionTool[]> = chatCompletions.list(set);
    const items: Listing<FunctionTool[]> = responses.list(set);
    for (const listing of [plain, items]) {
      expect(keys(listing)).toEqual(["dialect", "ledger", "tools"]);
      expect(listing.tools).toHaveLength(set.names.length);
      expect(listing.ledger).toEqual([]);
      expect(listing.dialect).toBe("openai-non-strict");
    }
    expect(chatCompletions.list(set, { strict: false }).dialect).toBe("openai-non-strict");
    for (const strict of [true, "auto"] as const) {
      for (const listing of [
        chatCompletions.list(set, { strict }),
        responses.list(set, { strict }),
      ]) {
        expect(listing.dialect).toBe("openai-strict");
        expect(listing.ledger).toContainEqual({
          tool: "list_notes",
          target: "openai-strict",
          path: "$.prefix",
          kind: "nullable",
          message: "optional made nullable and required (a null sent is restored to absent)",
        });
      }
    }
  });

  it("Anthropic: anthropic, anthropic-strict with strict", () => {
    const plain: Listing<Tool[]> = anthropic.list(set);
    expect(keys(plain)).toEqual(["dialect", "ledger", "tools"]);
    expect(plain.tools.map((tool) => tool.name)).toEqual(set.names);
    expect(plain.ledger).toEqual([]);
    expect(plain.dialect).toBe("anthropic");
    expect(anthropic.list(set, { strict: false }).dialect).toBe("anthropic");
    for (const strict of [true, "auto"] as const) {
      const listing: Listing<Tool[]> = anthropic.list(set, { strict });
      expect(listing.dialect).toBe("anthropic-strict");
      expect(listing.ledger).toContainEqual({
        tool: "add_note",
        target: "anthropic-strict",
        path: "$.text",
        kind: "moved",
        message: "minLength 1 moved into the description",
      });
    }
  });

  it("Gemini: gemini-json-schema, gemini for the legacy parameters field", () => {
    const modern: Listing<FunctionDeclaration[]> = gemini.list(set);
    expect(keys(modern)).toEqual(["dialect", "ledger", "tools"]);
    expect(modern.tools.map((declaration) => declaration.name)).toEqual(set.names);
    expect(modern.ledger).toEqual([]);
    expect(modern.dialect).toBe("gemini-json-schema");
    expect(gemini.list(set, { field: "parametersJsonSchema" }).dialect).toBe("gemini-json-schema");
    const legacy = gemini.list(set, { field: "parameters" });
    expect(legacy.dialect).toBe("gemini");
    // What @google/genai drops from the legacy field (test/adapters/gemini-ledger.test.ts).
    expect(legacy.ledger.every((change) => change.target === "gemini-parameters")).toBe(true);
  });

  it("AI SDK: the dialect every plain JSON Schema path shares", () => {
    const listing = aiSdk.list(set);
    const tools: AISdkToolSet = listing.tools;
    expect(keys(listing)).toEqual(["dialect", "ledger", "tools"]);
    expect(Object.keys(tools)).toEqual(set.names);
    expect(listing.ledger).toEqual([]);
    expect(listing.dialect).toBe("openai-non-strict");
  });

  it("every dialect listed is the lint's own, named by its adapter mode", () => {
    const dialects = [
      [chatCompletions.list(set).dialect, ADAPTER_DIALECTS.openai],
      [responses.list(set, { strict: true }).dialect, ADAPTER_DIALECTS["openai-strict"]],
      [anthropic.list(set).dialect, ADAPTER_DIALECTS.anthropic],
      [anthropic.list(set, { strict: "auto" }).dialect, ADAPTER_DIALECTS["anthropic-strict"]],
      [gemini.list(set).dialect, ADAPTER_DIALECTS.gemini],
      [gemini.list(set, { field: "parameters" }).dialect, ADAPTER_DIALECTS["gemini-parameters"]],
    ] as const;
    for (const [listed, mode] of dialects) {
      expect(listed).toBe(mode);
      expect(Object.keys(LINT_DIALECTS)).toContain(listed);
    }
    expect(Object.keys(LINT_DIALECTS)).toContain(aiSdk.list(set).dialect);
  });
});

describe.each(zods)("encode makes every value through set.content (%s)", (_label, z) => {
  const { set } = contractSet(z);
  const over = contractSet(z, { outputBudget: 100 }).set;
  const tight = contractSet(z, { outputBudget: 12 }).set;

  describe.each(subjects)("$label", (adapter) => {
    it("a value JSON cannot write is read as the set's text for it, never dropped", async () => {
      const outcome = await set.call("ledger_total", {});
      expect(outcome.ok && typeof (outcome.value as { total: unknown }).total).toBe("bigint");
      const [part] = set.content("ledger_total", outcome.ok ? outcome.value : undefined);
      expect(part).toEqual({
        type: "text",
        text: expect.stringMatching(/^\(a result that cannot be written as JSON: .*BigInt/),
      });
      const text = (part as { text: string }).text;
      expect(adapter.encode(set, "ledger_total", outcome)).toEqual([{ text }]);
      expect(await adapter.run(set, "ledger_total", {})).toEqual([{ text }]);
    });

    it("a value over the output budget is cut with the marker", async () => {
      const outcome = await over.call("dump", {});
      const cut = [{ text: `${"x".repeat(100)}\n… [truncated: 400 more characters]` }];
      expect(adapter.encode(over, "dump", outcome)).toEqual(cut);
      expect(await adapter.run(over, "dump", {})).toEqual(cut);
    });

    it("toModelOutput's image reaches the result, or is named where results carry none", async () => {
      const outcome = await set.call("chart", {});
      const image = adapter.images
        ? { media: "image/png", data: PNG }
        : { text: `[image (image/png) omitted: ${adapter.where} carry text only]` };
      const expected = [{ text: "The chart:" }, image];
      expect(adapter.encode(set, "chart", outcome)).toEqual(expected);
      expect(await adapter.run(set, "chart", {})).toEqual(expected);
    });

    it("an image over the budget is named the same way in every adapter", async () => {
      const outcome = await tight.call("chart", {});
      const expected = [
        { text: "The chart:" },
        { text: "[image (image/png) omitted: 21 characters, over the output budget]" },
      ];
      expect(adapter.encode(tight, "chart", outcome)).toEqual(expected);
      expect(await adapter.run(tight, "chart", {})).toEqual(expected);
    });
  });
});

describe.each(zods)("run hands the option ctx to the tool (%s)", (_label, z) => {
  describe.each(subjects)("$label", (adapter) => {
    it("its signal and host reach the tool", async () => {
      const { set, seen } = contractSet(z);
      const controller = new AbortController();
      const host = { scope: { id: "s1" } };
      const ctx: ToolExecutionContext = { signal: controller.signal, host };
      expect(await adapter.run(set, "probe", {}, { ctx })).toEqual([{ text: "seen" }]);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.host).toEqual(host);
      const signal = seen[0]?.signal;
      expect(signal?.aborted).toBe(false);
      controller.abort(new Error("stop"));
      expect(signal?.aborted).toBe(true);
    });

    it("its signal aborting settles the call at once as cancelled", async () => {
      const { set } = contractSet(z);
      const controller = new AbortController();
      const running = adapter.run(set, "wait", {}, { ctx: { signal: controller.signal } });
      controller.abort(new Error("the user left"));
      expect(await running).toEqual([{ text: "call to 'wait' was cancelled: the user left" }]);
      // Already aborted: nothing runs.
      const { set: fresh, seen } = contractSet(z);
      const ran = await adapter.run(fresh, "probe", {}, { ctx: { signal: controller.signal } });
      expect(ran).toEqual([{ text: "call to 'probe' was cancelled: the user left" }]);
      expect(seen).toEqual([]);
    });

    it("its onPartial receives a streaming tool's partial values, in order", async () => {
      const { set } = contractSet(z);
      const partials: unknown[] = [];
      const ctx: ToolExecutionContext = { onPartial: (value) => partials.push(value) };
      expect(await adapter.run(set, "count", {}, { ctx })).toEqual([{ text: '{"total":2}' }]);
      expect(partials).toEqual([{ at: 1 }, { at: 2 }]);
    });
  });
});

describe.each(zods)("one text fallback for parts without a place (%s)", (_label, z) => {
  const { set } = contractSet(z);
  const link = "[resource link: q3.csv <file:///reports/q3.csv> (text/csv): the raw rows]";
  const plainLink = "[resource link: plain <file:///plain>]";
  const resource = "[resource file:///notes.txt (text/plain)]\nremember";

  describe.each(subjects)("$label", (adapter) => {
    it("a resource link, a text resource and a part that does not fit", async () => {
      const read = await adapter.run(set, "attachments", {});
      expect(read.slice(0, 2)).toEqual([{ text: link }, { text: plainLink }]);
      // Anthropic has a place for a text resource: a document block titled by its URI.
      expect(read[2]).toEqual(
        adapter.label === "Anthropic"
          ? { document: "file:///notes.txt", text: "remember" }
          : { text: resource },
      );
      // The AI SDK carries audio as a file; everywhere else it is named, with where and why.
      expect(read[3]).toEqual(
        adapter.label === "AI SDK"
          ? { media: "audio/wav", data: WAV }
          : {
              text: expect.stringMatching(
                new RegExp(
                  `^\\[audio \\(audio/wav\\) omitted: ${adapter.where} (carry|take) [^\\]]+\\]$`,
                ),
              ),
            },
      );
      expect(read).toHaveLength(4);
    });
  });

  it("the omission text is the same sentence in every adapter but where and why", async () => {
    const texts = await Promise.all(
      subjects
        .filter((adapter) => adapter.label !== "AI SDK")
        .map(async (adapter) => (await adapter.run(set, "attachments", {}))[3]),
    );
    expect(texts).toEqual([
      { text: "[audio (audio/wav) omitted: OpenAI Chat Completions tool results carry text only]" },
      { text: "[audio (audio/wav) omitted: OpenAI Responses tool results carry no audio]" },
      { text: "[audio (audio/wav) omitted: Anthropic tool results carry no audio]" },
      { text: "[audio (audio/wav) omitted: Gemini function responses carry no audio]" },
    ]);
  });
});

describe.each(zods)("one StrictSchemaError for both strict adapters (%s)", (_label, z) => {
  const Counts = z.object({ counts: z.record(z.string(), z.number()) });
  const tally = defineTool({
    description: "Tally",
    parameters: Counts,
    execute: () => null,
  });
  const set = toolSet([
    capability({ name: "t", description: "T", toolbox: toolbox("t", "T", { tally }) }),
  ]);
  const ending =
    /\. Rewrite those parts of the schema, send this tool without strict, or use strict: "auto"$/;

  it("is one class, exported from the root and re-exported by both adapters", () => {
    expect(OpenAIStrictSchemaError).toBe(StrictSchemaError);
    expect(AnthropicStrictSchemaError).toBe(StrictSchemaError);
  });

  it("carries target openai from both OpenAI listings and the conversion", () => {
    const errors = [
      thrown(() => chatCompletions.list(set, { strict: true })),
      thrown(() => responses.list(set, { strict: true })),
      thrown(() => openAIStrictParameters("tally", Counts)),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(StrictSchemaError);
      expect(error).toBeInstanceOf(ToolwrightError);
      expect(error).toMatchObject({
        name: "StrictSchemaError",
        code: "STRICT_SCHEMA",
        tool: "tally",
        target: "openai",
        reasons: [expect.stringMatching(/^\$\.counts \[open-object\]/)],
      });
      expect((error as StrictSchemaError).findings.length).toBeGreaterThan(0);
      expect(error.message).toMatch(/^tool 'tally' parameters cannot be made OpenAI-strict: /);
      expect(error.message).toMatch(ending);
    }
    const converted = thrown(() => toOpenAIStrict("t", { type: "string" }));
    expect(converted).toBeInstanceOf(StrictSchemaError);
    expect(converted).toMatchObject({ target: "openai", tool: "t", findings: [] });
    expect(converted.message).toMatch(ending);
  });

  it("carries target anthropic from the Anthropic listing and its lowering", () => {
    const errors = [
      thrown(() => anthropic.list(set, { strict: true })),
      thrown(() => anthropicStrictParameters("tally", Counts)),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(StrictSchemaError);
      expect(error).toMatchObject({
        name: "StrictSchemaError",
        code: "STRICT_SCHEMA",
        tool: "tally",
        target: "anthropic",
        reasons: [expect.stringMatching(/^\$\.counts \[open-object\]/)],
      });
      expect((error as StrictSchemaError).findings.length).toBeGreaterThan(0);
      expect(error.message).toMatch(/^tool 'tally' parameters cannot be made Anthropic-strict: /);
      expect(error.message).toMatch(ending);
    }
  });

  it("is not thrown under strict: 'auto', which sends the tool without strict", () => {
    expect(chatCompletions.list(set, { strict: "auto" }).ledger).toEqual([
      expect.objectContaining({ tool: "tally", target: "openai", kind: "non-strict" }),
    ]);
    expect(anthropic.list(set, { strict: "auto" }).ledger).toEqual([
      expect.objectContaining({ tool: "tally", target: "anthropic", kind: "non-strict" }),
    ]);
  });
});
