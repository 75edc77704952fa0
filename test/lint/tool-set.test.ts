/**
 * Issue 13, item 4: `lintToolSet` over a whole tool set: each provider path's tool-name rule,
 * its per-request budgets, and every tool's parameters, from a toolSet, a capability list or
 * plain entries.
 */

import { validateToolName } from "@modelcontextprotocol/sdk/shared/toolNameValidation.js";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import {
  type LINT_DIALECT_NAMES,
  lintToolSet,
  REQUEST_BUDGETS,
  TOOL_NAME_RULES,
  type ToolSetLintFinding,
} from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { MAJORS } from "./helpers.js";

const summary = (findings: readonly ToolSetLintFinding[]) =>
  findings.map((f) => `${f.tool ?? "(set)"} ${f.code} ${f.severity} ${f.path}`);

const budgetMessages = (findings: readonly ToolSetLintFinding[]) =>
  findings.filter((f) => f.code === "request-budget").map((f) => f.message);

describe.each(MAJORS)("$name", ({ z }) => {
  const tools = (count: number, shape: () => Record<string, unknown>) =>
    Array.from({ length: count }, (_, i) => ({
      name: `tool_${i}`,
      parameters: z.object(shape() as never),
    }));

  describe("inputs", () => {
    const search = defineTool({
      description: "Search",
      parameters: z.object({ q: z.string(), limit: z.number().positive() }) as never,
      execute: () => null,
    });
    const cap = capability({
      name: "web",
      description: "Web tools",
      toolbox: toolbox("web", "Web tools", { "web search": search }),
    });

    it("reads a toolSet, a capability list and plain entries alike", () => {
      const expected = [
        "web search invalid-tool-name error $",
        "web search exclusive-numeric-bound error $.limit",
      ];
      const options = { dialect: "gemini" } as const;
      expect(summary(lintToolSet([cap], options))).toEqual(expected);
      expect(summary(lintToolSet(toolSet([cap], { manuals: false }), options))).toEqual(expected);
      const entries = [{ name: "web search", parameters: search.parameters }];
      expect(summary(lintToolSet(entries, options))).toEqual(expected);
    });

    it("takes raw shapes as parameters, as toolwright does", () => {
      const entries = [{ name: "find", parameters: { when: z.date() } }];
      expect(summary(lintToolSet(entries, { dialect: "mcp" }))).toEqual([
        "find unrepresentable error $.when",
      ]);
    });

    it("throws a TypeError for what is not a tool set, naming the tool for a bad schema", () => {
      expect(() => lintToolSet("tools")).toThrow(
        /^lintToolSet: expected a toolSet, a list of capabilities/,
      );
      expect(() => lintToolSet([{ parameters: z.object({}) }])).toThrow(TypeError);
      expect(() => lintToolSet([{ name: "x", parameters: 3 }])).toThrow(/^lintToolSet: tool 'x': /);
      const broken = {
        entries() {
          throw new Error("closed");
        },
      };
      expect(() => lintToolSet(broken)).toThrow(
        /^lintToolSet: reading the tool set threw: closed$/,
      );
      expect(() => lintToolSet([], { dialect: "nope" as never })).toThrow(
        /^lintToolSet: unknown dialect/,
      );
    });

    it("lints parameters on their input side: a Zod 4 pipe shows its input", () => {
      const entries = [
        { name: "size", parameters: z.object({ w: z.string().pipe(z.string().min(2)) }) },
      ];
      const expected = z === MAJORS[1]?.z ? ["size string-length-bound error $.w"] : [];
      expect(summary(lintToolSet(entries, { dialect: "anthropic-strict" }))).toEqual(expected);
    });
  });

  describe("names", () => {
    const named = (name: string) => [{ name, parameters: z.object({ a: z.string() }) }];
    const verdict = (name: string, dialect: (typeof LINT_DIALECT_NAMES)[number]) =>
      summary(lintToolSet(named(name), { dialect })).join();

    it("OpenAI and Anthropic: 1 to 64 of [a-zA-Z0-9_-]", () => {
      for (const dialect of [
        "openai-strict",
        "openai-non-strict",
        "anthropic",
        "anthropic-strict",
      ] as const) {
        expect(verdict("get_weather-2", dialect)).toBe("");
        expect(verdict("get.weather", dialect)).toBe("get.weather invalid-tool-name error $");
        expect(verdict("x".repeat(65), dialect)).toMatch(/invalid-tool-name error/);
      }
    });

    it("Gemini: a letter or underscore first, then also dots, colons and dashes, 64 at most", () => {
      for (const dialect of ["gemini", "gemini-json-schema"] as const) {
        expect(verdict("files.read:v2", dialect)).toBe("");
        expect(verdict("2fa_check", dialect)).toBe("2fa_check invalid-tool-name error $");
        expect(verdict(`a${"b".repeat(63)}`, dialect)).toBe("");
        expect(verdict(`a${"b".repeat(64)}`, dialect)).toMatch(/invalid-tool-name/);
      }
    });

    it("MCP: a warning, as the SDK's own check only warns, and the same verdicts as it", () => {
      expect(verdict("files/read", "mcp")).toBe("files/read nonconforming-tool-name warning $");
      for (const name of [
        "a",
        "read_file",
        "a.b-c",
        "files/read",
        "has space",
        "x".repeat(129),
        "",
      ]) {
        const ours = TOOL_NAME_RULES.mcp.pattern.test(name);
        expect(ours, name).toBe(validateToolName(name).isValid);
      }
    });
  });

  describe("budgets", () => {
    it("anthropic-strict: 20 strict tools per request", () => {
      const shape = () => ({ a: z.string() });
      expect(
        budgetMessages(lintToolSet(tools(20, shape), { dialect: "anthropic-strict" })),
      ).toEqual([]);
      expect(
        budgetMessages(lintToolSet(tools(21, shape), { dialect: "anthropic-strict" })),
      ).toEqual([
        expect.stringMatching(/^The set has 21 strict tools; this provider path allows at most 20/),
      ]);
    });

    it("anthropic-strict: 24 optional and 16 union-typed parameters across all tools", () => {
      const optional = () => ({
        a: z.string().optional(),
        b: z.string().default("b"),
        c: z.string(),
      });
      const unions = () => ({ u: z.union([z.string(), z.number()]), n: z.string().nullable() });
      const dialect = "anthropic-strict";
      expect(budgetMessages(lintToolSet(tools(12, optional), { dialect }))).toEqual([]);
      expect(budgetMessages(lintToolSet(tools(13, optional), { dialect }))).toEqual([
        expect.stringMatching(/^The set has 26 optional parameters; .* at most 24/),
      ]);
      // Each tool alone is far under 16; together they are not.
      const findings = lintToolSet(tools(9, unions), { dialect });
      expect(budgetMessages(findings)).toEqual([
        expect.stringMatching(/^The set has 18 union-typed parameters .* at most 16/),
      ]);
      expect(findings.every((f) => f.tool === undefined)).toBe(true);
    });

    it("openai-strict: 5,000 properties, 1,000 enum values, 120,000 characters", () => {
      const dialect = "openai-strict";
      const wide = () =>
        Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`p${i}`, z.boolean()]));
      expect(budgetMessages(lintToolSet(tools(10, wide), { dialect }))).toEqual([
        expect.stringMatching(/^The set has 5010 object properties; .* at most 5000/),
      ]);
      const values = Array.from({ length: 101 }, (_, i) => `v${i}`) as [string, ...string[]];
      const enums = () => ({ choice: z.enum(values) });
      expect(budgetMessages(lintToolSet(tools(10, enums), { dialect }))).toEqual([
        expect.stringMatching(/^The set has 1010 enum values; .* at most 1000/),
      ]);
      const long = Array.from({ length: 100 }, (_, i) => `${"x".repeat(1200)}${i}`) as [
        string,
        ...string[],
      ];
      const text = () => ({ choice: z.enum(long) });
      expect(budgetMessages(lintToolSet(tools(1, text), { dialect }))).toEqual([
        expect.stringMatching(
          /^The set has 12\d{4} characters of property names, enum values and consts/,
        ),
      ]);
    });

    it("applies budgets only where a provider documents them", () => {
      expect(Object.keys(REQUEST_BUDGETS).sort()).toEqual(["anthropic-strict", "openai-strict"]);
      const shape = () => ({ a: z.string().optional() });
      expect(budgetMessages(lintToolSet(tools(40, shape), { dialect: "anthropic" }))).toEqual([]);
    });
  });
});
