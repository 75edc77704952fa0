/**
 * Results beyond JSON, on a small analytics capability: a chart tool whose result a model
 * reads as a line of text and an image (`toModelOutput`), a customer search with input
 * examples, and a report export that streams its progress as partial results before its
 * result. The walkthrough shows what each host is given of the same results: the set's
 * content parts, Anthropic `tool_result` blocks, OpenAI tool messages, an MCP client's
 * content and progress notifications (over an in-memory transport), and a deferred
 * listing beside the full one.
 *
 * Run: npx tsx examples/rich-results.ts
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  type CallOutcome,
  type ContentPart,
  capability,
  defineTool,
  type ToolSet,
  type ToolSetOptions,
  toolbox,
  toolSet,
} from "toolwright";
import { anthropic } from "toolwright/anthropic";
import { createMcpServer } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { z } from "zod";
import { runIfMain } from "./run-if-main";

/** A 1×1 PNG, base64-encoded: stands in for a rendered chart. */
export const CHART_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const Metric = z.enum(["revenue", "signups"]).describe("What to chart");

// Stands in for your analytics store: one value a day, oldest first.
function series(metric: "revenue" | "signups", days: number): number[] {
  const base = metric === "revenue" ? 1_200 : 40;
  return Array.from({ length: days }, (_, day) => base + day * (metric === "revenue" ? 150 : 3));
}

/** The analytics tools. */
export const analyticsTools = toolbox("analytics", "Charts, customers and report exports", {
  chart_metric: defineTool({
    description: "Chart a metric over the last days, as an image with a one-line summary",
    parameters: z.object({
      metric: Metric,
      days: z.number().int().min(1).max(30).describe("How many days back, 1 to 30"),
    }),
    returns: z.object({
      metric: z.string().describe("The metric charted"),
      points: z.array(z.number().describe("One day's value")).describe("Oldest first"),
    }),
    annotations: { readOnly: true },
    execute: async ({ metric, days }) => ({ metric, points: series(metric, days) }),
    // The model reads a summary and sees the chart; programs still get `points` as JSON.
    toModelOutput: ({ metric, points }) => [
      {
        type: "text",
        text: `${metric}: ${points.length} days, from ${points[0]} to ${points.at(-1)}`,
      },
      { type: "image", data: CHART_PNG, mediaType: "image/png" },
    ],
  }),
  find_customers: defineTool({
    description: "Find customers by name or email, optionally in one country",
    parameters: z.object({
      query: z.string().min(2).describe("Part of a name or an email address"),
      country: z.string().length(2).optional().describe("ISO 3166 country code, e.g. DE"),
    }),
    returns: z.object({
      customers: z.array(z.string().describe("A customer id")).describe("The matches"),
    }),
    annotations: { readOnly: true },
    // Each is parsed by `parameters` here: a bad example throws when the tool is defined.
    examples: [{ query: "acme" }, { query: "ada@example.com", country: "GB" }],
    execute: async ({ query }) => ({ customers: query === "acme" ? ["cus_acme"] : [] }),
  }),
  export_report: defineTool({
    description: "Export a metric's daily values as a CSV report, reporting progress",
    parameters: z.object({ metric: Metric }),
    partial: z.object({ rowsDone: z.number().int(), rowsTotal: z.number().int() }),
    returns: z.object({
      uri: z.string().describe("Where the report is"),
      rows: z.number().int().describe("How many rows it holds"),
    }),
    annotations: { readOnly: true },
    // Each yield is a partial result (checked by `partial`); the return value is the result.
    async *execute({ metric }) {
      const rowsTotal = 30;
      for (let rowsDone = 10; rowsDone < rowsTotal; rowsDone += 10) {
        yield { rowsDone, rowsTotal };
      }
      return { uri: `reports://analytics/${metric}.csv`, rows: rowsTotal };
    },
    toModelOutput: ({ uri, rows }) => [
      { type: "text", text: `exported ${rows} rows` },
      { type: "resource-link", uri, name: "report.csv", mediaType: "text/csv" },
    ],
  }),
});

