/**
 * What an MCP client reads of a result beyond JSON, through the official SDK `Client`
 * (whose `callTool` parses every answer with the SDK's own `CallToolResultSchema`, and
 * checks `structuredContent` against a listed `outputSchema`): each kind of content part
 * as its MCP block, the output budget's marker, a broken `toModelOutput` falling back to
 * JSON with a note, and results without `toModelOutput` exactly as before.
 */
import {
  type CallToolResult,
  CallToolResultSchema,
  ContentBlockSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  type Capability,
  type ContentPart,
  capability,
  defineTool,
  type ToolSetOptions,
  toolbox,
  toolSet,
} from "toolwright";
import type { McpServerOptions } from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import { type Z, zodMajors } from "../../core/zods";
import { connectInMemory } from "./in-memory-client";

// "PNG" and "RIFF", base64-encoded: real base64, as the SDK's schema checks with atob.
const PNG = Buffer.from("PNG").toString("base64");
const WAV = Buffer.from("RIFF").toString("base64");

/** Every kind of part, in an order a test can check. */
const everyPart: readonly ContentPart[] = [
  { type: "text", text: "A chart of the week" },
  { type: "image", data: PNG, mediaType: "image/png" },
  { type: "audio", data: WAV, mediaType: "audio/wav" },
  {
    type: "resource-link",
    uri: "file:///report.csv",
    name: "report.csv",
    description: "The numbers behind it",
    mediaType: "text/csv",
  },
  { type: "resource-link", uri: "file:///plain", name: "plain" },
  { type: "resource", uri: "file:///note.txt", mediaType: "text/plain", text: "a note" },
  { type: "resource", uri: "file:///raw.bin", blob: PNG },
];

function chartCapability(z: Z): Capability {
  const chart = z.object({ title: z.string(), points: z.array(z.number()) });
  return capability({
    name: "charts",
    description: "Charts",
    toolbox: toolbox("charts", "Chart tools", {
      render: defineTool({
        description: "Render a chart",
        parameters: z.object({}),
        returns: chart,
        execute: () => ({ title: "week", points: [1, 2, 3] }),
        toModelOutput: () => everyPart,
      }),
      plain_object: defineTool({
        description: "A chart, as JSON",
        parameters: z.object({}),
        returns: chart,
        execute: () => ({ title: "week", points: [1, 2, 3] }),
      }),
      plain_text: defineTool({
        description: "Some text",
        parameters: z.object({ size: z.number() }),
        execute: ({ size }) => "x".repeat(size),
      }),
      plain_list: defineTool({
        description: "A list, as JSON",
        parameters: z.object({}),
        execute: () => [1, "two", { three: 3 }],
      }),
      broken_output: defineTool({
        description: "A toModelOutput that throws",
        parameters: z.object({}),
        returns: chart,
        execute: () => ({ title: "week", points: [1] }),
        toModelOutput: () => {
          throw new Error("no renderer");
        },
      }),
      not_base64: defineTool({
        description: "An image whose data is not base64",
        parameters: z.object({}),
        execute: () => "ok",
        toModelOutput: () => [
          { type: "text", text: "before" },
          { type: "image", data: "not base64 at all!", mediaType: "image/png" },
        ],
      }),
      big_image: defineTool({
        description: "An image over the budget",
        parameters: z.object({}),
        execute: () => "ok",
        toModelOutput: () => [
          { type: "text", text: "caption" },
          { type: "image", data: "A".repeat(400), mediaType: "image/png" },
        ],
      }),
    }),
  });
}

/** The chart tools served as a tool set built with `set` (the output budget is the set's). */
function options(z: Z, set: ToolSetOptions = {}): McpServerOptions {
  return { name: "charts", version: "1.0.0", tools: toolSet([chartCapability(z)], set) };
}

/** The result checked once more by the SDK's schema, block by block. */
function checked(result: unknown): CallToolResult {
  const parsed = CallToolResultSchema.parse(result);
  for (const block of parsed.content)
    expect(ContentBlockSchema.safeParse(block).success).toBe(true);
  return parsed;
}

