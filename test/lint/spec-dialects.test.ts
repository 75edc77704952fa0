/**
 * The spec's two dialects and `missing-description`, exactly as specified, on both majors:
 * wrappers and unions, both bound directions, real cycles vs non-recursive lazies, the openai
 * optional/nullable matrix, and the opt-in description warning.
 */

import { LINT_DIALECTS, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { convert, lintCodes, MAJORS, propertyOf, snapshot } from "./helpers.js";

describe("the dialect table", () => {
  it("keeps the spec's rows exactly", () => {
    expect(LINT_DIALECTS["gemini-bifrost"]).toEqual([
      "exclusive-numeric-bound",
      "recursive-lazy",
      "tuple",
    ]);
    expect(LINT_DIALECTS.openai).toEqual(["optional-without-nullable"]);
  });

  it("defaults to gemini-bifrost and requireDescribe: false", () => {
    const { z } = MAJORS[0] ?? { z: undefined };
    const findings = lintModelFacingSchema(z?.object({ n: z.number().positive(), s: z.string() }));
    expect(findings.map((f) => [f.code, f.dialect])).toEqual([
      ["exclusive-numeric-bound", "gemini-bifrost"],
    ]);
  });
});

describe.each(MAJORS)("$name", ({ z, major }) => {
  describe("gemini-bifrost: exclusive-numeric-bound", () => {
    it.each([
      ["positive", () => z.number().positive()],
      ["gt", () => z.number().gt(3)],
      ["negative", () => z.number().negative()],
      ["lt", () => z.number().lt(3)],
    ])("flags .%s()", (_, build) => {
      expect(lintCodes(z.object({ n: build() }))).toEqual(["exclusive-numeric-bound $.n"]);
    });

    it("leaves inclusive bounds alone", () => {
      expect(lintCodes(z.object({ n: z.number().min(0).max(9).nonnegative().int() }))).toEqual([]);
    });

    it("finds bounds through every wrapper and through unions", () => {
      const n = () => z.number().gt(0);
      const schema = z.object({
        optional: n().optional(),
        nullable: n().nullable(),
        defaulted: n().default(1),
        caught: n().catch(1),
        readonly: n().readonly(),
        refined: n().refine(() => true),
        transformed: n().transform(String),
        piped: z.number().pipe(n()),
        branded: n().brand<"B">(),
        union: z.union([z.string(), n()]),
      });
      expect(lintCodes(schema)).toEqual([
        "exclusive-numeric-bound $.optional",
        "exclusive-numeric-bound $.nullable",
        "exclusive-numeric-bound $.defaulted",
        "exclusive-numeric-bound $.caught",
        "exclusive-numeric-bound $.readonly",
        "exclusive-numeric-bound $.refined",
        "exclusive-numeric-bound $.transformed",
        "exclusive-numeric-bound $.piped",
        "exclusive-numeric-bound $.branded",
        "exclusive-numeric-bound $.union|1",
      ]);
    });

    it("follows each converter when an inclusive bound is tighter than the exclusive one", () => {
      const schema = z.object({ n: z.number().gt(0).min(5) });
      const n = propertyOf(convert(major, schema, "gemini-bifrost"), "n");
      // Zod 4 emits only the tighter `minimum: 5`; zod-to-json-schema keeps `exclusiveMinimum: true`.
      expect(n.exclusiveMinimum).toBe(major === 3 ? true : undefined);
      expect(lintCodes(schema)).toEqual(major === 3 ? ["exclusive-numeric-bound $.n"] : []);
    });

    it("reports one finding per path even with both directions", () => {
      const findings = lintModelFacingSchema(z.object({ n: z.number().gt(0).lt(9) }));
      expect(findings).toHaveLength(1);
      expect(findings[0]?.message).toContain("Use .min() instead of .positive()");
    });
  });

  describe("gemini-bifrost: recursive-lazy", () => {
    it("leaves a non-recursive z.lazy clean", () => {
      expect(lintCodes(z.object({ later: z.lazy(() => z.object({ x: z.string() })) }))).toEqual([]);
    });

    it("flags the back-reference of a real cycle, naming the ancestor", () => {
      const node: unknown = z.lazy(() =>
        z.object({ name: z.string(), children: z.array(node as never) }),
      );
      const findings = lintModelFacingSchema(node);
      expect(findings.map((f) => `${f.code} ${f.path}`)).toEqual(["recursive-lazy $.children[]"]);
      expect(findings[0]?.message).toContain("ancestor at $");
    });

    it.runIf(major === 4)("treats a getter-defined recursive object as a cycle", () => {
      const category = z.object({
        name: z.string(),
        get subcategories() {
          return z.array(category);
        },
      });
      expect(lintCodes(category)).toEqual(["recursive-lazy $.subcategories[]"]);
    });
  });

  describe("gemini-bifrost: tuple", () => {
    it("flags tuples, with positional paths for what is inside", () => {
      const schema = z.object({ pair: z.tuple([z.string(), z.number().positive()]) });
      expect(lintCodes(schema)).toEqual(["tuple $.pair", "exclusive-numeric-bound $.pair[1]"]);
    });

    it("names a rest element [n:]", () => {
      const schema = z.tuple([z.string()]).rest(z.number().lt(0));
      expect(lintCodes(schema)).toEqual(["tuple $", "exclusive-numeric-bound $[1:]"]);
    });
  });

  describe("openai: optional-without-nullable", () => {
    const lint = (schema: unknown) => lintCodes(schema, { dialect: "openai" });

    it("flags a bare .optional() property", () => {
      expect(lint(z.object({ a: z.string().optional() }))).toEqual([
        "optional-without-nullable $.a",
      ]);
    });

    it("accepts .nullable().optional() in either order, .nullish(), and a required nullable", () => {
      const schema = z.object({
        a: z.string().nullable().optional(),
        b: z.string().optional().nullable(),
        c: z.string().nullish(),
        d: z.string().nullable(),
        e: z.union([z.string(), z.null()]).optional(),
      });
      expect(lint(schema)).toEqual([]);
    });

    it("never flags the root, and finds nested properties", () => {
      expect(lint(z.object({ a: z.string() }).optional())).toEqual([]);
      expect(
        lint(z.object({ outer: z.array(z.object({ inner: z.number().optional() })) })),
      ).toEqual(["optional-without-nullable $.outer[].inner"]);
    });

    it("runs only its own rule", () => {
      expect(lint(z.object({ n: z.number().positive(), t: z.tuple([z.string()]) }))).toEqual([]);
    });
  });

  describe("missing-description", () => {
    it("runs only with requireDescribe: true, as a warning", () => {
      const schema = z.object({ a: z.string() });
      expect(lintModelFacingSchema(schema)).toEqual([]);
      const findings = lintModelFacingSchema(schema, { requireDescribe: true });
      expect(findings).toMatchObject([
        { code: "missing-description", severity: "warning", path: "$.a" },
      ]);
    });

    it("accepts .describe() on any wrapper layer", () => {
      const schema = z.object({
        inner: z.string().describe("x").optional(),
        outer: z.string().optional().describe("x"),
        middle: z.string().nullable().describe("x").optional(),
      });
      expect(lintCodes(schema, { requireDescribe: true })).toEqual([]);
    });

    it("is dialect-independent and checks nested properties, not the root", () => {
      const schema = z.object({ list: z.array(z.object({ name: z.string() })).describe("items") });
      for (const dialect of Object.keys(LINT_DIALECTS) as (keyof typeof LINT_DIALECTS)[]) {
        const codes = lintCodes(schema, { dialect, requireDescribe: true });
        expect(codes.filter((c) => c.startsWith("missing-description"))).toEqual([
          "missing-description $.list[].name",
        ]);
      }
    });
  });

  describe("derived objects", () => {
    it("reads the shape of extend/merge/pick/omit/partial/required/strict/passthrough without mutating", () => {
      const base = z.object({ a: z.number().positive() });
      const tupled = { b: z.tuple([z.string()]) };
      const derived: Array<[unknown, string[]]> = [
        [base.extend(tupled), ["exclusive-numeric-bound $.a", "tuple $.b"]],
        [base.merge(z.object(tupled)), ["exclusive-numeric-bound $.a", "tuple $.b"]],
        [base.extend({ c: z.string() }).pick({ a: true }), ["exclusive-numeric-bound $.a"]],
        [base.extend({ c: z.string() }).omit({ c: true }), ["exclusive-numeric-bound $.a"]],
        [base.partial().required(), ["exclusive-numeric-bound $.a"]],
        [base.strict(), ["exclusive-numeric-bound $.a"]],
        [base.passthrough(), ["exclusive-numeric-bound $.a"]],
      ];
      for (const [schema, expected] of derived) {
        const before = snapshot(schema);
        expect(lintCodes(schema)).toEqual(expected);
        expect(snapshot(schema)).toBe(before);
      }
    });
  });

  describe("paths", () => {
    it("uses the documented segment forms", () => {
      const bad = () => z.number().positive();
      const schema = z.object({
        plain: bad(),
        "odd key": bad(),
        list: z.array(bad()),
        map: z.record(z.string(), bad()),
        either: z.union([z.string(), bad()]),
        both: z.intersection(z.object({ a: bad() }), z.object({ b: z.string() })),
      });
      expect(lintCodes(schema)).toEqual([
        "exclusive-numeric-bound $.plain",
        'exclusive-numeric-bound $["odd key"]',
        "exclusive-numeric-bound $.list[]",
        "exclusive-numeric-bound $.map.*",
        "exclusive-numeric-bound $.either|1",
        "exclusive-numeric-bound $.both&0.a",
      ]);
    });
  });
});
