import { defineTool } from "toolwright";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  analyticsSet,
  CHART_PNG,
  type RichWalkthrough,
  walkthrough,
} from "../../examples/rich-results";
import { scriptSteps } from "./script-steps";

const CHART_TEXT = "revenue: 7 days, from 1200 to 2100";

describe("the rich-results example's walkthrough", () => {
  let run: RichWalkthrough;
  beforeAll(async () => {
    run = await walkthrough();
  });

  it("gives the model the chart's summary and image, and cuts both to a budget with markers", () => {
    expect(run.content).toEqual([
      { type: "text", text: CHART_TEXT },
      { type: "image", data: CHART_PNG, mediaType: "image/png" },
    ]);
    expect(run.budgeted).toEqual([
      { type: "text", text: "revenue: 7 days, fro\n… [truncated: 14 more characters]" },
      {
        type: "text",
        text: "[image (image/png) omitted: 105 characters, over the output budget]",
      },
    ]);
  });

  it("answers Anthropic with a text block and an image block", () => {
    expect(run.anthropicResult).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_01",
      content: [
        { type: "text", text: CHART_TEXT },
        { type: "image", source: { type: "base64", media_type: "image/png", data: CHART_PNG } },
      ],
    });
  });

  it("answers OpenAI Chat Completions in text, naming the image it cannot carry, and Responses with it", () => {
    expect(run.chatMessage).toEqual({
      role: "tool",
      tool_call_id: "call_01",
      content: [
        { type: "text", text: CHART_TEXT },
        {
          type: "text",
          text: "[image (image/png) omitted: OpenAI Chat Completions tool results carry text only]",
        },
      ],
    });
    expect(run.responsesOutput).toEqual({
      type: "function_call_output",
      call_id: "call_01",
      output: [
        { type: "input_text", text: CHART_TEXT },
        { type: "input_image", image_url: `data:image/png;base64,${CHART_PNG}` },
      ],
    });
  });

  it("sends the search's examples as Anthropic input_examples and in OpenAI's description", () => {
    const examples = [{ query: "acme" }, { query: "ada@example.com", country: "GB" }];
    expect(run.anthropicTool).toMatchObject({ name: "find_customers", input_examples: examples });
    expect(run.openAIDescription).toBe(
      'Find customers by name or email, optionally in one country\n\nExamples of valid arguments:\n{"query":"acme"}\n{"query":"ada@example.com","country":"GB"}',
    );
  });

  it("hands each partial of the export to onPartial, in order, then settles with its result", () => {
    expect(run.partials).toEqual([
      { rowsDone: 10, rowsTotal: 30 },
      { rowsDone: 20, rowsTotal: 30 },
    ]);
    expect(run.exported).toEqual({
      ok: true,
      value: { uri: "reports://analytics/signups.csv", rows: 30 },
    });
  });

  it("gives an MCP client the parts as content beside structuredContent, and partials as progress", () => {
    expect(run.mcpChart.content).toEqual([
      { type: "text", text: CHART_TEXT },
      { type: "image", data: CHART_PNG, mimeType: "image/png" },
    ]);
    expect(run.mcpChart.structuredContent).toEqual({
      metric: "revenue",
      points: [1_200, 1_350, 1_500, 1_650, 1_800, 1_950, 2_100],
    });
    expect(run.mcpChart.partials).toEqual([]);
    expect(run.mcpExport.content).toEqual([
      { type: "text", text: "exported 30 rows" },
      {
        type: "resource_link",
        uri: "reports://analytics/signups.csv",
        name: "report.csv",
        mimeType: "text/csv",
      },
    ]);
    expect(run.mcpExport.partials).toEqual(run.partials);
  });

  it("measures the deferred listing against the full one, and Anthropic's native advertisement", () => {
    // Three small tools: the two catalog tools cost more than the one-line listings save.
    expect(run.listing.deferred).toBeGreaterThan(run.listing.full);
    expect(run.listing.anthropicAdvertised).toBeLessThan(run.listing.full);
  });
});

describe("the analytics tool set", () => {
  it("lists deferred tools by one line and serves their definitions, examples included, through describe_tools", async () => {
    const set = analyticsSet({ deferLoading: true });
    const listed = set.schemas().find((schema) => schema.name === "find_customers");
    expect(listed).toMatchObject({
      deferred: true,
      description: "Find customers by name or email, optionally in one country",
      parameters: { type: "object", properties: {} },
    });
    const described = await set.call("describe_tools", { names: ["find_customers", "nope"] });
    expect(described).toMatchObject({
      ok: true,
      value: {
        tools: [
          {
            name: "find_customers",
            parameters: { required: ["query"] },
            examples: [{ query: "acme" }, { query: "ada@example.com", country: "GB" }],
          },
        ],
        unknown: ["nope"],
      },
    });
    // The entry's own schema still parses the call the listing left open.
    expect(await set.call("find_customers", { query: "a" })).toMatchObject({
      ok: false,
      kind: "invalid-arguments",
    });
  });

  it("refuses an example its parameters reject when the tool is defined", () => {
    expect(() =>
      defineTool({
        description: "Find customers",
        parameters: z.object({ query: z.string().min(2) }),
        examples: [{ query: "a" }],
        execute: async () => [],
      }),
    ).toThrow(
      /^defineTool \("Find customers"\): example 1 \{"query":"a"\} does not match parameters: /,
    );
  });

  it("stops the export when the call is aborted, and delivers no partial after it", async () => {
    const set = analyticsSet();
    const controller = new AbortController();
    const seen: unknown[] = [];
    const outcome = await set.call(
      "export_report",
      { metric: "revenue" },
      {
        signal: controller.signal,
        onPartial: (value) => {
          seen.push(value);
          controller.abort();
        },
      },
    );
    expect(outcome).toMatchObject({ ok: false, kind: "cancelled" });
    expect(seen).toEqual([{ rowsDone: 10, rowsTotal: 30 }]);
  });
});

describe("the rich-results example as a script", () => {
  it("prints each step", async () => {
    const { stdout, steps } = await scriptSteps("examples/rich-results.ts");
    expect(steps).toEqual([
      "content",
      "budgeted",
      "anthropic tool_result",
      "openai chat",
      "openai responses",
      "anthropic input_examples",
      "openai description",
      "partials",
      "exported",
      "mcp chart content",
      "mcp export content",
      "mcp export progress",
      "listing",
    ]);
    expect(stdout).toContain("anthropic tool_result: text, image\n");
  });
});
