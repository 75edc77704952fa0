/**
 * Issue 13, item 1: the constructs the adapter dialects turn on, variant by variant, on both
 * majors, each next to what the real converter does with it: Zod 3 reuse and cycles as `$ref`
 * to a property path, Zod 3 pipes as `allOf`, `z.coerce.date()`, untyped values, recursion
 * through required properties, the side of a Zod 4 pipe, and OpenAI's helper on
 * `.optional().default()`.
 */

import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { zodFunction } from "openai/helpers/zod";
import { toJsonSchema } from "toolwright";
import { describe, expect, it } from "vitest";
import { convert, jsonOf, lintCodes, MAJORS, propertyOf } from "./helpers.js";

describe.each(MAJORS)("$name", ({ z, major }) => {
  describe("property-path-ref", () => {
    const lint = (schema: unknown) => lintCodes(schema, { dialect: "openai-strict" });

    it("leaves reuse alone: toolwright's projection writes it out in place", () => {
      const address = z.object({ street: z.string(), city: z.string() });
      const schema = z.object({ home: address, work: address, list: z.array(address) });
      expect(lint(schema)).toEqual([]);
      // zod-to-json-schema alone writes the second use as a $ref; toolwright inlines it.
      const json = jsonOf(convert(major, schema, "openai-strict"));
      const work = (json.properties as Record<string, unknown>).work;
      expect(work).toEqual(major === 3 ? { $ref: "#/properties/home" } : expect.anything());
      const projected = toJsonSchema(schema as never, { target: "openapi-3.0" });
      expect(JSON.stringify(projected)).not.toContain("$ref");
    });

    it("follows the converter's shortcuts: a nullable or unioned bare primitive is inlined", () => {
      const text = z.string();
      const schema = z.object({ a: text.nullable(), b: z.union([text, z.number()]), c: text });
      // zod-to-json-schema writes `a` and `b` as type arrays without recording `text`.
      expect(lintCodes(schema, { dialect: "gemini" })).toEqual([]);
    });

    it("flags a Zod 3 cycle below the root, not one back to the root", () => {
      const node: unknown = z.lazy(() => z.object({ children: z.array(node as never) }));
      expect(lint(z.object({ tree: node as never }))).toEqual(
        major === 3 ? ["property-path-ref $.tree.children[]"] : [],
      );
      expect(lint(node)).toEqual([]);
    });
  });

  describe("pipes", () => {
    it("pipe-all-of: every Zod 3 pipe; pipe-type-conflict: only one that admits nothing", () => {
      const schema = z.object({
        email: z.string().trim().pipe(z.string().email()),
        count: z.string().pipe(z.coerce.number()),
      });
      // Parameters, so the input side: Zod 4 shows only the string of each pipe.
      expect(lintCodes(schema, { dialect: "gemini-json-schema", side: "input" })).toEqual(
        major === 3 ? ["pipe-all-of $.email", "pipe-all-of $.count"] : [],
      );
      expect(lintCodes(schema, { dialect: "anthropic", side: "input" })).toEqual(
        major === 3 ? ["pipe-type-conflict $.count"] : [],
      );
    });

    it("walks only the side of a Zod 4 pipe that the projection shows, given a side", () => {
      const schema = z.object({
        width: z
          .string()
          .transform((s) => Number(s))
          .pipe(z.number().positive()),
      });
      const both = lintCodes(schema, { dialect: "gemini-bifrost" });
      expect(both).toEqual(["exclusive-numeric-bound $.width"]);
      expect(lintCodes(schema, { dialect: "gemini-bifrost", side: "output" })).toEqual(both);
      // Zod 3 emits allOf of both sides whatever the side; Zod 4's input side is the string.
      expect(lintCodes(schema, { dialect: "gemini-bifrost", side: "input" })).toEqual(
        major === 3 ? both : [],
      );
      expect(propertyOf(convert(major, schema, "gemini-bifrost"), "width")).toMatchObject(
        major === 3 ? { allOf: expect.any(Array) } : { type: "string" },
      );
    });
  });

  describe("unrepresentable: z.coerce.date()", () => {
    it("is clean in Zod 3, where it is a date-time string it parses", () => {
      const schema = z.object({ at: z.coerce.date() });
      expect(lintCodes(schema, { dialect: "gemini" })).toEqual(
        major === 3 ? [] : ["unrepresentable $.at"],
      );
      const converted = convert(major, schema, "gemini");
      if (major === 4) return expect(converted).toHaveProperty("thrown");
      expect(propertyOf(converted, "at")).toEqual({ type: "string", format: "date-time" });
      expect(schema.safeParse({ at: "2025-07-01T09:00:00Z" }).success).toBe(true);
    });
  });

  describe("untyped", () => {
    it("flags z.any()/z.unknown() values, leaving a record's values to open-object", () => {
      const schema = z.object({
        a: z.any(),
        b: z.unknown().optional(),
        r: z.record(z.string(), z.any()),
      });
      expect(lintCodes(schema, { dialect: "anthropic-strict" })).toEqual([
        "untyped $.a",
        "untyped $.b",
        "open-object $.r",
      ]);
    });

    it("lets anthropic-strict carry a Zod 3 array of any, projected without items", () => {
      const schema = z.object({ blocks: z.array(z.any()) });
      const json = jsonOf(convert(major, schema, "anthropic-strict"));
      const blocks = (json.properties as Record<string, Record<string, unknown>>).blocks;
      expect(blocks).toEqual(major === 3 ? { type: "array" } : { type: "array", items: {} });
      const refused = () => transformJSONSchema(json as never);
      if (major === 3) expect(refused).not.toThrow();
      else expect(refused).toThrow(/must have a type defined/);
      expect(lintCodes(schema, { dialect: "anthropic-strict" })).toEqual(
        major === 3 ? [] : ["untyped $.blocks[]"],
      );
      expect(lintCodes(schema, { dialect: "openai-strict" })).toEqual(["untyped $.blocks[]"]);
    });
  });

  describe("required-cycle", () => {
    it("flags recursion through required properties only; an optional step breaks it", () => {
      const required: unknown = z.lazy(() =>
        z.object({ name: z.string(), children: z.array(required as never) }),
      );
      const optional: unknown = z.lazy(() =>
        z.object({ name: z.string(), children: z.array(optional as never).optional() }),
      );
      const nullable: unknown = z.lazy(() =>
        z.object({ name: z.string(), children: z.array(nullable as never).nullable() }),
      );
      const lint = (node: unknown) =>
        lintCodes(z.object({ tree: node as never }), { dialect: "gemini-json-schema" });
      expect(lint(required)).toEqual(["required-cycle $.tree.children[]"]);
      expect(lint(optional)).toEqual([]);
      // Google: "nullable properties are not sufficient".
      expect(lint(nullable)).toEqual(["required-cycle $.tree.children[]"]);
    });
  });

  describe("optional-without-nullable follows OpenAI's helper", () => {
    it("accepts .optional().default(x), refuses .default(x).optional(), as zodFunction does", () => {
      const accepted = z.object({ a: z.string().optional().default("x") });
      const refused = z.object({ b: z.string().default("x").optional() });
      expect(lintCodes(accepted, { dialect: "openai" })).toEqual([]);
      expect(lintCodes(refused, { dialect: "openai" })).toEqual(["optional-without-nullable $.b"]);
      const helper = (schema: unknown) => () =>
        zodFunction({ name: "t", parameters: schema as never });
      expect(helper(accepted)).not.toThrow();
      expect(helper(refused)).toThrow(/uses `\.optional\(\)` without `\.nullable\(\)`/);
    });

    it("accepts an optional z.any(), which admits null", () => {
      expect(lintCodes(z.object({ v: z.any().optional() }), { dialect: "openai" })).toEqual([]);
    });
  });

  describe("unenforced-keyword", () => {
    it("warns once per node, naming every unenforced keyword it carries", () => {
      const schema = z.object({
        code: z
          .string()
          .min(2)
          .regex(/^[a-z]+$/),
        kind: z.literal("order"),
        size: z.number().positive().multipleOf(5),
        mode: z.enum(["a", "b"]).default("a"),
      });
      const findings = lintCodes(schema, { dialect: "gemini-json-schema" });
      expect(findings).toEqual([
        "unenforced-keyword $.code",
        "unenforced-keyword $.kind",
        "unenforced-keyword $.size",
        "unenforced-keyword $.mode",
      ]);
    });

    it("does not warn for a Zod 3 union of literals, merged into one enum", () => {
      const schema = z.object({ order: z.union([z.literal(1), z.literal(-1)]) });
      // What toGeminiFunctionDeclarations sends: the 2020-12 projection.
      const json = toJsonSchema(schema as never, { target: "draft-2020-12" });
      const expected =
        major === 3 ? [] : ["unenforced-keyword $.order|0", "unenforced-keyword $.order|1"];
      expect(lintCodes(schema, { dialect: "gemini-json-schema" })).toEqual(expected);
      expect(JSON.stringify(json).includes('"const"')).toBe(major === 4);
    });
  });
});
