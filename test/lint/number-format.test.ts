/**
 * A `format` on a number, as OpenAPI-derived listings write it (`{ type: "integer", format:
 * "int32" }`, @notionhq/notion-mcp-server's `page_size`): `string-format` reads it under the
 * two paths that cannot carry it. Anthropic's SDK (`lib/transform-json-schema`) keeps `format`
 * only on a string and moves any other into the description, unenforced; toolwright's OpenAI
 * strict conversion refuses a format outside its list on any node. No Zod converter emits a
 * number format (Zod 4's `z.int32()` is bounds), so a Zod integer stays clean.
 */

import { lintModelFacingSchema } from "toolwright/lint";
import { toOpenAIStrict } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { MAJORS } from "./helpers.js";

const listed = (size: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: { query: { type: "string" }, page_size: size },
  required: ["query"],
  ...extra,
});

const codes = (schema: unknown, dialect: "openai-strict" | "anthropic-strict" | "gemini" | "mcp") =>
  lintModelFacingSchema(schema, { dialect, side: "input" }).map((f) => `${f.code} ${f.path}`);

describe("string-format: a format on a number (JSON Schema input)", () => {
  const int32 = { type: "integer", format: "int32" };

  it("is flagged under openai-strict, whose conversion refuses it", () => {
    expect(codes(listed(int32), "openai-strict")).toEqual(["string-format $.page_size"]);
    expect(() => toOpenAIStrict("search", listed(int32))).toThrow(/format 'int32'/);
  });

  it("is flagged under anthropic-strict, whose SDK moves it into the description", () => {
    expect(codes(listed(int32), "anthropic-strict")).toEqual(["string-format $.page_size"]);
    const double = { type: "number", format: "double", description: "A ratio" };
    const [finding] = lintModelFacingSchema(listed(double), { dialect: "anthropic-strict" });
    expect(finding?.message).toMatch(/format "double".*on a number \(allowed: none\)/);
    expect(finding?.message).toMatch(/minimum and maximum/);
    expect(finding?.message).not.toMatch(/\.min\(|\.describe\(/);
  });

  it("is read in draft-07, 2020-12 and OpenAPI 3.0 documents, nested or nullable", () => {
    const drafts = [
      { $schema: "http://json-schema.org/draft-07/schema#" },
      { $schema: "https://json-schema.org/draft/2020-12/schema" },
      {},
    ];
    for (const draft of drafts) {
      expect(codes(listed(int32, draft), "anthropic-strict")).toEqual([
        "string-format $.page_size",
      ]);
    }
    const nullable = { type: "integer", format: "int64", nullable: true };
    expect(codes(listed(nullable), "openai-strict")).toEqual(["string-format $.page_size"]);
    const nested = { type: "array", items: { type: ["integer", "null"], format: "int32" } };
    expect(codes(listed(nested), "anthropic-strict")).toEqual(["string-format $.page_size[]"]);
  });

  it("is carried where the path accepts it, and a number without format is clean", () => {
    expect(codes(listed(int32), "gemini")).toEqual([]);
    expect(codes(listed(int32), "mcp")).toEqual([]);
    expect(codes(listed({ type: "integer" }), "openai-strict")).toEqual([]);
    expect(codes(listed({ type: "integer", minimum: 1 }), "openai-strict")).toEqual([]);
  });

  it("never fires on a Zod integer of either major, which emits no format", () => {
    for (const { major, z } of MAJORS) {
      const schema = z.object({ query: z.string(), page_size: z.number().int() });
      expect(codes(schema, "openai-strict"), `zod ${major}`).toEqual([]);
      expect(
        codes(schema, "anthropic-strict").filter((c) => c.startsWith("string-format")),
      ).toEqual([]);
    }
  });
});
