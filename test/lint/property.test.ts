/**
 * Property-based: random schemas of both majors, in every dialect, never throw, are never
 * mutated, and lint to the same findings every time, with one finding per (code, path).
 */
import fc from "fast-check";
import { LINT_DIALECT_NAMES, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { type AnyZ, MAJORS, snapshot } from "./helpers.js";

/** A major-independent description of a schema, built into either major by `build`. */
type Spec =
  | { readonly t: "leaf"; readonly leaf: (typeof LEAVES)[number] }
  | { readonly t: "wrap"; readonly wrap: (typeof WRAPS)[number]; readonly inner: Spec }
  | { readonly t: "object"; readonly props: ReadonlyArray<readonly [string, Spec]> }
  | { readonly t: "array" | "record"; readonly inner: Spec }
  | { readonly t: "tuple" | "union"; readonly items: readonly Spec[] }
  | { readonly t: "intersection"; readonly left: Spec; readonly right: Spec };

const LEAVES = [
  "string",
  "url",
  "short",
  "number",
  "positive",
  "lt",
  "int",
  "step",
  "boolean",
  "enum",
  "literal3",
  "date",
  "bigint",
  "null",
  "any",
] as const;
const WRAPS = [
  "optional",
  "nullable",
  "nullish",
  "default",
  "describe",
  "refine",
  "transform",
  "readonly",
  "lazy",
  "min2",
  "max3",
] as const;

function leaf(z: AnyZ, kind: (typeof LEAVES)[number]): unknown {
  switch (kind) {
    case "string":
      return z.string();
    case "url":
      return z.string().url();
    case "short":
      return z.string().max(5);
    case "number":
      return z.number();
    case "positive":
      return z.number().positive();
    case "lt":
      return z.number().lt(10);
    case "int":
      return z.number().int();
    case "step":
      return z.number().multipleOf(2);
    case "boolean":
      return z.boolean();
    case "enum":
      return z.enum(["a", "b"]);
    case "literal3":
      return z.literal(3);
    case "date":
      return z.date();
    case "bigint":
      return z.bigint();
    case "null":
      return z.null();
    case "any":
      return z.any();
    default:
      return kind satisfies never;
  }
}

function wrap(z: AnyZ, kind: (typeof WRAPS)[number], inner: unknown): unknown {
  const s = inner as ReturnType<AnyZ["any"]>;
  switch (kind) {
    case "optional":
      return s.optional();
    case "nullable":
      return s.nullable();
    case "nullish":
      return s.nullish();
    case "default":
      return s.default(null);
    case "describe":
      return s.describe("d");
    case "refine":
      return s.refine(() => true);
    case "transform":
      return s.transform((v) => v);
    case "readonly":
      return s.readonly();
    case "lazy":
      return z.lazy(() => s);
    case "min2":
      return z.array(s).min(2);
    case "max3":
      return z.array(s).max(3);
    default:
      return kind satisfies never;
  }
}

function build(z: AnyZ, spec: Spec): unknown {
  switch (spec.t) {
    case "leaf":
      return leaf(z, spec.leaf);
    case "wrap":
      return wrap(z, spec.wrap, build(z, spec.inner));
    case "object":
      return z.object(Object.fromEntries(spec.props.map(([k, v]) => [k, build(z, v)])) as never);
    case "array":
      return z.array(build(z, spec.inner) as never);
    case "record":
      return z.record(z.string(), build(z, spec.inner) as never);
    case "tuple":
      return z.tuple(spec.items.map((s) => build(z, s)) as never);
    case "union":
      return z.union(spec.items.map((s) => build(z, s)) as never);
    case "intersection":
      return z.intersection(build(z, spec.left) as never, build(z, spec.right) as never);
    default:
      return spec satisfies never;
  }
}

const specArbitrary = fc.letrec<{ spec: Spec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ t: fc.constant("leaf" as const), leaf: fc.constantFrom(...LEAVES) }),
    fc.record({
      t: fc.constant("wrap" as const),
      wrap: fc.constantFrom(...WRAPS),
      inner: tie("spec"),
    }),
    fc.record({
      t: fc.constant("object" as const),
      props: fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b", "c d", "e", "f"), tie("spec")), {
        maxLength: 4,
        selector: ([key]) => key,
      }),
    }),
    fc.record({ t: fc.constantFrom("array" as const, "record" as const), inner: tie("spec") }),
    fc.record({
      t: fc.constantFrom("tuple" as const, "union" as const),
      items: fc.array(tie("spec"), { minLength: 2, maxLength: 3 }),
    }),
    fc.record({ t: fc.constant("intersection" as const), left: tie("spec"), right: tie("spec") }),
  ),
})).spec;

describe.each(MAJORS)("$name", ({ z }) => {
  it("never throws, never mutates, and is deterministic", () => {
    fc.assert(
      fc.property(
        specArbitrary,
        fc.constantFrom(...LINT_DIALECT_NAMES),
        fc.boolean(),
        (spec, dialect, requireDescribe) => {
          const schema = build(z, spec);
          const before = snapshot(schema);
          const first = lintModelFacingSchema(schema, { dialect, requireDescribe });
          const second = lintModelFacingSchema(schema, { dialect, requireDescribe });
          expect(second).toEqual(first);
          expect(snapshot(schema)).toBe(before);
          const keys = first.map((f) => `${f.code} ${f.path}`);
          expect(new Set(keys).size).toBe(keys.length);
          for (const finding of first) {
            expect(finding.dialect).toBe(dialect);
            expect(finding.path.startsWith("$")).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
