/**
 * Listing size: the characters a tool set advertises to a model, with and without
 * `deferLoading`, for 50 and 500 tools, through each adapter's own listing. Sizes, not
 * times: `JSON.stringify(listing).length` of what each adapter builds.
 *
 * The tools are the example agent's, repeated under new names until there are enough of
 * them, so each schema is one a real tool has.
 *
 * @module
 */
import {
  capability,
  defineTool,
  type ToolDefinition,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { mcp } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { z } from "zod";
import { exampleAgent } from "../examples/index";
import { type Section, type SummaryRow, table } from "./report";

/** `count` tools cycled from the example agent's, renamed so every name is unique. */
export function repeatedTools(count: number): Record<string, ToolDefinition> {
  const originals = exampleAgent.capabilities.flatMap((owner) =>
    Object.values(owner.toolbox.tools),
  );
  const tools: Record<string, ToolDefinition> = {};
  for (let index = 0; index < count; index += 1) {
    tools[`tool_${index}`] = originals[index % originals.length] as ToolDefinition;
  }
  return tools;
}

/**
 * `count` tools shaped like a typical business API call: eight described fields, an
 * enum, bounds and a nested object, so the listing is what a real integration sends.
 */
export function richTools(count: number): Record<string, ToolDefinition> {
  const tools: Record<string, ToolDefinition> = {};
  for (let index = 0; index < count; index += 1) {
    tools[`update_record_${index}`] = defineTool({
      description: `Update record type ${index} in the CRM. Use it when the user asks to change a ${index} record; read it first with the matching get tool.`,
      parameters: z.object({
        id: z.string().describe("The record id, as the search tool returns it"),
        owner: z.string().email().describe("Email of the account owner"),
        status: z.enum(["open", "pending", "won", "lost"]).describe("New pipeline status"),
        amountCents: z.number().int().min(0).max(1_000_000_000).describe("Deal size, in cents"),
        closeDate: z.string().describe("Expected close date, ISO 8601"),
        tags: z.array(z.string()).max(20).describe("Labels to set, replacing the old ones"),
        note: z.string().max(2_000).optional().describe("A note to add to the history"),
        address: z
          .object({ street: z.string(), city: z.string(), country: z.string().length(2) })
          .optional()
          .describe("Billing address"),
      }),
      returns: z.object({ id: z.string(), updatedAt: z.string() }),
      execute: ({ id }) => ({ id, updatedAt: new Date(0).toISOString() }),
    });
  }
  return tools;
}

const fixtures = {
  "example agent": repeatedTools,
  "8-field business tools": richTools,
} as const;

function setOf(
  count: number,
  deferLoading: boolean,
  make: (count: number) => Record<string, ToolDefinition> = repeatedTools,
): ToolSet {
  const tools = make(count);
  const owner = capability({
    name: "many",
    description: "Many tools",
    toolbox: toolbox("many", "Many tools", tools),
  });
  return toolSet([owner], { manuals: false, deferLoading });
}

/**
 * Each adapter's listing of a set, as the characters it sends. Native deferred loading
 * (Anthropic, OpenAI Responses) still sends every definition in the request, flagged for
 * the provider to hold back: `advertised` counts what reaches the model up front, which
 * leaves the deferred definitions out.
 */
const listings: readonly {
  readonly name: string;
  readonly size: (set: ToolSet) => number;
}[] = [
  { name: "toolSet.schemas()", size: (set) => size(set.schemas("draft-2020-12")) },
  { name: "OpenAI Chat Completions", size: (set) => size(chatCompletions.list(set).tools) },
  { name: "OpenAI Responses (catalog)", size: (set) => size(responses.list(set).tools) },
  {
    name: "OpenAI Responses (native), advertised",
    size: (set) => advertised(responses.list(set, { deferLoading: "native" }).tools),
  },
  {
    name: "Anthropic (catalog)",
    size: (set) => size(anthropic.list(set, { deferLoading: "catalog" }).tools),
  },
  {
    name: "Anthropic (native), advertised",
    size: (set) => advertised(anthropic.list(set).tools),
  },
  { name: "Gemini", size: (set) => size(gemini.list(set).tools) },
  { name: "MCP tools/list", size: (set) => size(mcp.list(set).tools) },
];

/** The characters of the tools not held back by the provider's own deferred loading. */
function advertised(tools: readonly unknown[]): number {
  return size(tools.filter((tool) => (tool as { defer_loading?: boolean }).defer_loading !== true));
}

function size(listing: unknown): number {
  return JSON.stringify(listing).length;
}

const thousands = (n: number) => n.toLocaleString("en-US");

/** Measures every listing for 50 and 500 tools, with and without deferred loading. */
export async function runListingSize(): Promise<Section> {
  const rows: string[][] = [];
  const summary: SummaryRow[] = [];
  for (const [fixture, make] of Object.entries(fixtures)) {
    for (const count of [50, 500]) {
      const full = setOf(count, false, make);
      const deferred = setOf(count, true, make);
      for (const listing of listings) {
        const [all, lazy] = [listing.size(full), listing.size(deferred)];
        const ratio = `${((lazy / all) * 100).toFixed(1)}%`;
        rows.push([fixture, listing.name, String(count), thousands(all), thousands(lazy), ratio]);
        summary.push({
          area: "Listing size",
          figure: `${listing.name}, ${count} ${fixture}: deferred / full`,
          value: ratio,
          spread: "none (a size)",
        });
      }
    }
  }
  const header = [
    "tools",
    "listing",
    "count",
    "full (chars)",
    "deferLoading (chars)",
    "deferred / full",
  ];
  const markdown = table(header, rows);
  console.log(markdown);
  return { title: "Listing size", markdown, summary };
}