/** The analytics capability. */
export const analytics = capability({
  name: "analytics",
  description: "Analytics: charts, customers and report exports",
  toolbox: analyticsTools,
});

/** A tool set over the analytics capability, with `options` (`outputBudget`, `deferLoading`). */
export function analyticsSet(options: ToolSetOptions = {}): ToolSet {
  return toolSet([analytics], { manuals: false, ...options });
}

/** What one MCP `tools/call` gave the client. */
export interface McpCall {
  readonly content: unknown;
  readonly structuredContent: unknown;
  /** The partial values carried by its progress notifications, in order. */
  readonly partials: readonly unknown[];
}

/** What {@link walkthrough} found, beside the lines it printed. */
export interface RichWalkthrough {
  readonly lines: readonly string[];
  /** What `set.content` makes of the chart's result. */
  readonly content: readonly ContentPart[];
  /** The chart's result cut to an output budget of 20 characters. */
  readonly budgeted: readonly ContentPart[];
  /** The Anthropic `tool_result` block of the chart call. */
  readonly anthropicResult: Awaited<ReturnType<typeof anthropic.run>>;
  /** The Chat Completions tool message and Responses output of the chart call. */
  readonly chatMessage: ReturnType<typeof chatCompletions.encode>;
  readonly responsesOutput: ReturnType<typeof responses.encode>;
  /** The Anthropic tool of `find_customers`, with its `input_examples`. */
  readonly anthropicTool: ReturnType<typeof anthropic.list>["tools"][number] | undefined;
  /** Its OpenAI description, the examples folded in. */
  readonly openAIDescription: string | undefined;
  /** The partial values `ctx.onPartial` received from `export_report`, then its outcome. */
  readonly partials: readonly unknown[];
  readonly exported: CallOutcome;
  /** The chart and export calls as an MCP client receives them. */
  readonly mcpChart: McpCall;
  readonly mcpExport: McpCall;
  /** Characters of each listing (JSON of `set.schemas()`), and what Anthropic advertises. */
  readonly listing: {
    readonly full: number;
    readonly deferred: number;
    readonly anthropicAdvertised: number;
  };
}

