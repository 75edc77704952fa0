import { zodFunction } from "openai/helpers/zod";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { chatCompletions, responses, StrictSchemaError, toOpenAIStrict } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { openAIOutcome } from "./openai-outcome";

const Shape = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("circle"), r: z.number() }),
  z.object({ kind: z.literal("square"), side: z.number() }),
]);
const Draw = z.object({ shape: Shape, more: z.array(Shape).optional() });

function setOf(parameters: z.ZodObject) {
  const seen: unknown[] = [];
  const draw = defineTool({
    description: "Draw",
    parameters,
    execute: (args) => {
      seen.push(args);
      return "ok";
    },
  });
  const set = toolSet([
    capability({ name: "d", description: "D", toolbox: toolbox("d", "D", { draw }) }),
  ]);
  return { set, seen };
}

const REWRITTEN = "oneOf sent as anyOf (its options are mutually exclusive: the same values)";

describe("OpenAI strict: oneOf lowered to anyOf (zod)", () => {
  it("sends a discriminated union as anyOf, as OpenAI's own helper does, and ledgers it", () => {
    const { tools, ledger } = chatCompletions.list(setOf(Draw).set, { strict: true });
    const sent = tools[0]?.function.parameters as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(sent)).not.toContain("oneOf");
    // The oracle: openai's zodFunction rewrites the same union to the same anyOf.
    const helper = zodFunction({ name: "draw", parameters: z.object({ shape: Shape }) }).function
      .parameters as Record<string, Record<string, unknown>>;
    expect(sent.properties?.shape).toEqual(helper.properties?.shape);
    expect(ledger.filter((change) => change.kind === "rewritten")).toEqual([
      {
        tool: "draw",
        target: "openai-strict",
        path: "$.shape",
        kind: "rewritten",
        message: REWRITTEN,
      },
      {
        tool: "draw",
        target: "openai-strict",
        path: "$.more[]",
        kind: "rewritten",
        message: REWRITTEN,
      },
    ]);
    expect(responses.list(setOf(Draw).set, { strict: true }).ledger).toEqual(ledger);
  });

  it("decodes a call against the rewritten union", async () => {
    const { set, seen } = setOf(Draw);
    const args = '{"shape":{"kind":"square","side":2},"more":null}';
    expect(await openAIOutcome(set, "draw", args, { strict: true })).toEqual({
      ok: true,
      value: "ok",
    });
    expect(seen).toEqual([{ shape: { kind: "square", side: 2 } }]);
  });

  it("z.xor of disjoint types is rewritten; of overlapping options it is still refused", () => {
    const disjoint = z.object({ id: z.xor([z.string(), z.number()]) });
    const { ledger } = chatCompletions.list(setOf(disjoint).set, { strict: true });
    expect(ledger).toEqual([
      {
        tool: "draw",
        target: "openai-strict",
        path: "$.id",
        kind: "rewritten",
        message: REWRITTEN,
      },
    ]);
    const overlapping = z.object({
      who: z.xor([z.object({ name: z.string() }), z.object({ nick: z.string() })]),
    });
    expect(() => chatCompletions.list(setOf(overlapping).set, { strict: true })).toThrow(
      /\$\.who: 'oneOf' is not permitted/,
    );
    expect(chatCompletions.list(setOf(overlapping).set, { strict: "auto" }).ledger).toEqual([
      expect.objectContaining({ kind: "non-strict", path: "$" }),
    ]);
  });

  it("toOpenAIStrict proves exclusivity by literal values and by disjoint types", () => {
    const strict = toOpenAIStrict("t", {
      type: "object",
      properties: {
        a: { oneOf: [{ const: "x" }, { enum: ["y", "z"] }] },
        b: { oneOf: [{ type: "string" }, { type: ["number", "boolean"] }] },
      },
      required: ["a", "b"],
    });
    expect(strict).toBeDefined();
  });
});

describe("toOpenAIStrict refuses a oneOf it cannot prove exclusive", () => {
  it("integer and number overlap", () => {
    expect(() =>
      toOpenAIStrict("t", {
        type: "object",
        properties: { c: { oneOf: [{ type: "integer" }, { type: "number" }] } },
      }),
    ).toThrow(StrictSchemaError);
  });
});
