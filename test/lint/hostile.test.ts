/**
 * Bad and hostile input: never a throw, hang or stack overflow, nothing false reported; a
 * non-schema is the one programming error, a TypeError naming what was passed.
 */

import { LINT_DIALECT_NAMES, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { type AnyZ, lintCodes, MAJORS, snapshot } from "./helpers.js";

const DEPTH = 10_000;

describe("non-Zod input", () => {
  it.each([
    [null, "null"],
    [undefined, "undefined"],
    ["a string", 'a string ("a string")'],
    [function handler() {}, "a function (handler)"],
    [42, "a number (42)"],
    [[1, 2], "an array of length 2"],
    [{ parameters: 1 }, "an object with keys [parameters]"],
  ])("throws a TypeError naming %o", (value, named) => {
    expect(() => lintModelFacingSchema(value)).toThrow(TypeError);
    expect(() => lintModelFacingSchema(value)).toThrow(named);
  });

  it("reads {} as a raw shape with no fields: an empty parameters object", () => {
    expect(lintCodes({}, { dialect: "gemini" })).toEqual(["empty-object $"]);
    expect(lintCodes({})).toEqual([]);
  });

  it("rejects an unknown dialect and bad options with a TypeError", () => {
    const { z } = MAJORS[0] as { z: AnyZ };
    expect(() => lintModelFacingSchema(z.string(), { dialect: "nope" as never })).toThrow(
      /^lintModelFacingSchema: unknown dialect a string \("nope"\); use one of: gemini-bifrost, /,
    );
    expect(() => lintModelFacingSchema(z.string(), null as never)).toThrow(TypeError);
    expect(() => lintModelFacingSchema(z.string(), { requireDescribe: "yes" as never })).toThrow(
      TypeError,
    );
    expect(() => lintModelFacingSchema(z.string(), { side: "both" as never })).toThrow(
      /^lintModelFacingSchema: expected side to be "input" or "output", received a string \("both"\)$/,
    );
  });
});

describe.each(MAJORS)("$name", ({ z, major }) => {
  it("skips a property whose getter throws, and reports the rest", () => {
    const shape = { ok: z.number().positive() } as Record<string, unknown>;
    Object.defineProperty(shape, "bad", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const schema = z.object(shape as never);
    expect(lintCodes(schema)).toEqual(["exclusive-numeric-bound $.ok"]);
  });

  it("skips a lazy whose getter throws", () => {
    const schema = z.object({
      broken: z.lazy(() => {
        throw new Error("boom");
      }),
      fine: z.tuple([z.string()]),
    });
    for (const dialect of LINT_DIALECT_NAMES)
      expect(() => lintModelFacingSchema(schema, { dialect })).not.toThrow();
    expect(lintCodes(schema)).toEqual(["tuple $.fine"]);
  });

  it(`walks ${DEPTH}-deep nesting of objects, arrays and wrappers without overflowing`, () => {
    let objects: unknown = z.number().positive();
    let arrays: unknown = z.number().positive();
    let wrappers: unknown = z.number().positive();
    for (let i = 0; i < DEPTH; i++) {
      objects = z.object({ a: objects as never });
      arrays = z.array(arrays as never);
      wrappers = (wrappers as ZodType).optional();
    }
    expect(lintCodes(objects)).toEqual([`exclusive-numeric-bound $${".a".repeat(DEPTH)}`]);
    expect(lintCodes(arrays)).toEqual([`exclusive-numeric-bound $${"[]".repeat(DEPTH)}`]);
    expect(lintCodes(z.object({ w: wrappers as never }))).toEqual(["exclusive-numeric-bound $.w"]);
    for (const dialect of LINT_DIALECT_NAMES) {
      expect(() =>
        lintModelFacingSchema(objects, { dialect, requireDescribe: true }),
      ).not.toThrow();
    }
  });

  it(`walks a ${DEPTH}-member union`, () => {
    const members = Array.from({ length: DEPTH }, (_, i) =>
      i % 2 ? z.literal(`v${i}`) : z.number().lt(i),
    );
    const schema = z.object({ u: z.union(members as never) });
    const findings = lintModelFacingSchema(schema);
    expect(findings).toHaveLength(DEPTH / 2);
    expect(findings[1]?.path).toBe("$.u|2");
    expect(() => lintModelFacingSchema(schema, { dialect: "anthropic-strict" })).not.toThrow();
  });

  it("reports mutual recursion once per back-reference", () => {
    const a: unknown = z.lazy(() => z.object({ b: (b as never as ZodType).optional() }));
    const b: unknown = z.lazy(() => z.object({ a: a as never }));
    expect(lintCodes(z.object({ root: a as never }))).toEqual(["recursive-lazy $.root.b.a"]);
  });

  it("reports a schema reused at many paths at each path, not as a cycle", () => {
    const shared = z.number().positive();
    const schema = z.object({
      a: shared,
      b: shared,
      list: z.array(shared),
      nested: z.object({ c: shared }),
    });
    expect(lintCodes(schema)).toEqual([
      "exclusive-numeric-bound $.a",
      "exclusive-numeric-bound $.b",
      "exclusive-numeric-bound $.list[]",
      "exclusive-numeric-bound $.nested.c",
    ]);
  });

  it("does not mutate hostile schemas either", () => {
    const node: unknown = z.lazy(() => z.object({ kids: z.array(node as never) }));
    const schema = z.object({ tree: node as never, u: z.union([z.string(), z.number().gt(1)]) });
    const before = snapshot(schema);
    for (const dialect of LINT_DIALECT_NAMES)
      lintModelFacingSchema(schema, { dialect, requireDescribe: true });
    expect(snapshot(schema)).toBe(before);
    expect(major).toBeGreaterThan(2);
  });
});
