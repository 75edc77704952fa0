/**
 * A JSON Schema (a listing from a server written in any language) gets advice in JSON
 * Schema's words: no `.describe()`, no `z.object`, no `.optional()` to call. Every rule a
 * JSON Schema can trigger is triggered here, and its message is read; a Zod schema's message
 * for the same construct keeps Zod's advice.
 */

import {
  LINT_RULES,
  type LintDialect,
  type LintRuleCode,
  lintModelFacingSchema,
} from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/** Zod's API in a message: what a JSON Schema's author cannot act on. */
const ZOD_WORDS =
  /\bz\.|\.describe\(|\.optional\(|\.nullable\(|\.nullish\(|\.min\(|\.max\(|\.extend\(|\.merge\(|\.positive\(|\.gt\(|\.multipleOf\(|\.default\(|\bZod\b/;

const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});

interface Case {
  readonly dialect: LintDialect;
  readonly schema: unknown;
  /** The JSON Schema words the advice names instead. */
  readonly says: RegExp;
  readonly requireDescribe?: boolean;
}

const CASES: Partial<Record<LintRuleCode, Case>> = {
  "exclusive-numeric-bound": {
    dialect: "gemini-bifrost",
    schema: object({ n: { type: "number", exclusiveMinimum: 0 } }),
    says: /a lower \(exclusiveMinimum\).*inclusive minimum\/maximum/,
  },
  intersection: {
    dialect: "gemini",
    schema: object({
      both: { allOf: [object({ a: { type: "string" } }), object({ b: { type: "string" } })] },
    }),
    says: /Merge the allOf parts/,
  },
  "max-items": {
    dialect: "anthropic-strict",
    schema: object({ list: { type: "array", items: { type: "string" }, maxItems: 3 } }),
    says: /Remove maxItems, state the limit in the description/,
  },
  "min-items-above-one": {
    dialect: "anthropic-strict",
    schema: object({ list: { type: "array", items: { type: "string" }, minItems: 2 } }),
    says: /Use minItems of 1 at most/,
  },
  "missing-description": {
    dialect: "openai-non-strict",
    requireDescribe: true,
    schema: object({ city: { type: "string" } }),
    says: /Add a description to the property's schema/,
  },
  "multiple-of": {
    dialect: "gemini",
    schema: object({ step: { type: "number", multipleOf: 5 } }),
    says: /Number has multipleOf.*in the description/,
  },
  "non-object-root": {
    dialect: "openai-strict",
    schema: { type: "string" },
    says: /"type": "object", "properties": \{ "result"/,
  },
  "numeric-bound": {
    dialect: "anthropic-strict",
    schema: object({ n: { type: "number", minimum: 1 } }),
    says: /Remove minimum\/maximum/,
  },
  "one-of-union": {
    dialect: "gemini",
    schema: object({ either: { oneOf: [{ type: "string" }, { type: "number" }] } }),
    says: /oneOf found.*Use anyOf instead/,
  },
  "open-object": {
    dialect: "openai-strict",
    schema: object({ bag: { type: "object", additionalProperties: { type: "string" } } }),
    says: /"additionalProperties": false/,
  },
  "optional-without-nullable": {
    dialect: "openai",
    schema: object({ a: { type: "string" }, b: { type: "string" } }, ["a"]),
    says: /not in required.*List it in required and let it be null/,
  },
  "string-format": {
    dialect: "openai-strict",
    schema: object({ site: { type: "string", format: "uri-reference" } }),
    says: /Remove the format keyword/,
  },
  "string-length-bound": {
    dialect: "anthropic-strict",
    schema: object({ code: { type: "string", maxLength: 8 } }),
    says: /String has minLength\/maxLength.*in the description/,
  },
  tuple: {
    dialect: "gemini-bifrost",
    schema: object({
      pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] },
    }),
    says: /an array with one items schema/,
  },
  "unenforced-keyword": {
    dialect: "gemini-json-schema",
    schema: object({ code: { type: "string", pattern: "^[A-Z]+$" } }),
    says: /which the tool must then reject itself.*in the description/,
  },
  untyped: {
    dialect: "openai-strict",
    schema: object({ anything: {} }),
    says: /a "type" keyword, an anyOf/,
  },
  "required-cycle": {
    dialect: "gemini-json-schema",
    schema: {
      $defs: { node: object({ next: { $ref: "#/$defs/node" } }) },
      ...object({ head: { $ref: "#/$defs/node" } }),
    },
    says: /Leave a property on the way out of required/,
  },
  "pipe-type-conflict": {
    dialect: "mcp",
    schema: object({ size: { allOf: [{ type: "string" }, { type: "number" }] } }),
    says: /Describe the type the tool reads, alone/,
  },
  "unsupported-keyword": {
    dialect: "gemini",
    schema: object({ kind: { type: "string", const: "page" } }),
    says: /Carries const.*state what it says in the description/,
  },
  "property-path-ref": {
    dialect: "gemini",
    schema: object({ a: object({ b: { type: "string" } }), c: { $ref: "#/properties/a" } }),
    says: /Move the referenced schema into \$defs/,
  },
};

/**
 * Rules a JSON Schema cannot trigger, or whose message names no Zod API, each with why.
 * A new rule must be added to CASES or here.
 */
const NOT_JSON: Partial<Record<LintRuleCode, string>> = {
  "optional-property": "in no dialect row: OpenAI strict mode repairs what it would flag",
  unrepresentable: "names Zod constructs (a Date, a Map) that JSON Schema cannot hold",
  "pipe-all-of": "a Zod 3 .pipe(); a JSON Schema allOf is read as an intersection",
  "recursive-lazy": "its message names no Zod API",
  "nesting-depth": "its message names no Zod API",
  "too-many-union-parameters": "its message names no Zod API",
  "non-string-enum": "its message names no Zod API",
  "empty-object": "its message names no Zod API",
};

describe("advice for a JSON Schema is in JSON Schema's words", () => {
  it("covers every rule: each has a JSON Schema case or a reason it needs none", () => {
    const covered = new Set([...Object.keys(CASES), ...Object.keys(NOT_JSON)]);
    expect(Object.keys(LINT_RULES).filter((code) => !covered.has(code))).toEqual([]);
  });

  for (const [code, { dialect, schema, says, requireDescribe }] of Object.entries(CASES)) {
    it(`${code} (${dialect})`, () => {
      const findings = lintModelFacingSchema(schema, {
        dialect,
        requireDescribe: requireDescribe ?? false,
      });
      const finding = findings.find((f) => f.code === code);
      expect(finding, JSON.stringify(findings)).toBeDefined();
      expect(finding?.message).toMatch(says);
      expect(finding?.message).not.toMatch(ZOD_WORDS);
    });
  }

  it("a Zod schema keeps Zod's advice for the same constructs", () => {
    const zodCases: [LintRuleCode, LintDialect, z.ZodType, RegExp][] = [
      [
        "exclusive-numeric-bound",
        "gemini-bifrost",
        z.object({ n: z.number().positive() }),
        /Use \.min\(\) instead of \.positive\(\)/,
      ],
      [
        "max-items",
        "anthropic-strict",
        z.object({ l: z.array(z.string()).max(3) }),
        /state the limit in \.describe\(\)/,
      ],
      ["non-object-root", "openai-strict", z.string(), /Wrap it: z\.object/],
      [
        "optional-without-nullable",
        "openai",
        z.object({ b: z.string().optional() }),
        /Use \.nullable\(\)/,
      ],
      ["untyped", "openai-strict", z.object({ a: z.any() }), /a z\.union\(\[\.\.\.\]\)/],
    ];
    for (const [code, dialect, schema, says] of zodCases) {
      const finding = lintModelFacingSchema(schema, { dialect }).find((f) => f.code === code);
      expect(finding?.message, code).toMatch(says);
    }
  });
});
