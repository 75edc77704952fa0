/**
 * One fixture per rule: a schema that triggers it, where, the rewrite its message suggests, and
 * what the real converter does with each. The table is typed `Record<LintRuleCode, …>`, so a rule
 * without a fixture does not compile.
 */

import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import type { LintDialect, LintOptions, LintRuleCode } from "toolwright/lint";
import { expect } from "vitest";
import { type AnyZ, type Converted, jsonOf, propertyOf } from "./helpers.js";

/** How one rule is shown to be needed and its fix to be clean. */
export interface RuleFixture {
  readonly dialect: LintDialect;
  readonly options?: LintOptions;
  /** A schema with the construct, built with either major's `z`. */
  readonly bad: (z: AnyZ) => unknown;
  /** Where the finding is reported. */
  readonly path: string;
  /** The majors that flag `bad`; the others must convert it faithfully and lint clean. */
  readonly flaggedIn?: readonly (3 | 4)[];
  /** Asserts the converter's unfaithful output (or throw) for `bad`. */
  readonly evidence: (converted: Converted, major: 3 | 4, schema: unknown) => void;
  /** The suggested rewrite. */
  readonly good: (z: AnyZ) => unknown;
  /** Asserts the rewrite converts cleanly. */
  readonly goodEvidence: (converted: Converted, major: 3 | 4) => void;
}

const requiredOf = (converted: Converted): unknown[] =>
  (jsonOf(converted).required as unknown[]) ?? [];

/** Object nested `levels` object levels deep (the root counts as one). */
export function nested(z: AnyZ, levels: number): unknown {
  let schema = z.object({ leaf: z.string() });
  for (let level = 1; level < levels; level++) schema = z.object({ child: schema }) as never;
  return schema;
}

function objectDepth(json: unknown): number {
  let depth = 0;
  for (let node = json as Record<string, unknown> | undefined; node?.type === "object"; ) {
    depth++;
    node = (node.properties as Record<string, Record<string, unknown>>).child;
  }
  return depth;
}

const unions = (z: AnyZ, count: number) =>
  z.object(
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`p${i}`, z.union([z.string(), z.number()])]),
    ),
  );

function unionProperties(converted: Converted): number {
  const properties = Object.values(
    jsonOf(converted).properties as Record<string, Record<string, unknown>>,
  );
  return properties.filter((p) => Array.isArray(p.anyOf) || Array.isArray(p.type)).length;
}

function recursiveTree(z: AnyZ): unknown {
  const node: unknown = z.lazy(() => z.object({ children: z.array(node as never) }));
  return z.object({ tree: node as never });
}

/** The same tree with its recursive property optional. */
function optionalTree(z: AnyZ): unknown {
  const node: unknown = z.lazy(() =>
    z.object({ name: z.string(), children: z.array(node as never).optional() }),
  );
  return z.object({ tree: node as never });
}

/** Every `$ref` of a converted schema. */
const refsOf = (converted: Converted): string[] =>
  [...JSON.stringify(jsonOf(converted)).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1] as string);

