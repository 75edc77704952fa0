/**
 * What `tools/list` says beyond each tool's schemas, through the official SDK `Client`:
 * input examples folded into descriptions when asked (MCP has no field for them), and a
 * set built with `deferLoading` listed by one line per tool plus `search_tools` and
 * `describe_tools`, whose deferred tools still parse every call with their own schema.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  type Capability,
  capability,
  defineTool,
  type ToolSetOptions,
  toolbox,
  toolSet,
} from "toolwright";
import { createMcpServer, type McpServerOptions } from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import { describeWithExamples } from "../../../src/adapters/examples-text";
import { summaryOf } from "../../../src/set/catalog-listing";
import { type Z, zodMajors } from "../../core/zods";
import { connectInMemory, listedTools } from "./in-memory-client";

const BOOK_DESCRIPTION =
  "Book a meeting room for a time slot. Fails when the room is taken; the answer names the next free slot.";
const bookExamples = [
  { room: "Aurora", start: "2025-06-01T09:00", minutes: 30 },
  { room: "Boreal", start: "2025-06-02T14:00", minutes: 60 },
];

function roomsCapability(z: Z): Capability {
  return capability({
    name: "rooms",
    description: "Meeting rooms",
    toolbox: toolbox("rooms", "Room tools", {
      book_room: defineTool({
        description: BOOK_DESCRIPTION,
        parameters: z.object({
          room: z.string().describe("The room's name"),
          start: z.string().describe("Local start time, ISO 8601"),
          minutes: z.number().int().min(15).describe("How long"),
        }),
        returns: z.object({ booking: z.string(), room: z.string() }),
        annotations: { destructive: false, openWorld: false },
        examples: bookExamples,
        execute: ({ room, start }) => ({ booking: `${room}@${start}`, room }),
      }),
      list_rooms: defineTool({
        description: "List the rooms.\nEach with its capacity.",
        parameters: z.object({ floor: z.number().int().optional().describe("Only this floor") }),
        annotations: { readOnly: true },
        execute: () => "Aurora (8), Boreal (4)",
      }),
    }),
  });
}

/** The room tools as a tool set built with `set`, served with the server options `extra`. */
function options(
  z: Z,
  extra: Partial<McpServerOptions> = {},
  set: ToolSetOptions = {},
): McpServerOptions {
  return { name: "rooms", version: "1.0.0", tools: toolSet([roomsCapability(z)], set), ...extra };
}

const byName = (tools: readonly Tool[], name: string): Tool | undefined =>
  tools.find((tool) => tool.name === name);

const withoutDialect = (schema: object | undefined): object | undefined => {
  if (schema === undefined) return undefined;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
};

/** The length of `tools` as JSON, as `tools/list` carries it. */
const characters = (tools: readonly unknown[]): number => JSON.stringify(tools).length;

/** What an MCP host typically hands its model of a tool: name, description, arguments. */
const modelFacing = ({ name, description, inputSchema }: Tool) => ({
  name,
  description,
  inputSchema,
});

/** `count` tools with a few arguments each, as a larger server would list. */
function manyTools(z: Z, count: number): Capability {
  const tools = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `tool_${index}`,
      defineTool({
        description: `Tool number ${index}: does one thing to a record. It takes an id and a few options, and answers with the record.`,
        parameters: z.object({
          id: z.string().describe("The record's id"),
          mode: z.enum(["fast", "safe"]).optional().describe("How to do it"),
          limit: z.number().int().min(1).max(100).optional().describe("At most this many"),
        }),
        returns: z.object({ id: z.string(), done: z.boolean() }),
        execute: ({ id }) => ({ id, done: true }),
      }),
    ]),
  );
  return capability({
    name: "many",
    description: "Many tools",
    toolbox: toolbox("many", "Many", tools),
  });
}