/** The example, step by step; each step is described in one printed line. */
export async function walkthrough(): Promise<RichWalkthrough> {
  const lines: string[] = [];
  const set = analyticsSet();
  const chartArgs = { metric: "revenue", days: 7 };

  // What the model reads of a result: toModelOutput's parts, and the same under a budget.
  const chart = await set.call("chart_metric", chartArgs);
  const content = chart.ok ? set.content("chart_metric", chart.value) : [];
  lines.push(`content: ${JSON.stringify(content.map(describePart))}`);
  const budgeted = chart.ok
    ? analyticsSet({ outputBudget: 20 }).content("chart_metric", chart.value)
    : [];
  lines.push(`budgeted: ${JSON.stringify(budgeted.map(describePart))}`);

  // Anthropic: a text block and an image block in the tool_result.
  const block = { id: "toolu_01", name: "chart_metric", input: chartArgs };
  const anthropicResult = await anthropic.run(set, block);
  const blocks = Array.isArray(anthropicResult.content) ? anthropicResult.content : [];
  lines.push(`anthropic tool_result: ${blocks.map((found) => found.type).join(", ")}`);

  // OpenAI: a Chat Completions tool message carries text only; Responses takes the image.
  const chatCall = { id: "call_01", function: { name: "chart_metric", arguments: "{}" } };
  const chatMessage = chatCompletions.encode(set, chatCall, chart);
  lines.push(`openai chat: ${JSON.stringify(chatMessage.content)}`);
  const responsesCall = { call_id: "call_01", name: "chart_metric", arguments: "{}" };
  const responsesOutput = responses.encode(set, responsesCall, chart);
  const items = Array.isArray(responsesOutput.output) ? responsesOutput.output : [];
  lines.push(`openai responses: ${items.map((item) => item.type).join(", ")}`);

  // Input examples: Anthropic's input_examples, folded into the description for OpenAI.
  const anthropicTool = anthropic.list(set).tools.find((tool) => tool.name === "find_customers");
  lines.push(`anthropic input_examples: ${JSON.stringify(anthropicTool?.input_examples)}`);
  const openAITool = chatCompletions
    .list(set, { examples: "description" })
    .tools.find((tool) => tool.type === "function" && tool.function.name === "find_customers");
  const openAIDescription =
    openAITool?.type === "function" ? openAITool.function.description : undefined;
  lines.push(`openai description: ${JSON.stringify(openAIDescription)}`);

  // Streaming: each partial value reaches onPartial before the result.
  const partials: unknown[] = [];
  const exported = await set.call(
    "export_report",
    { metric: "signups" },
    { onPartial: (value) => partials.push(value) },
  );
  lines.push(`partials: ${JSON.stringify(partials)}`);
  lines.push(`exported: ${JSON.stringify(exported)}`);

  // MCP: the same results as an MCP client reads them, partials as progress.
  const [mcpChart, mcpExport] = await overMcp([
    { name: "chart_metric", arguments: chartArgs },
    { name: "export_report", arguments: { metric: "signups" } },
  ]);
  lines.push(`mcp chart content: ${JSON.stringify(mcpChart?.content, clipData)}`);
  lines.push(`mcp export content: ${JSON.stringify(mcpExport?.content)}`);
  lines.push(`mcp export progress: ${JSON.stringify(mcpExport?.partials)}`);

  // Tools loaded on demand: a line per tool, full definitions through describe_tools. With
  // three small tools the two catalog tools cost more than they save (bench/listing-size.ts
  // measures 50 and 500); Anthropic's native loading advertises only the search tool.
  const deferredSet = analyticsSet({ deferLoading: true });
  const listing = {
    full: JSON.stringify(set.schemas()).length,
    deferred: JSON.stringify(deferredSet.schemas()).length,
    anthropicAdvertised: JSON.stringify(
      anthropic.list(deferredSet).tools.filter((tool) => tool.defer_loading !== true),
    ).length,
  };
  lines.push(`listing: ${JSON.stringify(listing)}`);

  return {
    lines,
    content,
    budgeted,
    anthropicResult,
    chatMessage,
    responsesOutput,
    anthropicTool,
    openAIDescription,
    partials,
    exported,
    mcpChart: mcpChart ?? { content: [], structuredContent: undefined, partials: [] },
    mcpExport: mcpExport ?? { content: [], structuredContent: undefined, partials: [] },
    listing,
  };
}

/**
 * Serves the analytics capability over an in-memory MCP transport and makes each call
 * through the MCP SDK's own client, asking for progress, as a real client would.
 */
async function overMcp(
  calls: readonly { readonly name: string; readonly arguments: Record<string, unknown> }[],
): Promise<McpCall[]> {
  const server = createMcpServer({ name: "analytics", version: "1.0.0", tools: [analytics] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "rich-results-example", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const results: McpCall[] = [];
    for (const call of calls) {
      const partials: unknown[] = [];
      const result = await client.callTool(call, undefined, {
        // The SDK's type for this callback leaves `_meta` out; the notification carries it.
        onprogress: (progress) => partials.push(partialOf(progress)),
      });
      const { content, structuredContent } = result;
      results.push({ content, structuredContent, partials });
    }
    return results;
  } finally {
    await client.close();
    await server.close();
  }
}

/** The partial value a progress notification carries, under `_meta["toolwright/partial"]`. */
function partialOf(progress: object): unknown {
  return (progress as { _meta?: Record<string, unknown> })._meta?.["toolwright/partial"];
}

/** A part in one line: its type and, for binary parts, the size of its data. */
function describePart(part: ContentPart): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
    case "audio":
      return `[${part.type} ${part.mediaType}, ${part.data.length} base64 characters]`;
    case "resource-link":
      return `[link ${part.uri}]`;
    case "resource":
      return `[resource ${part.uri}]`;
  }
}

// Keeps printed lines short: base64 data as its length.
function clipData(key: string, value: unknown): unknown {
  return key === "data" && typeof value === "string" ? `(${value.length} base64 chars)` : value;
}

runIfMain(import.meta.url, async () => {
  const { lines } = await walkthrough();
  for (const line of lines) console.log(line);
});