export const FIXTURES: Readonly<Record<LintRuleCode, RuleFixture>> = {
  "exclusive-numeric-bound": {
    dialect: "gemini-bifrost",
    bad: (z) => z.object({ count: z.number().positive() }),
    path: "$.count",
    evidence: (c) =>
      expect(propertyOf(c, "count")).toMatchObject({ minimum: 0, exclusiveMinimum: true }),
    good: (z) => z.object({ count: z.number().min(0) }),
    goodEvidence: (c) => {
      expect(propertyOf(c, "count")).toMatchObject({ minimum: 0 });
      expect(propertyOf(c, "count")).not.toHaveProperty("exclusiveMinimum");
    },
  },
  "recursive-lazy": {
    dialect: "gemini-bifrost",
    bad: recursiveTree,
    path: "$.tree.children[]",
    evidence: (c) => expect(JSON.stringify(jsonOf(c))).toContain('"$ref"'),
    good: (z) =>
      z.object({ tree: z.object({ children: z.array(z.object({ name: z.string() })) }) }),
    goodEvidence: (c) => expect(JSON.stringify(jsonOf(c))).not.toContain('"$ref"'),
  },
  tuple: {
    dialect: "gemini-bifrost",
    bad: (z) => z.object({ pair: z.tuple([z.string(), z.number()]) }),
    path: "$.pair",
    evidence: (c, major) => {
      const items = propertyOf(c, "pair").items;
      // Zod 3: the array form, invalid in OpenAPI 3.0. Zod 4: one anyOf, positions lost.
      if (major === 3) expect(Array.isArray(items)).toBe(true);
      else expect(items).toEqual({ anyOf: [{ type: "string" }, { type: "number" }] });
    },
    good: (z) => z.object({ pair: z.object({ first: z.string(), second: z.number() }) }),
    goodEvidence: (c) => expect(propertyOf(c, "pair")).toMatchObject({ type: "object" }),
  },
  "optional-without-nullable": {
    dialect: "openai",
    bad: (z) => z.object({ note: z.string().optional() }),
    path: "$.note",
    evidence: (c) => expect(requiredOf(c)).not.toContain("note"),
    good: (z) => z.object({ note: z.string().nullable() }),
    goodEvidence: (c) => expect(requiredOf(c)).toContain("note"),
  },
  "missing-description": {
    dialect: "gemini-bifrost",
    options: { requireDescribe: true },
    bad: (z) => z.object({ city: z.string() }),
    path: "$.city",
    evidence: (c) => expect(propertyOf(c, "city")).not.toHaveProperty("description"),
    good: (z) => z.object({ city: z.string().describe("City name") }),
    goodEvidence: (c) => expect(propertyOf(c, "city")).toMatchObject({ description: "City name" }),
  },
  unrepresentable: {
    dialect: "gemini",
    bad: (z) => z.object({ when: z.date() }),
    path: "$.when",
    evidence: (c, major, schema) => {
      if (major === 4)
        return expect(c).toEqual({ thrown: expect.stringMatching(/Date cannot be represented/) });
      // Zod 3: emitted as a date-time string, which the schema itself then refuses.
      expect(propertyOf(c, "when")).toEqual({ type: "string", format: "date-time" });
      expect(
        (schema as AnyZ["ZodType"]["prototype"]).safeParse({ when: "2024-01-01T00:00:00Z" })
          .success,
      ).toBe(false);
    },
    good: (z) => z.object({ when: z.string().datetime() }),
    goodEvidence: (c) =>
      expect(propertyOf(c, "when")).toMatchObject({ type: "string", format: "date-time" }),
  },
  "open-object": {
    dialect: "openai-strict",
    bad: (z) => z.object({ tags: z.record(z.string(), z.string()) }),
    path: "$.tags",
    evidence: (c) => expect(propertyOf(c, "tags").additionalProperties).toEqual({ type: "string" }),
    good: (z) => z.object({ tags: z.array(z.object({ key: z.string(), value: z.string() })) }),
    goodEvidence: (c) =>
      expect(JSON.stringify(jsonOf(c))).not.toMatch(/"additionalProperties":(true|\{)/),
  },
  "optional-property": {
    dialect: "openai-strict",
    bad: (z) => z.object({ note: z.string().nullish() }),
    path: "$.note",
    evidence: (c) => expect(requiredOf(c)).not.toContain("note"),
    good: (z) => z.object({ note: z.string().nullable() }),
    goodEvidence: (c) => expect(requiredOf(c)).toEqual(["note"]),
  },
  intersection: {
    dialect: "openai-strict",
    bad: (z) => z.object({ code: z.intersection(z.string().min(2), z.string().max(5)) }),
    path: "$.code",
    evidence: (c) => expect(propertyOf(c, "code")).toHaveProperty("allOf"),
    good: (z) => z.object({ code: z.string().min(2).max(5) }),
    goodEvidence: (c) => expect(propertyOf(c, "code")).not.toHaveProperty("allOf"),
  },
  "one-of-union": {
    dialect: "gemini",
    bad: (z) =>
      z.object({
        shape: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("circle"), r: z.number() }),
          z.object({ kind: z.literal("square"), side: z.number() }),
        ]),
      }),
    path: "$.shape",
    flaggedIn: [4],
    evidence: (c, major) => {
      if (major === 4) expect(propertyOf(c, "shape")).toHaveProperty("oneOf");
      else expect(propertyOf(c, "shape")).toHaveProperty("anyOf");
    },
    good: (z) =>
      z.object({
        shape: z.union([
          z.object({ kind: z.literal("circle"), r: z.number() }),
          z.object({ kind: z.literal("square"), side: z.number() }),
        ]),
      }),
    goodEvidence: (c) => expect(propertyOf(c, "shape")).toHaveProperty("anyOf"),
  },
  "string-format": {
    dialect: "openai-strict",
    bad: (z) => z.object({ site: z.string().url() }),
    path: "$.site",
    evidence: (c) => expect(propertyOf(c, "site")).toMatchObject({ format: "uri" }),
    good: (z) => z.object({ site: z.string().describe("An https:// URL") }),
    goodEvidence: (c) => expect(propertyOf(c, "site")).not.toHaveProperty("format"),
  },
  "non-object-root": {
    dialect: "openai-strict",
    bad: (z) => z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
    path: "$",
    evidence: (c) => {
      expect(jsonOf(c)).toHaveProperty("anyOf");
      expect(jsonOf(c)).not.toHaveProperty("type");
    },
    good: (z) =>
      z.object({ result: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) }),
    goodEvidence: (c) => expect(jsonOf(c)).toMatchObject({ type: "object" }),
  },
  "nesting-depth": {
    dialect: "openai-strict",
    bad: (z) => nested(z, 11),
    path: `$${".child".repeat(10)}`,
    evidence: (c) => expect(objectDepth(jsonOf(c))).toBe(11),
    good: (z) => nested(z, 10),
    goodEvidence: (c) => expect(objectDepth(jsonOf(c))).toBe(10),
  },
  "non-string-enum": {
    dialect: "gemini",
    bad: (z) => z.object({ level: z.literal(3) }),
    path: "$.level",
    evidence: (c) => expect(propertyOf(c, "level")).toEqual({ type: "number", enum: [3] }),
    good: (z) => z.object({ level: z.literal("3") }),
    goodEvidence: (c) => expect(propertyOf(c, "level")).toEqual({ type: "string", enum: ["3"] }),
  },
  "empty-object": {
    dialect: "gemini",
    bad: (z) => z.object({ options: z.object({}) }),
    path: "$.options",
    evidence: (c) => expect(propertyOf(c, "options").properties).toEqual({}),
    good: (z) => z.object({ options: z.object({ verbose: z.boolean() }) }),
    goodEvidence: (c) =>
      expect(propertyOf(c, "options").properties).toEqual({ verbose: { type: "boolean" } }),
  },
  "multiple-of": {
    dialect: "gemini",
    bad: (z) => z.object({ quantity: z.number().multipleOf(5) }),
    path: "$.quantity",
    evidence: (c) => expect(propertyOf(c, "quantity")).toMatchObject({ multipleOf: 5 }),
    good: (z) => z.object({ quantity: z.number().describe("A multiple of 5") }),
    goodEvidence: (c) => expect(propertyOf(c, "quantity")).not.toHaveProperty("multipleOf"),
  },
  "numeric-bound": {
    dialect: "anthropic-strict",
    bad: (z) => z.object({ age: z.number().min(0).max(150) }),
    path: "$.age",
    evidence: (c) => expect(propertyOf(c, "age")).toMatchObject({ minimum: 0, maximum: 150 }),
    good: (z) => z.object({ age: z.number().describe("Age in years, 0 to 150") }),
    goodEvidence: (c) => expect(Object.keys(propertyOf(c, "age"))).not.toContain("minimum"),
  },
  "string-length-bound": {
    dialect: "anthropic-strict",
    bad: (z) => z.object({ title: z.string().max(100) }),
    path: "$.title",
    evidence: (c) => expect(propertyOf(c, "title")).toMatchObject({ maxLength: 100 }),
    good: (z) => z.object({ title: z.string().describe("At most 100 characters") }),
    goodEvidence: (c) => expect(propertyOf(c, "title")).not.toHaveProperty("maxLength"),
  },
  "max-items": {
    dialect: "anthropic-strict",
    bad: (z) => z.object({ tags: z.array(z.string()).max(5) }),
    path: "$.tags",
    evidence: (c) => expect(propertyOf(c, "tags")).toMatchObject({ maxItems: 5 }),
    good: (z) => z.object({ tags: z.array(z.string()).describe("At most 5 tags") }),
    goodEvidence: (c) => expect(propertyOf(c, "tags")).not.toHaveProperty("maxItems"),
  },
  "min-items-above-one": {
    dialect: "anthropic-strict",
    bad: (z) => z.object({ tags: z.array(z.string()).min(2) }),
    path: "$.tags",
    evidence: (c) => expect(propertyOf(c, "tags")).toMatchObject({ minItems: 2 }),
    good: (z) => z.object({ tags: z.array(z.string()).min(1) }),
    goodEvidence: (c) => expect(propertyOf(c, "tags")).toMatchObject({ minItems: 1 }),
  },
  untyped: {
    dialect: "anthropic-strict",
    bad: (z) => z.object({ value: z.any() }),
    path: "$.value",
    evidence: (c) => {
      expect(propertyOf(c, "value")).toEqual({});
      expect(() => transformJSONSchema(jsonOf(c) as never)).toThrow(/must have a type defined/);
    },
    good: (z) => z.object({ value: z.string().describe("The value, as JSON text") }),
    goodEvidence: (c) => {
      expect(propertyOf(c, "value")).toMatchObject({ type: "string" });
      expect(() => transformJSONSchema(jsonOf(c) as never)).not.toThrow();
    },
  },
  "property-path-ref": {
    dialect: "gemini",
    bad: (z) => {
      const tree: unknown = z.lazy(() => z.object({ children: z.array(tree as never) }));
      return z.object({ tree: tree as never });
    },
    path: "$.tree.children[]",
    flaggedIn: [3],
    evidence: (c, major) => {
      // Zod 3: the cycle is a $ref to the property path; Zod 4 puts it in definitions.
      if (major === 3) expect(refsOf(c)).toEqual(["#/properties/tree"]);
      else expect(refsOf(c).length).toBeGreaterThan(0);
    },
    good: (z) => {
      const day = z.string().describe("YYYY-MM-DD");
      return z.object({ from: day, to: day });
    },
    // Reuse: zod-to-json-schema alone writes the second use as a $ref; toolwright's projection
    // writes it out in place (test/zod/zod3-reuse.test.ts), so the rule leaves it alone.
    goodEvidence: (c, major) => {
      if (major === 3) expect(refsOf(c)).toEqual(["#/properties/from"]);
    },
  },
  "pipe-all-of": {
    dialect: "openai-strict",
    bad: (z) => z.object({ email: z.string().pipe(z.string().email()) }),
    path: "$.email",
    flaggedIn: [3],
    evidence: (c, major) => {
      // Zod 3: allOf of both sides; Zod 4 projects the input side only.
      if (major === 3) expect(propertyOf(c, "email")).toHaveProperty("allOf");
      else expect(propertyOf(c, "email")).toEqual({ type: "string" });
    },
    good: (z) => z.object({ email: z.string().email() }),
    goodEvidence: (c) => expect(propertyOf(c, "email")).not.toHaveProperty("allOf"),
  },
  "pipe-type-conflict": {
    dialect: "mcp",
    bad: (z) => z.object({ port: z.string().pipe(z.coerce.number()) }),
    path: "$.port",
    flaggedIn: [3],
    evidence: (c, major) => {
      if (major === 3) {
        expect(propertyOf(c, "port")).toEqual({ allOf: [{ type: "string" }, { type: "number" }] });
      } else expect(propertyOf(c, "port")).toEqual({ type: "string" });
    },
    good: (z) => z.object({ port: z.coerce.number() }),
    goodEvidence: (c) => expect(propertyOf(c, "port")).toEqual({ type: "number" }),
  },
  "required-cycle": {
    dialect: "gemini-json-schema",
    bad: recursiveTree,
    path: "$.tree.children[]",
    evidence: (c) => {
      expect(refsOf(c).length).toBeGreaterThan(0);
      expect(JSON.stringify(jsonOf(c))).toContain('"required":["children"]');
    },
    good: optionalTree,
    goodEvidence: (c) => {
      expect(refsOf(c).length).toBeGreaterThan(0);
      expect(JSON.stringify(jsonOf(c))).not.toContain('"children"]');
    },
  },
  "unenforced-keyword": {
    dialect: "gemini-json-schema",
    bad: (z) => z.object({ currency: z.string().regex(/^[A-Z]{3}$/) }),
    path: "$.currency",
    evidence: (c) => expect(propertyOf(c, "currency")).toMatchObject({ pattern: "^[A-Z]{3}$" }),
    good: (z) => z.object({ currency: z.enum(["EUR", "USD"]) }),
    goodEvidence: (c) =>
      expect(propertyOf(c, "currency")).toEqual({ type: "string", enum: ["EUR", "USD"] }),
  },
  "too-many-union-parameters": {
    dialect: "anthropic-strict",
    bad: (z) => unions(z, 17),
    path: "$",
    evidence: (c) => expect(unionProperties(c)).toBe(17),
    good: (z) => unions(z, 16),
    goodEvidence: (c) => expect(unionProperties(c)).toBe(16),
  },
  // JSON Schema only: a Zod projection for the legacy field writes a literal as a one-value
  // `enum`, and the Gemini adapter leaves out the annotations `.meta()` adds (its ledger
  // says so), so both majors lint clean; test/lint/unsupported-keyword.test.ts flags listings.
  "unsupported-keyword": {
    dialect: "gemini",
    bad: (z) => z.object({ code: z.literal("x") }),
    path: "$.code",
    flaggedIn: [],
    evidence: (c) => {
      expect(propertyOf(c, "code")).toMatchObject({ enum: ["x"] });
      expect(propertyOf(c, "code")).not.toHaveProperty("const");
    },
    good: (z) => z.object({ code: z.enum(["x"]) }),
    goodEvidence: (c) => expect(propertyOf(c, "code")).toMatchObject({ enum: ["x"] }),
  },
};
