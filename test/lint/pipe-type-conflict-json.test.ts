/**
 * `pipe-type-conflict` on JSON Schema input: the `allOf` zod-to-json-schema writes for a Zod 3
 * pipe between types, read from the document (a listing or a projection), admits no value; the
 * evidence's JSON Schema table found the lint silent there (resize_image@3) under the dialects
 * that carry `allOf` as it is.
 */
import { lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { z } from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";

const codes = (schema: unknown, dialect: "mcp" | "anthropic" | "openai-non-strict") =>
  lintModelFacingSchema(schema, { dialect }).map((f) => `${f.code} ${f.path}`);

describe("pipe-type-conflict on JSON Schema", () => {
  const width = z
    .string()
    .transform((value) => Number(value))
    .pipe(z.number().int().positive());
  const projected = zodToJsonSchema(z.object({ width }), { target: "jsonSchema7" });

  it.each(["mcp", "anthropic", "openai-non-strict"] as const)(
    "flags the projection of a Zod 3 pipe between types under %s, as it flags the pipe",
    (dialect) => {
      expect(codes(z.object({ width }), dialect)).toEqual(["pipe-type-conflict $.width"]);
      expect(codes(projected, dialect)).toEqual(["pipe-type-conflict $.width"]);
    },
  );

  it("flags any allOf two of whose members share no JSON type, at the allOf", () => {
    const schema = {
      type: "object",
      properties: {
        id: {
          allOf: [{ type: "string" }, { description: "an id" }, { type: ["integer", "null"] }],
        },
      },
    };
    expect(codes(schema, "mcp")).toEqual(["pipe-type-conflict $.id"]);
  });

  it("leaves an allOf whose members share a type, or say nothing of it, clean", () => {
    const schema = {
      type: "object",
      properties: {
        email: { allOf: [{ type: "string" }, { type: "string", format: "email" }] },
        both: { allOf: [{ type: "object", properties: { a: { type: "string" } } }, {}] },
        n: { allOf: [{ type: ["string", "number"] }, { type: "integer" }] },
      },
    };
    expect(codes(schema, "mcp")).toEqual([]);
  });
});
