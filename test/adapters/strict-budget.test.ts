/**
 * `strict: "auto"` keeps to the provider's per-request budgets: tools that can be strict
 * are sent strict, in the set's order, while the request stays within every budget; the
 * rest go non-strict and the ledger names the budget. Both Zod majors.
 */

import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { anthropic } from "toolwright/anthropic";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { type Z, zods } from "../set/fixtures";

/** `count` strict-capable tools `t0`, `t1`, …, each with parameters from `shape`. */
function setOf(z: Z, count: number, shape: (i: number) => Record<string, unknown>) {
  const tools = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `t${i}`,
      defineTool({
        description: `Tool ${i}`,
        parameters: z.object(shape(i) as never),
        execute: () => "ok",
      }),
    ]),
  );
  return toolSet([
    capability({ name: "many", description: "Many", toolbox: toolbox("many", "Many", tools) }),
  ]);
}

describe.each(zods)("strict: 'auto' within the per-request budgets (%s)", (_label, z) => {
  it("Anthropic: the first 20 tools go strict, the 21st and later non-strict, ledgered", () => {
    const set = setOf(z, 23, () => ({ text: z.string() }));
    const { tools, ledger } = anthropic.list(set, { strict: "auto" });
    expect(tools.map((tool) => "strict" in tool && tool.strict === true)).toEqual([
      ...Array(20).fill(true),
      false,
      false,
      false,
    ]);
    const nonStrict = ledger.filter((change) => change.kind === "non-strict");
    expect(nonStrict.map((change) => change.tool)).toEqual(["t20", "t21", "t22"]);
    expect(nonStrict[0]?.message).toBe(
      "sent non-strict: with it the request's strict tools would have 21 strict tools, over the 20 allowed per request (Anthropic structured outputs, strict tool use limits per request)",
    );
  });

  it("Anthropic: a tool past the optional-parameter budget goes non-strict, a later one that fits stays strict", () => {
    // 10 optional parameters each: 10 + 10 fit in 24, a third 10 would not, a 1 still does.
    const optionals = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, k) => [`o${k}`, z.string().optional()]));
    const set = setOf(z, 4, (i) => optionals(i === 3 ? 1 : 10));
    const { tools, ledger } = anthropic.list(set, { strict: "auto" });
    expect(tools.map((tool) => "strict" in tool && tool.strict === true)).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(ledger.find((change) => change.kind === "non-strict")?.message).toContain(
      "would have 30 optional parameters, over the 24 allowed per request",
    );
  });

  it("OpenAI: a tool past the request's 1,000 enum values goes non-strict, in both APIs", () => {
    const values = (i: number) => Array.from({ length: 400 }, (_, k) => `v${i}_${k}`);
    const set = setOf(z, 3, (i) => ({ pick: z.enum(values(i) as [string, ...string[]]) }));
    const chat = chatCompletions.list(set, { strict: "auto" });
    expect(chat.tools.map((tool) => tool.function.strict === true)).toEqual([true, true, false]);
    expect(chat.ledger.filter((change) => change.kind === "non-strict")).toEqual([
      {
        tool: "t2",
        target: "openai",
        path: "$",
        kind: "non-strict",
        message:
          "sent non-strict: with it the request's strict tools would have 1200 enum values, over the 1000 allowed per request (OpenAI Structured Outputs, 'Supported schemas': objects have limitations)",
      },
    ]);
    const res = responses.list(set, { strict: "auto" });
    expect(res.tools.map((tool) => "strict" in tool && tool.strict === true)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("strict: true is left as asked: every tool strict, past the budget or not", () => {
    const set = setOf(z, 21, () => ({ text: z.string() }));
    const { tools, ledger } = anthropic.list(set, { strict: true });
    expect(tools.every((tool) => "strict" in tool && tool.strict === true)).toBe(true);
    expect(ledger.some((change) => change.kind === "non-strict")).toBe(false);
  });
});
