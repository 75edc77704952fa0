/**
 * With zod 3.25 installed, `zod/v4/core` is that build's core: its `toJSONSchema` knows only
 * `draft-7` and `draft-2020-12` and prints "Invalid target" for anything else. Here that core
 * stands in for the installed one.
 */
import { toJsonSchema } from "toolwright";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod-3-25/v4";

vi.mock("zod/v4/core", async () => await import("zod-3-25/v4/core"));

describe("with zod 3.25's core installed", () => {
  afterEach(() => vi.restoreAllMocks());

  it("emits every target without printing, openapi-3.0 as OpenAPI 3.0", () => {
    const warn = vi.spyOn(console, "warn");
    const schema = z.object({
      count: z.number().positive().describe("How many"),
      note: z.string().nullable(),
      kind: z.literal("a"),
      pair: z.tuple([z.string(), z.number()]),
    });
    const draft07 = toJsonSchema(schema, { target: "draft-07" });
    expect((draft07.properties as Record<string, unknown>).count).toStrictEqual({
      type: "number",
      exclusiveMinimum: 0,
      description: "How many",
    });
    expect(toJsonSchema(schema, { target: "draft-2020-12" }).properties).toHaveProperty(
      "pair.prefixItems",
    );
    expect(toJsonSchema(schema, { target: "openapi-3.0" }).properties).toStrictEqual({
      count: { type: "number", minimum: 0, exclusiveMinimum: true, description: "How many" },
      note: { type: "string", nullable: true },
      kind: { type: "string", enum: ["a"] },
      pair: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
