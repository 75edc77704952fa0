/** `measureSchema`: a tool's share of each per-request budget, read alike from every input. */
import { describe, expect, it } from "vitest";
import * as z from "zod";
import * as z3 from "zod/v3";
import { measureSchema } from "../../lint/index.js";

const expected = {
  tools: 1,
  properties: 3,
  optionalProperties: 1,
  unionProperties: 1,
  enumValues: 2,
};

describe("measureSchema", () => {
  it("counts properties, optionals, unions and enum values alike in Zod 4, Zod 3 and JSON Schema", () => {
    const v4 = z.object({
      a: z.string().optional(),
      b: z.union([z.string(), z.number()]),
      c: z.enum(["x", "y"]),
    });
    const v3 = z3.object({
      a: z3.string().optional(),
      b: z3.union([z3.string(), z3.number()]),
      c: z3.enum(["x", "y"]),
    });
    const json = {
      type: "object",
      properties: {
        a: { type: "string" },
        b: { anyOf: [{ type: "string" }, { type: "number" }] },
        c: { type: "string", enum: ["x", "y"] },
      },
      required: ["b", "c"],
    };
    for (const schema of [v4, v3, json]) {
      const { characters, ...counts } = measureSchema(schema);
      expect(counts).toEqual(expected);
      expect(characters).toBeGreaterThan(0);
    }
  });
});
