/**
 * The dialects beyond the spec, on both majors: behaviour the one-fixture-per-rule table does not
 * cover (variants of each construct, what stays clean, a clean schema per dialect), with converter
 * evidence where the variant's behaviour differs.
 */

import { LINT_DIALECT_NAMES, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { type AnyZ, convert, jsonOf, lintCodes, MAJORS, propertyOf } from "./helpers.js";

/** A schema every dialect accepts, with descriptions so requireDescribe is clean too. */
const cleanSchema = (z: AnyZ) =>
  z.object({
    city: z.string().describe("City name"),
    days: z.number().describe("Days ahead"),
    units: z.enum(["metric", "imperial"]).describe("Unit system"),
    tags: z.array(z.string()).describe("Labels"),
    when: z.string().datetime().describe("Start time"),
    note: z.string().nullable().describe("Free text, or null"),
  });

describe.each(MAJORS)("$name", ({ z, major }) => {
  it.each(LINT_DIALECT_NAMES)("a clean schema lints clean in %s", (dialect) => {
    const findings = lintModelFacingSchema(cleanSchema(z), { dialect, requireDescribe: true });
    // Zod 4 emits a pattern beside the date-time format, which Gemini accepts unenforced.
    const unenforced =
      dialect === "gemini-json-schema" && major === 4 ? ["unenforced-keyword $.when"] : [];
    expect(findings.map((f) => `${f.code} ${f.path}`)).toEqual(unenforced);
  });

  describe("unrepresentable", () => {
    /** Each construct, and what each converter makes of it: a throw, a drop, or a distortion. */
    const constructs: Array<[string, () => unknown, unknown, "throws" | object]> = [
      ["date", () => z.date(), { type: "string", format: "date-time" }, "throws"],
      ["bigint", () => z.bigint(), { type: "integer", format: "int64" }, "throws"],
      [
        "map",
        () => z.map(z.string(), z.string()),
        expect.objectContaining({ type: "array" }),
        "throws",
      ],
      [
        "set",
        () => z.set(z.string()),
        { type: "array", uniqueItems: true, items: { type: "string" } },
        "throws",
      ],
      ["symbol", () => z.symbol(), "dropped", "throws"],
      ["promise", () => z.promise(z.string()), { type: "string" }, { type: "string" }],
      ["undefined", () => z.undefined(), { not: {} }, "throws"],
      ["void", () => z.void(), "dropped", "throws"],
      ["nan", () => z.nan(), { not: {} }, "throws"],
    ];
    it.each(constructs)(
      "flags z.%s() in every new dialect, never in the spec's",
      (_, build, out3, out4) => {
        const schema = z.object({ field: build() as never });
        for (const dialect of ["openai-strict", "gemini", "anthropic-strict"] as const) {
          expect(lintCodes(schema, { dialect })).toContain("unrepresentable $.field");
        }
        expect(lintCodes(schema)).toEqual([]);
        // Evidence: Zod 4 throws (a promise silently becomes its inner schema); Zod 3 distorts or drops.
        const converted = convert(major, schema, "gemini");
        const expected = major === 3 ? out3 : out4;
        if (expected === "throws") expect(converted).toHaveProperty("thrown");
        else if (expected === "dropped") expect(jsonOf(converted).properties).toEqual({});
        else expect(propertyOf(converted, "field")).toEqual(expected);
      },
    );

    it.runIf(major === 4)("flags z.custom(), z.function() and a bare z.transform()", () => {
      const schema = z.object({
        c: z.custom<string>(),
        f: z.function() as never,
        t: z.transform(String),
      });
      expect(lintCodes(schema, { dialect: "gemini" })).toEqual([
        "unrepresentable $.c",
        "unrepresentable $.f",
        "unrepresentable $.t",
      ]);
      expect(convert(4, z.object({ t: z.transform(String) }), "gemini")).toEqual({
        thrown: "Transforms cannot be represented in JSON Schema",
      });
    });

    it("accepts a transform or preprocess with an input-side schema", () => {
      const schema = z.object({
        t: z.string().transform((s) => s.length),
        p: z.preprocess((v) => v, z.string()),
      });
      expect(lintCodes(schema, { dialect: "gemini" })).toEqual([]);
      expect(propertyOf(convert(major, schema, "gemini"), "t")).toMatchObject({ type: "string" });
    });
  });

  describe("openai-strict", () => {
    const lint = (schema: unknown) => lintCodes(schema, { dialect: "openai-strict" });

    it("flags passthrough and catchall objects as open", () => {
      const schema = z.object({
        loose: z.object({ a: z.string() }).passthrough(),
        extra: z.object({ a: z.string() }).catchall(z.number()),
        strict: z.object({ a: z.string() }).strict(),
      });
      expect(lint(schema)).toEqual(["open-object $.loose", "open-object $.extra"]);
    });

    it("treats object∩object as Zod 4 folds it: clean in Zod 4, allOf in Zod 3", () => {
      const schema = z.object({
        both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })),
      });
      const both = propertyOf(convert(major, schema, "openai-strict"), "both");
      if (major === 4) {
        expect(both).not.toHaveProperty("allOf");
        expect(lint(schema)).toEqual([]);
      } else {
        expect(both).toHaveProperty("allOf");
        expect(lint(schema)).toEqual(["intersection $.both"]);
      }
    });

    it("flags every non-object root: primitive, array, nullable object", () => {
      expect(lint(z.string())).toEqual(["non-object-root $"]);
      expect(lint(z.array(z.string()))).toEqual(["non-object-root $"]);
      expect(lint(z.object({ a: z.string() }).nullable())).toEqual(["non-object-root $"]);
      expect(lint(z.object({ a: z.string() }).describe("wrapped"))).toEqual([]);
    });

    it("reports nesting once per path, however deep", () => {
      let schema: unknown = z.object({ leaf: z.string() });
      for (let i = 0; i < 30; i++) schema = z.object({ child: schema as never });
      expect(lint(schema)).toEqual([`nesting-depth $${".child".repeat(10)}`]);
    });

    it("accepts the nine allowed formats", () => {
      const schema = z.object({
        a: z.string().email(),
        b: z.string().uuid(),
        c: z.string().datetime(),
        d: z.string().date(),
        e: z.string().duration(),
        f:
          major === 4
            ? z.ipv4()
            : (z.string() as unknown as { ip(o: object): never }).ip({ version: "v4" }),
      });
      expect(lint(schema)).toEqual([]);
    });
  });

  describe("gemini", () => {
    const lint = (schema: unknown) => lintCodes(schema, { dialect: "gemini" });

    it("allows date-time only among string formats", () => {
      const schema = z.object({
        when: z.string().datetime(),
        mail: z.string().email(),
        day: z.string().date(),
      });
      expect(lint(schema)).toEqual(["string-format $.mail", "string-format $.day"]);
      expect(propertyOf(convert(major, schema, "gemini"), "mail")).toMatchObject({
        format: "email",
      });
    });

    it("flags numeric enums and boolean literals, not string enums", () => {
      const numeric =
        major === 4
          ? z.enum({ Low: 1, High: 2 } as never)
          : (z as never as { nativeEnum: (e: object) => unknown }).nativeEnum({ Low: 1, High: 2 });
      const schema = z.object({
        level: numeric as never,
        flag: z.literal(true),
        kind: z.enum(["a", "b"]),
      });
      expect(lint(schema)).toEqual(["non-string-enum $.level", "non-string-enum $.flag"]);
      expect(propertyOf(convert(major, schema, "gemini"), "level")).toEqual({
        type: "number",
        enum: [1, 2],
      });
    });

    it("leaves the spec's gemini-bifrost row alone (no open-object there)", () => {
      expect(lintCodes(z.object({ r: z.record(z.string(), z.string()) }))).toEqual([]);
      expect(lint(z.object({ r: z.record(z.string(), z.string()) }))).toEqual(["open-object $.r"]);
    });
  });

  describe("anthropic-strict", () => {
    const lint = (schema: unknown) => lintCodes(schema, { dialect: "anthropic-strict" });

    it("flags .int() in Zod 4 only, where it emits safe-integer bounds", () => {
      const schema = z.object({ n: z.number().int() });
      const n = propertyOf(convert(major, schema, "anthropic-strict"), "n");
      if (major === 4) {
        expect(n).toMatchObject({
          minimum: Number.MIN_SAFE_INTEGER,
          maximum: Number.MAX_SAFE_INTEGER,
        });
        expect(lint(schema)).toEqual(["numeric-bound $.n"]);
      } else {
        expect(n).toEqual({ type: "integer" });
        expect(lint(schema)).toEqual([]);
      }
    });

    it("allows minItems 0 and 1, and flags tuples (emitted with maxItems)", () => {
      expect(lint(z.object({ a: z.array(z.string()).nonempty() }))).toEqual([]);
      expect(lint(z.object({ t: z.tuple([z.string(), z.string()]) }))).toEqual(["tuple $.t"]);
      expect(
        propertyOf(convert(major, z.object({ t: z.tuple([z.string()]) }), "anthropic-strict"), "t"),
      ).toMatchObject({ maxItems: 1 });
    });

    it("counts nullable fields and nested properties toward the 16 union-typed parameters", () => {
      const fields = Object.fromEntries(
        Array.from({ length: 9 }, (_, i) => [`n${i}`, z.string().nullable()]),
      );
      const nested = Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [`u${i}`, z.union([z.string(), z.number()])]),
      );
      expect(lint(z.object({ ...fields, inner: z.object(nested) }))).toEqual([
        "too-many-union-parameters $",
      ]);
      expect(lint(z.object({ ...fields }))).toEqual([]);
    });
  });
});
