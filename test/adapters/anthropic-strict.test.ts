import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import type { Tool } from "@anthropic-ai/sdk/resources/messages";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { anthropic, StrictSchemaError } from "toolwright/anthropic";
import { describe, expect, it } from "vitest";
import { type Z, zods } from "../set/fixtures";

function setOf(z: Z, withRecord: boolean) {
  const seen: unknown[] = [];
  const search = defineTool({
    description: "Search notes",
    parameters: z.object({
      query: z.string().min(2).describe("What to look for"),
      limit: z.number().int().max(100).optional(),
      tags: z.array(z.string()).max(5),
      when: z.string().datetime().optional(),
      mode: z.enum(["fast", "full"]),
    }),
    execute: (args) => {
      seen.push(args);
      return { hits: 0 };
    },
  });
  const tag = defineTool({
    description: "Tag notes",
    parameters: z.object({ labels: z.record(z.string(), z.string()) }),
    execute: () => "ok",
  });
  const notes = withRecord
    ? toolbox("notes", "Notes", { search, tag })
    : toolbox("notes", "Notes", { search });
  const set = toolSet([capability({ name: "notes", description: "Notes", toolbox: notes })]);
  return { set, seen };
}

// The parts of a lowered schema the test reads.
interface LoweredSchema {
  readonly additionalProperties?: unknown;
  readonly properties: Record<
    string,
    { readonly description?: string; readonly maximum?: number; readonly enum?: unknown[] }
  >;
}

// Every description in a schema, in walk order.
function descriptions(node: unknown): string[] {
  if (typeof node !== "object" || node === null) return [];
  const own = (node as { description?: unknown }).description;
  const children = Object.values(node).flatMap(descriptions);
  return typeof own === "string" ? [own, ...children] : children;
}

describe.each(zods)("Anthropic strict (%s)", (_label, z) => {
  it("sends strict tools whose unenforced constraints sit in the description", () => {
    const { set } = setOf(z, false);
    const tools: Tool[] = anthropic.list(set, { strict: true }).tools;
    expect(tools).toHaveLength(1);
    const [tool] = tools;
    expect(tool?.strict).toBe(true);
    const schema = tool?.input_schema as unknown as LoweredSchema;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.query).toEqual({
      type: "string",
      description: "What to look for\n\n{minLength: 2}",
    });
    expect(schema.properties.limit?.maximum).toBeUndefined();
    expect(schema.properties.limit?.description).toContain("maximum: 100");
    expect(schema.properties.tags?.description).toBe("{maxItems: 5}");
    expect(schema.properties.mode?.enum).toEqual(["fast", "full"]);
    // Anthropic's own strict transform finds nothing left to move out of the grammar.
    expect(descriptions(transformJSONSchema(structuredClone(schema)))).toEqual(
      descriptions(schema),
    );
  });

  it("keeps the constraints enforced at the boundary", async () => {
    const { set, seen } = setOf(z, false);
    const tooLong = { query: "ab", limit: 101, tags: [], mode: "fast" };
    const refused = await anthropic.run(set, { id: "t1", name: "search", input: tooLong });
    expect(refused.is_error).toBe(true);
    const fine = { query: "ab", limit: 100, tags: ["a"], mode: "fast" };
    const answered = await anthropic.run(set, { id: "t2", name: "search", input: fine });
    expect(answered.is_error).toBeUndefined();
    expect(seen).toEqual([fine]);
  });

  it("ledgers each moved constraint with its lint path", () => {
    const { ledger } = anthropic.list(setOf(z, false).set, { strict: true });
    expect(ledger).toContainEqual({
      tool: "search",
      target: "anthropic-strict",
      path: "$.limit",
      kind: "moved",
      message: "maximum 100 moved into the description",
    });
    expect(ledger).toContainEqual(
      expect.objectContaining({
        path: "$.query",
        message: "minLength 2 moved into the description",
      }),
    );
    expect(ledger).toContainEqual(
      expect.objectContaining({ path: "$.tags", message: "maxItems 5 moved into the description" }),
    );
    // Zod 4's `.int()` safe-integer bound is dropped, not written out.
    expect(ledger.map((change) => change.message).join("\n")).not.toContain(
      "9007199254740991 moved",
    );
  });

  it("throws for a tool that cannot be strict, naming it and the construct", () => {
    const { set } = setOf(z, true);
    expect(() => anthropic.list(set, { strict: true })).toThrow(StrictSchemaError);
    expect(() => anthropic.list(set, { strict: true })).toThrow(
      /^tool 'tag' parameters cannot be made Anthropic-strict: \$\.labels \[open-object\]/,
    );
    expect(() => anthropic.list(set, { strict: true })).toThrow(
      /\. Rewrite those parts of the schema, send this tool without strict, or use strict: "auto"$/,
    );
    expect(() => anthropic.list(set, { strict: true })).toThrow(
      expect.objectContaining({ target: "anthropic", tool: "tag", code: "STRICT_SCHEMA" }),
    );
  });

  it("strict: 'auto' sends the rest strict and says which is not", () => {
    const { set } = setOf(z, true);
    const { tools, ledger, dialect } = anthropic.list(set, { strict: "auto" });
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ["search", true],
      ["tag", undefined],
    ]);
    expect(anthropic.list(set, { strict: "auto" }).tools).toEqual(tools);
    const nonStrict = ledger.filter((change) => change.kind === "non-strict");
    expect(nonStrict).toEqual([
      {
        tool: "tag",
        target: "anthropic",
        path: "$",
        kind: "non-strict",
        message: expect.stringMatching(/^sent non-strict: \$\.labels \[open-object\]/),
      },
    ]);
    expect(dialect).toBe("anthropic-strict");
  });

  it("leaves the default non-strict output unchanged, with an empty ledger", () => {
    const { set } = setOf(z, true);
    const { tools, ledger, dialect } = anthropic.list(set);
    expect(tools).toEqual(anthropic.list(set, { strict: false }).tools);
    expect(dialect).toBe("anthropic");
    expect(tools.every((tool) => tool.strict === undefined)).toBe(true);
    expect(ledger).toEqual([]);
  });
});

describe("Anthropic strict: discriminated unions (zod)", () => {
  it("sends Zod 4's oneOf as anyOf and ledgers the rewrite", () => {
    const z = zods[0][1];
    const shape = defineTool({
      description: "Draw a shape",
      parameters: z.object({
        shape: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("circle"), r: z.number() }),
          z.object({ kind: z.literal("square"), side: z.number() }),
        ]),
      }),
      execute: () => "ok",
    });
    const set = toolSet([
      capability({
        name: "draw",
        description: "Draw",
        toolbox: toolbox("draw", "Draw", { shape }),
      }),
    ]);
    const { tools, ledger } = anthropic.list(set, { strict: true });
    const sent = JSON.stringify(tools[0]?.input_schema);
    expect(sent).not.toContain("oneOf");
    expect(sent).toContain("anyOf");
    expect(ledger).toEqual([
      {
        tool: "shape",
        target: "anthropic-strict",
        path: "$.shape",
        kind: "rewritten",
        message: "oneOf sent as anyOf",
      },
    ]);
  });
});
