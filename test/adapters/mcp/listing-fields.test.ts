/**
 * The fields of a `tools/list` entry beyond its schemas' content, through the official SDK
 * `Client`: every listed schema declares JSON Schema 2020-12 with `$schema` (the MCP
 * specification's default dialect, which the conformance suite's `json-schema-2020-12`
 * scenario checks is kept) and compiles under Ajv's 2020-12 validator, while the
 * provider adapters still send none; a tool's own top-level `title` and its MCP
 * `execution` pass through; and `listingMeta: false` leaves out the `_meta` keys
 * toolwright adds.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import Ajv2020 from "ajv/dist/2020.js";
import {
  type Capability,
  capability,
  definePlay,
  defineTool,
  playbook,
  type ToolDefinition,
  type ToolSetOptions,
  toolbox,
  toolSet,
} from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { createMcpServer, type McpServerOptions, mcp } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { type Z, zodMajors } from "../../core/zods";
import { connectInMemory, listedTools } from "./in-memory-client";

const DIALECT = "https://json-schema.org/draft/2020-12/schema";

function shelfCapability(z: Z, extra: Record<string, ToolDefinition> = {}): Capability {
  const address = z.object({ street: z.string(), city: z.string() });
  type Node = { name: string; children: Node[] };
  const node: ZodType<Node> = z.lazy(() =>
    z.object({ name: z.string(), children: z.array(node) }),
  ) as never;
  const plain: ToolDefinition = {
    title: "Count the shelves",
    description: "Count the shelves",
    parameters: z.object({}),
    execute: () => 3,
  };
  return capability({
    name: "shelf",
    description: "Shelves",
    toolbox: toolbox("shelf", "Shelf tools", {
      // A factory tool's title for people is its annotations' title (the options stay small).
      ship: defineTool({
        description: "Ship a parcel from one address to another",
        parameters: z.object({ name: z.string(), from: address, to: address }).strict(),
        returns: z.object({ tracking: z.string(), to: address }),
        annotations: { title: "Shipping", destructive: false },
        execution: { taskSupport: "forbidden" },
        execute: ({ to }) => ({ tracking: "T1", to }),
      }),
      tree: defineTool({
        description: "Store a tree of named nodes",
        parameters: z.object({ root: node }),
        returns: z.object({ count: z.number().int() }),
        annotations: { title: "Store a tree" },
        execute: () => ({ count: 1 }),
      }),
      plain,
      ...extra,
    }),
  });
}

function options(
  z: Z,
  extra: Partial<McpServerOptions> = {},
  set: ToolSetOptions = {},
): McpServerOptions {
  return { name: "shelf", version: "1.0.0", tools: toolSet([shelfCapability(z)], set), ...extra };
}

const byName = (tools: readonly Tool[], name: string): Tool => {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`${name} is not listed`);
  return tool;
};

const withoutDialect = (schema: object | undefined): object | undefined => {
  if (schema === undefined) return undefined;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
};

for (const { major, z } of zodMajors) {
  describe(`MCP tools/list $schema (${major})`, () => {
    it("declares 2020-12 on every inputSchema and outputSchema, and changes nothing else", async () => {
      const set = toolSet([shelfCapability(z)]);
      const tools = await listedTools({ name: "shelf", version: "1.0.0", tools: set });
      const projected = set.schemas("draft-2020-12");
      expect(tools.map((tool) => tool.name)).toEqual(projected.map((schema) => schema.name));
      for (const [i, tool] of tools.entries()) {
        expect(tool.inputSchema.$schema, tool.name).toBe(DIALECT);
        expect(withoutDialect(tool.inputSchema)).toEqual(projected[i]?.parameters);
        if (tool.outputSchema !== undefined) {
          expect(tool.outputSchema.$schema, tool.name).toBe(DIALECT);
          expect(withoutDialect(tool.outputSchema)).toEqual(projected[i]?.returns);
        }
      }
      expect(byName(tools, "ship").outputSchema).toBeDefined();
    });

    it("each listed schema compiles under Ajv's 2020-12 validator and checks what it says", async () => {
      const tools = await listedTools(options(z));
      const ajv = new Ajv2020({ strict: true });
      for (const tool of tools) {
        expect(ajv.validateSchema(tool.inputSchema), tool.name).toBe(true);
        ajv.compile(tool.inputSchema);
        if (tool.outputSchema !== undefined) ajv.compile(tool.outputSchema);
      }
      const ship = ajv.compile(byName(tools, "ship").inputSchema);
      const address = { street: "Main St 1", city: "Oslo" };
      expect(ship({ name: "box", from: address, to: address })).toBe(true);
      expect(ship({ name: "box", from: address, to: { street: "x" } })).toBe(false);
      expect(ship({ name: "box", from: address, to: address, extra: 1 })).toBe(false);
      const tree = ajv.compile(byName(tools, "tree").inputSchema);
      const leaf = { name: "leaf", children: [] };
      expect(
        tree({ root: { name: "root", children: [leaf, { name: "b", children: [leaf] }] } }),
      ).toBe(true);
      expect(tree({ root: { name: "root", children: [{ name: 1, children: [] }] } })).toBe(false);
    });

    it("the SDK client still checks structured results against an outputSchema with $schema", async () => {
      const { client, close } = await connectInMemory(options(z));
      try {
        await client.listTools();
        const address = { street: "Main St 1", city: "Oslo" };
        const result = await client.callTool({
          name: "ship",
          arguments: { name: "box", from: address, to: address },
        });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual({ tracking: "T1", to: address });
      } finally {
        await close();
      }
    });

    it("declares it on deferred tools and the catalog tools too", async () => {
      const tools = await listedTools(options(z, {}, { deferLoading: true }));
      expect(tools.map((tool) => tool.name)).toContain("describe_tools");
      for (const tool of tools) expect(tool.inputSchema.$schema, tool.name).toBe(DIALECT);
      expect(byName(tools, "ship").inputSchema).toEqual({
        $schema: DIALECT,
        type: "object",
        properties: {},
      });
    });

    it("mcp.list declares it; the provider adapters send no $schema", () => {
      const set = toolSet([shelfCapability(z)]);
      for (const tool of mcp.list(set).tools) {
        expect(Object.keys(tool.inputSchema)[0], "$schema comes first").toBe("$schema");
        expect(tool.inputSchema.$schema).toBe(DIALECT);
      }
      const sent = [
        chatCompletions.list(set).tools,
        responses.list(set).tools,
        anthropic.list(set).tools,
        gemini.list(set).tools,
        gemini.list(set, { field: "parameters" }).tools,
        Object.values(aiSdk.list(set).tools).map((tool) => {
          const schema = tool.inputSchema as { jsonSchema?: unknown };
          return schema.jsonSchema;
        }),
      ];
      for (const tools of sent) expect(JSON.stringify(tools)).not.toContain("$schema");
      expect(JSON.stringify(sent[5])).toContain('"properties"');
    });
  });

  describe(`MCP tools/list title, execution and _meta (${major})`, () => {
    it("lists a tool's own title, and annotations.title where it has none", async () => {
      const tools = await listedTools(options(z));
      const ship = byName(tools, "ship");
      expect(ship.title).toBe("Shipping");
      expect(ship.annotations).toEqual({ title: "Shipping", destructiveHint: false });
      expect(byName(tools, "tree").title).toBe("Store a tree");
      expect(byName(tools, "plain").title).toBe("Count the shelves");
      expect(byName(tools, "plain").annotations).toBeUndefined();
    });

    it("lists a play's title", async () => {
      const plays = definePlay({
        description: "Ships twice",
        annotations: { title: "Ship twice" },
        parameters: z.object({}),
        returns: z.object({ shipped: z.number() }),
        execute: () => ({ shipped: 2 }),
      });
      const withPlay = capability({
        name: "plays",
        description: "Plays",
        toolbox: toolbox("plays", "No tools", {}),
        playbook: playbook("plays", "Plays", { ship_twice: plays }),
      });
      const tools = await listedTools({ name: "plays", version: "1.0.0", tools: [withPlay] });
      expect(byName(tools, "ship_twice").title).toBe("Ship twice");
    });

    it("passes a declared execution through, and lists none for a tool that declares none", async () => {
      const tools = await listedTools(options(z));
      expect(byName(tools, "ship").execution).toEqual({ taskSupport: "forbidden" });
      expect(byName(tools, "tree")).not.toHaveProperty("execution");
      const deferred = await listedTools(options(z, {}, { deferLoading: true }));
      expect(byName(deferred, "ship").execution).toEqual({ taskSupport: "forbidden" });
    });

    it("refuses a title or an execution MCP cannot list, naming the tool", () => {
      const bad = (definition: Partial<ToolDefinition>) =>
        createMcpServer({
          name: "bad",
          version: "1.0.0",
          tools: [
            shelfCapability(z, {
              odd: {
                description: "Odd",
                parameters: z.object({}),
                execute: () => 1,
                ...definition,
              } as ToolDefinition,
            }),
          ],
        });
      expect(() => bad({ execution: { taskSupport: "sometimes" } as never })).toThrow(
        /tool 'odd'.*execution\.taskSupport must be "forbidden", "optional" or "required"/,
      );
      expect(() => bad({ execution: "tasks" as never })).toThrow(/tool 'odd'.*execution/);
      expect(() => bad({ title: 42 as never })).toThrow(/tool 'odd'.*title must be a string/);
    });

    it("adds its _meta keys by default, and none with listingMeta: false", async () => {
      const full = await listedTools(options(z));
      expect(byName(full, "ship")._meta).toEqual({
        "toolwright/kind": "tool",
        "toolwright/capability": "shelf",
      });
      const bare = await listedTools(options(z, { server: { listingMeta: false } }));
      for (const tool of bare) expect(tool, tool.name).not.toHaveProperty("_meta");
      expect(bare.map(({ _meta, ...tool }) => tool)).toEqual(
        full.map(({ _meta, ...tool }) => tool),
      );
      const deferred = await listedTools(
        options(z, { server: { listingMeta: false } }, { deferLoading: true }),
      );
      for (const tool of deferred) expect(tool, tool.name).not.toHaveProperty("_meta");
      const set = toolSet([shelfCapability(z)]);
      expect(mcp.list(set, { listingMeta: false }).tools.some((tool) => "_meta" in tool)).toBe(
        false,
      );
    });

    it("refuses a listingMeta that is not a boolean, naming the option", () => {
      expect(() => createMcpServer(options(z, { server: { listingMeta: "no" as never } }))).toThrow(
        /listingMeta must be true or false/,
      );
    });
  });
}
