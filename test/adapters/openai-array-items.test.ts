import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { jsonNodes } from "../lint/evidence/json-nodes.js";
import { type Z, zods } from "../set/fixtures";

// Arrays of anything, as users write them: Zod 3 projects `z.array(z.any())` as
// `{ "type": "array" }`, which OpenAI answers 400 "array schema missing items".
function setOf(z: Z) {
  const parameters = z.object({
    any: z.array(z.any()),
    unknown: z.array(z.unknown()).optional(),
    either: z.union([z.string(), z.array(z.any())]),
    nested: z.object({ rows: z.array(z.array(z.any())) }),
  });
  const tool = defineTool({ description: "Store rows", parameters, execute: () => "ok" });
  return toolSet([
    capability({ name: "s", description: "S", toolbox: toolbox("s", "S", { store: tool }) }),
  ]);
}

const arraysWithoutItems = (schema: unknown) =>
  jsonNodes(schema as Record<string, unknown>).filter(
    ({ node }) =>
      (node.type === "array" || (Array.isArray(node.type) && node.type.includes("array"))) &&
      node.items === undefined,
  );

describe.each(zods)("OpenAI arrays without items (%s)", (label, z) => {
  const zod3 = label === "zod/v3";
  const repaired = zod3 ? ["$.any", "$.either|1", "$.nested.rows[]"] : [];

  it("Chat Completions sends every array with items, and ledgers each repair", () => {
    const { tools, ledger } = chatCompletions.list(setOf(z));
    const parameters = tools[0]?.function.parameters;
    expect(arraysWithoutItems(parameters)).toEqual([]);
    expect(parameters).toMatchObject({
      properties: {
        any: { type: "array", items: {} },
        nested: { properties: { rows: { items: { items: {} } } } },
      },
    });
    expect(ledger.map((change) => change.path)).toEqual(repaired);
    for (const change of ledger) {
      expect(change).toEqual({
        tool: "store",
        target: "openai",
        path: change.path,
        kind: "rewritten",
        message:
          "an array without items sent with items: {} (OpenAI refuses an array schema missing items)",
      });
    }
  });

  it("Responses does the same", () => {
    const { tools, ledger } = responses.list(setOf(z));
    expect(arraysWithoutItems(tools[0]?.parameters)).toEqual([]);
    expect(ledger).toEqual(chatCompletions.list(setOf(z)).ledger);
  });

  it("strict refuses the untyped items; 'auto' sends the tool non-strict, repaired", () => {
    expect(() => chatCompletions.list(setOf(z), { strict: true })).toThrow(/\[untyped\]/);
    const { tools, ledger } = chatCompletions.list(setOf(z), { strict: "auto" });
    expect(tools[0]?.function.strict).toBeUndefined();
    expect(arraysWithoutItems(tools[0]?.function.parameters)).toEqual([]);
    expect(ledger.map((change) => change.kind)).toEqual([
      "non-strict",
      ...repaired.map(() => "rewritten"),
    ]);
  });
});
