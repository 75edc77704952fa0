/**
 * Issue 10, item 2: `zod/v3` bounds and tuples under 2020-12 (zod-to-json-schema emits the
 * draft-04 boolean form and array-form `items`), and projection prints nothing.
 */
import { toJsonSchema } from "toolwright";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { z as z325 } from "zod-3-25/v4";

const properties = (schema: object, target: "draft-2020-12" | "openapi-3.0" = "draft-2020-12") =>
  toJsonSchema(schema as never, { target }).properties as Record<string, unknown>;

describe("zod/v3 under draft-2020-12", () => {
  it("projects .positive(), .gt() and .lt() to numeric exclusive bounds", () => {
    const schema = z3.object({
      positive: z3.number().positive(),
      above: z3.number().gt(2),
      below: z3.number().lt(10),
    });
    expect(properties(schema)).toStrictEqual({
      positive: { type: "number", exclusiveMinimum: 0 },
      above: { type: "number", exclusiveMinimum: 2 },
      below: { type: "number", exclusiveMaximum: 10 },
    });
  });

  it("projects a tuple to prefixItems, closed by maxItems (never items: false) or opened by its rest", () => {
    const schema = z3.object({
      pair: z3.tuple([z3.string(), z3.number()]),
      head: z3.tuple([z3.string()]).rest(z3.boolean()),
    });
    expect(properties(schema)).toStrictEqual({
      pair: {
        type: "array",
        minItems: 2,
        maxItems: 2,
        prefixItems: [{ type: "string" }, { type: "number" }],
      },
      head: {
        type: "array",
        minItems: 1,
        prefixItems: [{ type: "string" }],
        items: { type: "boolean" },
      },
    });
  });

  it("closes a Zod 4 tuple by maxItems too, which a draft-07 validator reads alike", async () => {
    const { z: z4 } = await import("zod");
    const pair = toJsonSchema(z4.object({ pair: z4.tuple([z4.string(), z4.number()]) }), {
      target: "draft-2020-12",
      side: "output",
    }) as { properties: { pair: Record<string, unknown> } };
    expect(pair.properties.pair).not.toHaveProperty("items");
    expect(pair.properties.pair).toMatchObject({ maxItems: 2, prefixItems: [{}, {}] });
  });

  it("keeps a recursive $ref pointing at its node after items move", () => {
    const node: z3.ZodType = z3.lazy(() => z3.tuple([z3.string(), z3.array(node)]));
    const projected = JSON.stringify(
      toJsonSchema(z3.object({ tree: node }), { target: "draft-2020-12" }),
    );
    expect(projected).toContain('"$ref":"#/properties/tree"');
    expect(projected).not.toContain('"items":[');
  });

  it("projects to OpenAPI 3.0 with boolean bounds and one items schema", () => {
    const schema = z3.object({
      positive: z3.number().positive(),
      pair: z3.tuple([z3.string(), z3.number()]),
    });
    expect(properties(schema, "openapi-3.0")).toStrictEqual({
      positive: { type: "number", exclusiveMinimum: true, minimum: 0 },
      pair: {
        type: "array",
        minItems: 2,
        maxItems: 2,
        items: { anyOf: [{ type: "string" }, { type: "number" }] },
      },
    });
  });
});

describe("projection prints nothing", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ["zod", z],
    ["zod/v3", z3],
    ["zod-3-25/v4", z325],
  ] as const)("with %s, every target and side", (_name, zz) => {
    const spies = [
      vi.spyOn(console, "warn"),
      vi.spyOn(console, "log"),
      vi.spyOn(console, "error"),
      vi.spyOn(console, "info"),
      vi.spyOn(process.stdout, "write"),
      vi.spyOn(process.stderr, "write"),
    ];
    const y = zz as unknown as typeof z;
    const tree: unknown = y.lazy(() => y.object({ children: y.array(tree as never) }));
    const schema = y.object({
      tree: tree as never,
      tags: y.record(y.string(), y.string()),
      word: y.string().regex(/a/i),
      pair: y.tuple([y.string(), y.number()]),
      when: y.date(),
    });
    for (const target of ["draft-2020-12", "draft-07", "openapi-3.0"] as const)
      for (const side of ["input", "output"] as const)
        toJsonSchema(schema as never, { target, side, unrepresentable: "any" });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
