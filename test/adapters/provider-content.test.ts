/**
 * Results beyond JSON through the OpenAI, Anthropic and Gemini adapters' `encode` and `run`:
 * every content part a tool's `toModelOutput` makes lands in the provider's own shape, or
 * as text saying what it was; nothing is dropped; the set's `outputBudget` marker reaches
 * each provider's result. The SDK types are the oracle for the shapes.
 */

import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionResponse } from "@google/genai";
import type { ChatCompletionToolMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import {
  type CallOutcome,
  type ContentPart,
  capability,
  defineTool,
  toolbox,
  toolSet,
} from "toolwright";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { type Z, zods } from "../set/fixtures";
import { openAIOutcome } from "./openai-outcome";

const PNG = "iVBORw0KGgo=";
const PDF = "JVBERi0xLjQ=";
const WAV = "UklGRiQAAABXQVZF";

/** One part of every kind, and the kinds some provider has no place for. */
const EVERY_PART: ContentPart[] = [
  { type: "text", text: "The chart:" },
  { type: "image", data: PNG, mediaType: "image/png" },
  { type: "image", data: "Qk0=", mediaType: "image/bmp" },
  { type: "audio", data: WAV, mediaType: "audio/wav" },
  {
    type: "resource-link",
    uri: "file:///reports/q3.csv",
    name: "q3.csv",
    description: "the raw rows",
    mediaType: "text/csv",
  },
  { type: "resource", uri: "file:///notes.txt", mediaType: "text/plain", text: "remember" },
  { type: "resource", uri: "file:///docs/q3.pdf", mediaType: "application/pdf", blob: PDF },
  {
    type: "resource",
    uri: "file:///bin/dump",
    mediaType: "application/octet-stream",
    blob: "AAEC",
  },
];

function contentSet(z: Z, outputBudget?: number) {
  const reports = capability({
    name: "reports",
    description: "Reports",
    toolbox: toolbox("reports", "Report tools", {
      chart: defineTool({
        description: "Draw the chart",
        parameters: z.object({}),
        returns: z.object({ rows: z.number() }),
        toModelOutput: () => EVERY_PART,
        execute: () => ({ rows: 3 }),
      }),
      summary: defineTool({
        description: "Summarise",
        parameters: z.object({}),
        toModelOutput: (value: unknown) => `${(value as { rows: number }).rows} rows`,
        execute: () => ({ rows: 3 }),
      }),
      plain: defineTool({
        description: "A plain value",
        parameters: z.object({}),
        execute: () => ({ n: 1 }),
      }),
      dump: defineTool({
        description: "A long text",
        parameters: z.object({}),
        execute: () => "x".repeat(500),
      }),
      fail: defineTool({
        description: "Fails",
        parameters: z.object({}),
        toModelOutput: () => EVERY_PART,
        execute: () => {
          throw new Error("the chart is on fire");
        },
      }),
    }),
  });
  return toolSet([reports], outputBudget === undefined ? {} : { outputBudget });
}

/** A Chat Completions tool call of `name`, with no arguments. */
const chatCall = (id: string, name: string) => ({ id, function: { name, arguments: "{}" } });
/** A Responses API function call of `name`, with no arguments. */
const responsesCall = (id: string, name: string) => ({ call_id: id, name, arguments: "{}" });

describe.each(zods)("provider results from content parts (%s)", (_label, z) => {
  const set = contentSet(z);

  it("Anthropic: text, image and document blocks, the rest as text saying what it was", async () => {
    const block: ToolResultBlockParam = await anthropic.run(set, {
      id: "tu_1",
      name: "chart",
      input: {},
    });
    expect(block).toEqual({
      type: "tool_result",
      tool_use_id: "tu_1",
      content: [
        { type: "text", text: "The chart:" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
        {
          type: "text",
          text: "[image (image/bmp) omitted: Anthropic tool results carry images only as JPEG, PNG, GIF or WebP]",
        },
        {
          type: "text",
          text: "[audio (audio/wav) omitted: Anthropic tool results carry no audio]",
        },
        {
          type: "text",
          text: "[resource link: q3.csv <file:///reports/q3.csv> (text/csv): the raw rows]",
        },
        {
          type: "document",
          source: { type: "text", media_type: "text/plain", data: "remember" },
          title: "file:///notes.txt",
        },
        {
          type: "document",
          source: { type: "base64", media_type: "application/pdf", data: PDF },
          title: "file:///docs/q3.pdf",
        },
        {
          type: "text",
          text: "[resource file:///bin/dump (application/octet-stream) omitted: Anthropic tool results carry binary resources only as images or PDFs]",
        },
      ],
    });
  });

  it("Anthropic: one text part stays a plain string; failures stay is_error text", async () => {
    const summary = await anthropic.run(set, { id: "tu_2", name: "summary", input: {} });
    expect(summary.content).toBe("3 rows");
    expect(await anthropic.run(set, { id: "tu_3", name: "plain", input: {} })).toEqual({
      type: "tool_result",
      tool_use_id: "tu_3",
      content: '{"n":1}',
    });
    const failed = await anthropic.run(set, { id: "tu_4", name: "fail", input: {} });
    expect(failed).toMatchObject({ is_error: true, content: expect.stringContaining("on fire") });
    // encode makes the same content of the set's outcome: the set is always its source.
    const outcome: CallOutcome = await set.call("chart", {});
    const use = { id: "tu_5", name: "chart", input: {} };
    const encoded = anthropic.encode(set, use, outcome);
    expect(encoded.content).toHaveLength(8);
    expect(encoded).toEqual(await anthropic.run(set, use));
  });

  it("OpenAI Chat Completions: text parts only; images and binaries become text", async () => {
    const outcome = await openAIOutcome(set, "chart", "{}");
    const message: ChatCompletionToolMessageParam = chatCompletions.encode(
      set,
      chatCall("call_1", "chart"),
      outcome,
    );
    expect(await chatCompletions.run(set, chatCall("call_1", "chart"))).toEqual(message);
    expect(message.role).toBe("tool");
    expect(message.tool_call_id).toBe("call_1");
    const texts = (message.content as { type: string; text: string }[]).map((part) => {
      expect(part.type).toBe("text");
      return part.text;
    });
    expect(texts).toEqual([
      "The chart:",
      "[image (image/png) omitted: OpenAI Chat Completions tool results carry text only]",
      "[image (image/bmp) omitted: OpenAI Chat Completions tool results carry text only]",
      "[audio (audio/wav) omitted: OpenAI Chat Completions tool results carry text only]",
      "[resource link: q3.csv <file:///reports/q3.csv> (text/csv): the raw rows]",
      "[resource file:///notes.txt (text/plain)]\nremember",
      "[resource file:///docs/q3.pdf (application/pdf) omitted: OpenAI Chat Completions tool results carry text only]",
      "[resource file:///bin/dump (application/octet-stream) omitted: OpenAI Chat Completions tool results carry text only]",
    ]);
    const summary = await openAIOutcome(set, "summary", "{}");
    expect(chatCompletions.encode(set, chatCall("c", "summary"), summary).content).toBe("3 rows");
    const failed = await openAIOutcome(set, "fail", "{}");
    expect(chatCompletions.encode(set, chatCall("c", "fail"), failed).content).toMatch(/on fire/);
    expect((await chatCompletions.run(set, chatCall("c", "fail"))).content).toMatch(/on fire/);
  });

  it("OpenAI Responses: input_text, input_image data URLs and input_file items", async () => {
    const outcome = await openAIOutcome(set, "chart", "{}");
    const item: ResponseInputItem.FunctionCallOutput = responses.encode(
      set,
      responsesCall("call_2", "chart"),
      outcome,
    );
    expect(await responses.run(set, responsesCall("call_2", "chart"))).toEqual(item);
    expect(item).toEqual({
      type: "function_call_output",
      call_id: "call_2",
      output: [
        { type: "input_text", text: "The chart:" },
        { type: "input_image", image_url: `data:image/png;base64,${PNG}` },
        {
          type: "input_text",
          text: "[image (image/bmp) omitted: OpenAI Responses tool results take images as PNG, JPEG, WebP or GIF]",
        },
        {
          type: "input_text",
          text: "[audio (audio/wav) omitted: OpenAI Responses tool results carry no audio]",
        },
        {
          type: "input_text",
          text: "[resource link: q3.csv <file:///reports/q3.csv> (text/csv): the raw rows]",
        },
        { type: "input_text", text: "[resource file:///notes.txt (text/plain)]\nremember" },
        {
          type: "input_file",
          file_data: `data:application/pdf;base64,${PDF}`,
          filename: "q3.pdf",
        },
        {
          type: "input_file",
          file_data: "data:application/octet-stream;base64,AAEC",
          filename: "dump",
        },
      ],
    });
    const plain = await openAIOutcome(set, "plain", "{}");
    expect(responses.encode(set, responsesCall("c", "plain"), plain).output).toBe('{"n":1}');
    expect((await responses.run(set, responsesCall("c", "plain"))).output).toBe('{"n":1}');
  });

  it("Gemini: the text in output, PNG and PDF inline in parts, the rest as text", async () => {
    const response: FunctionResponse = await gemini.run(set, {
      id: "fc_1",
      name: "chart",
      args: {},
    });
    expect(response.parts).toEqual([
      { inlineData: { mimeType: "image/png", data: PNG } },
      {
        inlineData: { mimeType: "application/pdf", data: PDF, displayName: "file:///docs/q3.pdf" },
      },
    ]);
    expect(response.response?.output).toBe(
      [
        "The chart:",
        "[image (image/png) attached as part 1]",
        "[image (image/bmp) omitted: Gemini function responses take images as PNG, JPEG or WebP]",
        "[audio (audio/wav) omitted: Gemini function responses carry no audio]",
        "[resource link: q3.csv <file:///reports/q3.csv> (text/csv): the raw rows]",
        "[resource file:///notes.txt (text/plain)]\nremember",
        "[resource file:///docs/q3.pdf (application/pdf) attached as part 2]",
        "[resource file:///bin/dump (application/octet-stream) omitted: Gemini function responses carry binary data only as images or PDFs]",
      ].join("\n\n"),
    );
  });

  it("Gemini: a value read as its own JSON is sent as the value; a toModelOutput text as text", async () => {
    expect(await gemini.run(set, { name: "plain", args: {} })).toEqual({
      name: "plain",
      response: { output: { n: 1 } },
    });
    const summary = await gemini.run(set, { name: "summary", args: {} });
    expect(summary).toEqual({ name: "summary", response: { output: "3 rows" } });
    const failed = await gemini.run(set, { name: "fail", args: {} });
    expect(failed.response).toEqual({ error: expect.stringContaining("on fire") });
    // encode makes the same response of the set's outcome: the set is always its source.
    const outcome: CallOutcome = await set.call("chart", {});
    const encoded = gemini.encode(set, { name: "chart" }, outcome);
    expect(encoded).toEqual(await gemini.run(set, { name: "chart", args: {} }));
    expect(encoded.parts).toHaveLength(2);
    expect(gemini.encode(set, { name: "plain" }, await set.call("plain", {}))).toEqual({
      name: "plain",
      response: { output: { n: 1 } },
    });
  });
});

describe.each(zods)("the output budget's marker reaches every provider (%s)", (_label, z) => {
  const set = contentSet(z, 100);
  const marker = "… [truncated: 400 more characters]";
  const kept = "x".repeat(100);

  it("Anthropic", async () => {
    const block = await anthropic.run(set, { id: "tu", name: "dump", input: {} });
    expect(block.content).toBe(`${kept}\n${marker}`);
  });

  it("OpenAI, both APIs", async () => {
    const outcome = await openAIOutcome(set, "dump", "{}");
    const chat = chatCompletions.encode(set, chatCall("c", "dump"), outcome);
    expect(chat.content).toBe(`${kept}\n${marker}`);
    const item = responses.encode(set, responsesCall("c", "dump"), outcome);
    expect(item.output).toBe(`${kept}\n${marker}`);
    expect((await chatCompletions.run(set, chatCall("c", "dump"))).content).toBe(
      `${kept}\n${marker}`,
    );
  });

  it("Gemini: the cut text replaces the value", async () => {
    const response = await gemini.run(set, { name: "dump", args: {} });
    expect(response.response).toEqual({ output: `${kept}\n${marker}` });
  });

  it("an image over the budget is named, never dropped", async () => {
    const tight = contentSet(z, 12); // "The chart:" leaves 2 characters for the image
    const named = "[image (image/png) omitted: 21 characters, over the output budget]";
    const block = await anthropic.run(tight, { id: "tu", name: "chart", input: {} });
    expect((block.content as unknown[])[1]).toEqual({ type: "text", text: named });
    const outcome = await openAIOutcome(tight, "chart", "{}");
    const output = responses.encode(tight, responsesCall("c", "chart"), outcome);
    expect((output.output as unknown[])[1]).toEqual({ type: "input_text", text: named });
    const response = await gemini.run(tight, { name: "chart", args: {} });
    expect(response.parts).toBeUndefined(); // the budget is spent before the PDF too
    expect(String(response.response?.output)).toContain(named);
  });
});