for (const { major, z } of zodMajors) {
  describe(`MCP tools/list examples (${major})`, () => {
    it("leaves examples out by default", async () => {
      const tools = await listedTools(options(z));
      expect(byName(tools, "book_room")?.description).toBe(BOOK_DESCRIPTION);
      expect(JSON.stringify(tools)).not.toContain("Aurora");
    });

    it('folds them into the description with examples: "description"', async () => {
      const tools = await listedTools(options(z, { examples: "description" }));
      expect(byName(tools, "book_room")?.description).toBe(
        describeWithExamples(BOOK_DESCRIPTION, bookExamples),
      );
      expect(byName(tools, "book_room")?.description).toContain(
        '{"room":"Aurora","start":"2025-06-01T09:00","minutes":30}',
      );
      // A tool without examples keeps its description.
      expect(byName(tools, "list_rooms")?.description).toBe(
        "List the rooms.\nEach with its capacity.",
      );
    });

    it("refuses an examples option it does not know, naming it", () => {
      const bad = { ...options(z), examples: "native" } as unknown as McpServerOptions;
      expect(() => createMcpServer(bad)).toThrow(
        'createMcpServer: examples must be "description" (or left out), received a string ("native")',
      );
    });
  });

  describe(`MCP tools/list with deferLoading (${major})`, () => {
    it("lists deferred tools by one line with an open schema, plus the catalog tools", async () => {
      const full = await listedTools(options(z));
      const compact = await listedTools(options(z, {}, { deferLoading: true }));
      expect(compact.map((tool) => tool.name)).toEqual([
        "book_room",
        "list_rooms",
        "search_tools",
        "describe_tools",
      ]);
      const book = byName(compact, "book_room");
      expect(book).toEqual({
        name: "book_room",
        description: summaryOf(BOOK_DESCRIPTION),
        inputSchema: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          properties: {},
        },
        annotations: { destructiveHint: false, openWorldHint: false },
        _meta: {
          "toolwright/kind": "tool",
          "toolwright/capability": "rooms",
          "toolwright/deferred": true,
        },
      });
      expect(book?.description).toBe("Book a meeting room for a time slot.");
      expect(byName(compact, "list_rooms")?.description).toBe("List the rooms.");
      // The catalog tools are listed in full.
      expect(byName(compact, "describe_tools")?.outputSchema).toBeDefined();
      expect(byName(full, "book_room")?.outputSchema).toBeDefined();
      // Printed for the measurement: the fixture's tools/list, in characters. With
      // two tools the catalog tools cost more than deferring saves (about 1,080 characters
      // in full, 2,670 deferred); the 50-tool case below is where it pays.
      const chars = { full: characters(full), compact: characters(compact) };
      console.log(`MCP tools/list characters (rooms fixture, ${major}):`, chars);
      expect(
        characters(
          compact.filter((tool) => tool.name === "book_room" || tool.name === "list_rooms"),
        ),
        `rooms fixture: ${JSON.stringify(chars)}`,
      ).toBeLessThan(characters(full));
    });

    it("keeps the tools named in keep listed in full", async () => {
      const full = await listedTools(options(z));
      const tools = await listedTools(options(z, {}, { deferLoading: { keep: ["book_room"] } }));
      expect(byName(tools, "book_room")).toEqual(byName(full, "book_room"));
      expect(byName(tools, "list_rooms")?._meta?.["toolwright/deferred"]).toBe(true);
    });

    it("describe_tools gives the full schema, and the deferred tool parses calls with its own", async () => {
      const full = await listedTools(options(z));
      const { client, close } = await connectInMemory(options(z, {}, { deferLoading: true }));
      try {
        await client.listTools(); // the client now knows book_room has no outputSchema
        const described = await client.callTool({
          name: "describe_tools",
          arguments: { names: ["book_room", "nope"] },
        });
        expect(described.isError).toBeFalsy();
        const { tools, unknown } = described.structuredContent as {
          tools: { name: string; description: string; parameters: unknown; returns?: unknown }[];
          unknown: string[];
        };
        expect(unknown).toEqual(["nope"]);
        expect(tools).toEqual([
          {
            name: "book_room",
            description: BOOK_DESCRIPTION,
            // The set's own describe: the schemas MCP lists, without MCP's `$schema`.
            parameters: withoutDialect(byName(full, "book_room")?.inputSchema),
            returns: withoutDialect(byName(full, "book_room")?.outputSchema),
            examples: [
              { room: "Aurora", start: "2025-06-01T09:00", minutes: 30 },
              { room: "Boreal", start: "2025-06-02T14:00", minutes: 60 },
            ],
          },
        ]);

        const wrong = await client.callTool({ name: "book_room", arguments: { room: "Aurora" } });
        expect(wrong.isError).toBe(true);
        const [why] = wrong.content as { text: string }[];
        expect(why?.text).toContain("start");
        expect(why?.text).toContain("minutes");
        const short = await client.callTool({
          name: "book_room",
          arguments: { room: "Aurora", start: "2025-06-01T09:00", minutes: 5 },
        });
        expect(short.isError).toBe(true);

        const booked = await client.callTool({
          name: "book_room",
          arguments: { room: "Aurora", start: "2025-06-01T09:00", minutes: 30 },
        });
        expect(booked.isError).toBeFalsy();
        expect(booked.structuredContent).toEqual({
          booking: "Aurora@2025-06-01T09:00",
          room: "Aurora",
        });
        const rooms = await client.callTool({ name: "list_rooms", arguments: {} });
        expect(rooms.content).toEqual([{ type: "text", text: "Aurora (8), Boreal (4)" }]);

        const search = await client.callTool({
          name: "search_tools",
          arguments: { query: "book a room" },
        });
        const found = (search.structuredContent as { tools: { name: string }[] }).tools;
        expect(found[0]?.name).toBe("book_room");
      } finally {
        await close();
      }
    });

    it("advertises far fewer characters for 50 tools", async () => {
      const fifty = manyTools(z, 50);
      const served = (set: ToolSetOptions = {}): McpServerOptions => ({
        name: "many",
        version: "1.0.0",
        tools: toolSet([fifty], set),
      });
      const full = await listedTools(served());
      const compact = await listedTools(served({ deferLoading: true }));
      const chars = {
        full: characters(full),
        compact: characters(compact),
        modelFull: characters(full.map(modelFacing)),
        modelCompact: characters(compact.map(modelFacing)),
      };
      console.log(`MCP tools/list characters (50 tools, ${major}):`, chars);
      expect(chars.compact, `50 tools: ${JSON.stringify(chars)}`).toBeLessThan(chars.full / 2);
    });
  });
}
