/**
 * Tools loaded on demand through the OpenAI, Anthropic and Gemini adapters: the provider's
 * own deferred loading where its SDK has it (Anthropic, OpenAI Responses), the catalog's
 * one-line listing elsewhere or when asked; a deferred tool's call still parsed by its own
 * schema; `describe_tools` giving the full schema; the SDK types accepting the lists.
 */

import type { MessageCreateParams, Tool } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionDeclaration } from "@google/genai";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { FunctionTool, ResponseCreateParams } from "openai/resources/responses/responses";
import { capability, defineTool, projectParameters, toolbox, toolSet } from "toolwright";
import { type AnthropicTool, anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { chatCompletions, type ResponsesTool, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { deferredListing, summaryOf } from "../../src/set/catalog-listing";
import { type Z, zods } from "../set/fixtures";
import { openAIOutcome, responsesOutcome } from "./openai-outcome";

const LIST_DESCRIPTION = "List the meetings of a day. Past days included, newest first.";

function deferredSet(z: Z) {
  const seen: unknown[] = [];
  const meetings = capability({
    name: "meetings",
    description: "Meetings",
    toolbox: toolbox("meetings", "Meeting tools", {
      list_meetings: defineTool({
        description: LIST_DESCRIPTION,
        parameters: z.object({ day: z.string(), limit: z.number().int().optional() }),
        examples: [{ day: "2025-06-01" }],
        execute: (args) => {
          seen.push(args);
          return { meetings: [] };
        },
      }),
      cancel_meeting: defineTool({
        description: "Cancel a meeting",
        parameters: z.object({ id: z.string() }),
        execute: ({ id }) => ({ cancelled: id }),
      }),
      now: defineTool({
        description: "The time",
        parameters: z.object({}),
        execute: () => "12:00",
      }),
    }),
  });
  return { set: toolSet([meetings], { deferLoading: { keep: ["now"] } }), seen };
}

const names = (list: readonly { name?: string }[]) => list.map((tool) => tool.name);

describe.each(zods)("Anthropic deferred loading (%s)", (_label, z) => {
  const { set, seen } = deferredSet(z);
  const list = set.get("list_meetings");
  if (list === undefined) throw new Error("fixture changed");
  const full = projectParameters("list_meetings", list.parameters, "draft-2020-12");

  it("native (default): deferred tools in full with defer_loading, search_tools loads them", () => {
    const tools: Tool[] = anthropic.list(set).tools;
    expect(names(tools)).toEqual(["list_meetings", "cancel_meeting", "now", "search_tools"]);
    expect(tools[0]).toEqual({
      name: "list_meetings",
      description: LIST_DESCRIPTION,
      input_schema: full,
      input_examples: [{ day: "2025-06-01" }],
      defer_loading: true,
    });
    expect(tools[2]).not.toHaveProperty("defer_loading");
    expect(tools[3]?.description).toMatch(/load them/);
    expect(tools[3]?.description).not.toMatch(/describe_tools/);
  });

  it("native keeps strict for every tool sent in full", () => {
    const { tools } = anthropic.list(set, { strict: true });
    expect(tools.every((tool) => tool.strict === true)).toBe(true);
    expect(tools[0]).toMatchObject({ defer_loading: true, strict: true });
  });

  it("native with Anthropic's server tool search replaces search_tools", () => {
    for (const kind of ["bm25", "regex"] as const) {
      const tools: AnthropicTool[] = anthropic.list(set, { toolSearch: kind }).tools;
      const sent: MessageCreateParams["tools"] = tools;
      expect(sent).toBe(tools);
      expect(names(tools)).toEqual([
        "list_meetings",
        "cancel_meeting",
        "now",
        `tool_search_tool_${kind}`,
      ]);
      expect(tools.at(-1)).toEqual({
        type: `tool_search_tool_${kind}_20251119`,
        name: `tool_search_tool_${kind}`,
      });
    }
    // A set with nothing deferred needs no search tool.
    const plain = toolSet([
      capability({ name: "c", description: "C", toolbox: toolbox("c", "C", {}) }),
    ]);
    expect(anthropic.list(plain, { toolSearch: "bm25" }).tools).toEqual([]);
  });

  it("catalog: one line per deferred tool plus both catalog tools, listed tools non-strict", () => {
    const { tools, ledger } = anthropic.list(set, { deferLoading: "catalog", strict: "auto" });
    expect(names(tools)).toEqual([
      "list_meetings",
      "cancel_meeting",
      "now",
      "search_tools",
      "describe_tools",
    ]);
    const listing = deferredListing(LIST_DESCRIPTION);
    expect(tools[0]).toEqual({
      name: "list_meetings",
      description: summaryOf(LIST_DESCRIPTION),
      input_schema: listing.parameters,
    });
    expect(tools[2]).toMatchObject({ name: "now", strict: true });
    expect(ledger.filter((change) => change.kind === "non-strict").map((c) => c.tool)).toEqual([
      "list_meetings",
      "cancel_meeting",
    ]);
  });

  it("native: a search_tools result is tool_reference blocks for the deferred tools found", async () => {
    const block = await anthropic.run(set, {
      id: "tu_1",
      name: "search_tools",
      input: { query: "meeting" },
    });
    expect(block.content).toEqual([
      { type: "tool_reference", tool_name: "list_meetings" },
      { type: "tool_reference", tool_name: "cancel_meeting" },
    ]);
    const nothing = await anthropic.run(set, {
      id: "tu_2",
      name: "search_tools",
      input: { query: "weather" },
    });
    expect(nothing.content).toBe('{"tools":[],"total":0}');
  });

  it("catalog: search_tools answers in JSON and describe_tools gives the full schema", async () => {
    const options = { deferLoading: "catalog" } as const;
    const found = await anthropic.run(
      set,
      { id: "tu_3", name: "search_tools", input: { query: "cancel" } },
      options,
    );
    expect(JSON.parse(found.content as string)).toEqual({
      tools: [{ name: "cancel_meeting", summary: "Cancel a meeting" }],
      total: 1,
    });
    const described = await anthropic.run(
      set,
      { id: "tu_4", name: "describe_tools", input: { names: ["list_meetings"] } },
      options,
    );
    const body = JSON.parse(described.content as string);
    expect(body.tools[0]).toMatchObject({ name: "list_meetings", parameters: full });
  });

  it("a deferred tool's call is parsed by its own schema", async () => {
    const bad = await anthropic.run(set, { id: "tu_5", name: "list_meetings", input: {} });
    expect(bad).toMatchObject({ is_error: true, content: expect.stringMatching(/day/) });
    const good = await anthropic.run(set, {
      id: "tu_6",
      name: "list_meetings",
      input: { day: "2025-06-01" },
    });
    expect(good.is_error).toBeUndefined();
    expect(seen).toEqual([{ day: "2025-06-01" }]);
  });
});

describe.each(zods)("OpenAI deferred loading (%s)", (_label, z) => {
  const { set } = deferredSet(z);
  const listing = deferredListing(LIST_DESCRIPTION);

  it("Chat Completions: the catalog listing, sent non-strict under strict", () => {
    const { tools, ledger } = chatCompletions.list(set, { strict: true });
    const sent: ChatCompletionFunctionTool[] = tools;
    expect(sent.map((tool) => tool.function.name)).toEqual([
      "list_meetings",
      "cancel_meeting",
      "now",
      "search_tools",
      "describe_tools",
    ]);
    expect(sent[0]?.function).toEqual({
      name: "list_meetings",
      description: listing.description,
      parameters: listing.parameters,
    });
    expect(sent[2]?.function.strict).toBe(true);
    expect(ledger.filter((change) => change.kind === "non-strict")).toHaveLength(2);
  });

  it("Chat Completions refuses native deferred loading by name", () => {
    const native = { deferLoading: "native" } as unknown as { deferLoading: "catalog" };
    expect(() => chatCompletions.list(set, native)).toThrow(
      /Chat Completions has no deferred loading of its own/,
    );
  });

  it("Responses, catalog (default): the same listing as flat function tools", () => {
    const tools: FunctionTool[] = responses.list(set).tools;
    expect(names(tools)).toEqual([
      "list_meetings",
      "cancel_meeting",
      "now",
      "search_tools",
      "describe_tools",
    ]);
    expect(tools[0]).toEqual({
      type: "function",
      name: "list_meetings",
      description: listing.description,
      parameters: listing.parameters,
      strict: false,
    });
  });

  it("Responses, native: full tools with defer_loading and the hosted tool_search", () => {
    const tools: ResponsesTool[] = responses.list(set, {
      deferLoading: "native",
      strict: true,
    }).tools;
    const sent: ResponseCreateParams["tools"] = tools;
    expect(sent?.map((tool) => ("name" in tool ? tool.name : tool.type))).toEqual([
      "list_meetings",
      "cancel_meeting",
      "now",
      "tool_search",
    ]);
    expect(tools[0]).toMatchObject({ defer_loading: true, strict: true });
    expect(tools[0]).toHaveProperty("parameters.required", ["day", "limit"]);
    expect(tools[2]).not.toHaveProperty("defer_loading");
    expect(tools[3]).toEqual({ type: "tool_search" });
  });

  it("a deferred tool's call is parsed by its own schema; strict nulls restored only when sent strict", async () => {
    const native = { strict: true, deferLoading: "native" } as const;
    expect(
      await responsesOutcome(set, "list_meetings", '{"day":"d","limit":null}', native),
    ).toMatchObject({ ok: true });
    // Listed by the catalog, the tool was not sent strict: a null is the model's own mistake.
    for (const outcome of [
      await openAIOutcome(set, "list_meetings", '{"day":"d","limit":null}', { strict: true }),
      await responsesOutcome(set, "list_meetings", '{"day":"d","limit":null}', { strict: true }),
    ]) {
      expect(outcome.ok).toBe(false);
    }
    const missing = await openAIOutcome(set, "list_meetings", "{}", { strict: true });
    expect(!missing.ok && missing.error).toMatch(/day/);
    // run answers the same: the native deferred call runs, the catalog's null is refused.
    const call = { call_id: "r1", name: "list_meetings", arguments: '{"day":"d","limit":null}' };
    expect(await responses.run(set, call, native)).toEqual({
      type: "function_call_output",
      call_id: "r1",
      output: '{"meetings":[]}',
    });
    const chat = { id: "c1", function: { name: "list_meetings", arguments: call.arguments } };
    expect((await chatCompletions.run(set, chat, { strict: true })).content).toMatch(
      /^tool 'list_meetings' received invalid arguments/,
    );
  });
});

describe.each(zods)("Gemini deferred loading (%s)", (_label, z) => {
  const { set } = deferredSet(z);
  const listing = deferredListing(LIST_DESCRIPTION);

  it("the catalog listing in both fields", () => {
    const json: FunctionDeclaration[] = gemini.list(set).tools;
    expect(names(json)).toEqual([
      "list_meetings",
      "cancel_meeting",
      "now",
      "search_tools",
      "describe_tools",
    ]);
    expect(json[0]).toEqual({
      name: "list_meetings",
      description: listing.description,
      parametersJsonSchema: listing.parameters,
    });
    const legacy = gemini.list(set, { field: "parameters" }).tools;
    expect(legacy[0]).toEqual({
      name: "list_meetings",
      description: listing.description,
      parameters: expect.objectContaining({ type: "object", properties: {} }),
    });
  });
});