for (const { major, z } of zodMajors) {
  describe(`MCP result content (${major})`, () => {
    it("sends every kind of part as its MCP block, beside the structured value", async () => {
      const { client, close } = await connectInMemory(options(z));
      try {
        const { tools } = await client.listTools(); // so callTool checks the outputSchema too
        expect(tools.find((tool) => tool.name === "render")?.outputSchema).toBeDefined();
        const result = checked(await client.callTool({ name: "render", arguments: {} }));
        expect(result.isError).toBeFalsy();
        expect(result.content).toEqual([
          { type: "text", text: "A chart of the week" },
          { type: "image", data: PNG, mimeType: "image/png" },
          { type: "audio", data: WAV, mimeType: "audio/wav" },
          {
            type: "resource_link",
            uri: "file:///report.csv",
            name: "report.csv",
            description: "The numbers behind it",
            mimeType: "text/csv",
          },
          { type: "resource_link", uri: "file:///plain", name: "plain" },
          {
            type: "resource",
            resource: { uri: "file:///note.txt", mimeType: "text/plain", text: "a note" },
          },
          { type: "resource", resource: { uri: "file:///raw.bin", blob: PNG } },
        ]);
        expect(result.structuredContent).toEqual({ title: "week", points: [1, 2, 3] });
      } finally {
        await close();
      }
    });

    it("without toModelOutput, sends exactly what it sent before: a string as is, else its JSON", async () => {
      const { client, close } = await connectInMemory(options(z));
      try {
        await client.listTools();
        const object = checked(await client.callTool({ name: "plain_object", arguments: {} }));
        expect(object).toEqual({
          content: [{ type: "text", text: '{"title":"week","points":[1,2,3]}' }],
          structuredContent: { title: "week", points: [1, 2, 3] },
        });
        const text = checked(await client.callTool({ name: "plain_text", arguments: { size: 3 } }));
        expect(text).toEqual({ content: [{ type: "text", text: "xxx" }] });
        const list = checked(await client.callTool({ name: "plain_list", arguments: {} }));
        expect(list).toEqual({ content: [{ type: "text", text: '[1,"two",{"three":3}]' }] });
      } finally {
        await close();
      }
    });

    it("cuts content to outputBudget with a visible marker, and leaves structuredContent whole", async () => {
      const { client, close } = await connectInMemory(options(z, { outputBudget: 10 }));
      try {
        await client.listTools();
        const text = checked(
          await client.callTool({ name: "plain_text", arguments: { size: 25 } }),
        );
        expect(text.content).toEqual([
          { type: "text", text: `${"x".repeat(10)}\n… [truncated: 15 more characters]` },
        ]);
        const image = checked(await client.callTool({ name: "big_image", arguments: {} }));
        expect(image.content).toEqual([
          { type: "text", text: "caption" },
          {
            type: "text",
            text: "[image (image/png) omitted: 409 characters, over the output budget]",
          },
        ]);
        const object = checked(await client.callTool({ name: "plain_object", arguments: {} }));
        const json = '{"title":"week","points":[1,2,3]}';
        expect(object.content).toEqual([
          {
            type: "text",
            text: `${json.slice(0, 10)}\n… [truncated: ${json.length - 10} more characters]`,
          },
        ]);
        expect(object.structuredContent).toEqual({ title: "week", points: [1, 2, 3] });
      } finally {
        await close();
      }
    });

    it("a toModelOutput that throws gives the JSON text and a note saying why, not an error", async () => {
      const { client, close } = await connectInMemory(options(z));
      try {
        await client.listTools();
        const result = checked(await client.callTool({ name: "broken_output", arguments: {} }));
        expect(result.isError).toBeFalsy();
        expect(result.content).toEqual([
          { type: "text", text: '{"title":"week","points":[1]}' },
          {
            type: "text",
            text: "(tool 'broken_output': toModelOutput threw: no renderer; the result is shown as JSON)",
          },
        ]);
        expect(result.structuredContent).toEqual({ title: "week", points: [1] });
      } finally {
        await close();
      }
    });

    it("a binary part whose data is not base64 gives the result as JSON and says why, so the client still gets it", async () => {
      const { client, close } = await connectInMemory(options(z));
      try {
        const result = checked(await client.callTool({ name: "not_base64", arguments: {} }));
        expect(result.content).toEqual([
          { type: "text", text: "ok" },
          {
            type: "text",
            text: "(tool 'not_base64': toModelOutput part 2 (image) needs base64 'data'; the result is shown as JSON)",
          },
        ]);
      } finally {
        await close();
      }
    });
  });
}
