/**
 * Root definitions that no `$ref` reaches (a listing's shared `$defs` block, as
 * @notionhq/notion-mcp-server sends with every tool): walked on their own, at `$defs.Name`
 * (`definitions.Name`), under the dialects whose provider path reads them
 * (`UNREFERENCED_DEFINITIONS`), and skipped by the oracles of the paths that validate nothing
 * against them.
 */

import { LINT_DIALECT_NAMES, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UNREFERENCED_DEFINITIONS } from "../../lint/dialects.js";
import { type Json, jsonNodes, reachableNodes } from "./evidence/json-nodes.js";
import { sampleOf } from "./evidence/listing-sample.js";
import { anthropicStrict } from "./evidence/oracle-anthropic.js";
import { geminiJsonSchema } from "./evidence/oracle-gemini.js";
import { openAIHelper, openAIStrict } from "./evidence/oracle-openai.js";
import { ROOT } from "./evidence/problems.js";
import { listedSubject } from "./evidence/subject.js";
import { lintCodes } from "./helpers.js";

/** A tool that refers to `Used` and lists `Extra` beside it, unused, under `keyword`. */
function listing(keyword: "$defs" | "definitions"): Json {
  return {
    ...(keyword === "definitions" ? { $schema: "http://json-schema.org/draft-07/schema#" } : {}),
    type: "object",
    properties: { page: { $ref: `#/${keyword}/Used` } },
    required: ["page"],
    [keyword]: {
      Used: {
        type: "object",
        properties: { id: { type: "string" } },
        required: ["id"],
        additionalProperties: false,
      },
      Extra: {
        type: "object",
        properties: {
          note: { type: "string", minLength: 2, pattern: "^[a-z]+$" },
          anything: {},
        },
        additionalProperties: true,
      },
    },
  };
}

const DRAFTS = [
  ["draft-07", "definitions"],
  ["2020-12", "$defs"],
] as const;

describe.each(DRAFTS)("unreferenced %s %s", (_draft, keyword) => {
  it("openai-strict walks them, at their own path", () => {
    expect(lintCodes(listing(keyword), { dialect: "openai-strict" })).toEqual([
      `open-object ${keyword}.Extra`,
      `untyped ${keyword}.Extra.anything`,
    ]);
  });

  it("openai (OpenAI's helper) refuses an optional without null in them", () => {
    expect(lintCodes(listing(keyword), { dialect: "openai" })).toEqual([
      // `{}` admits null: only `note` is refused.
      `optional-without-nullable ${keyword}.Extra.note`,
    ]);
  });

  it("anthropic-strict reads only $defs (the SDK lowers them), and only a node without a type", () => {
    expect(lintCodes(listing(keyword), { dialect: "anthropic-strict" })).toEqual(
      keyword === "$defs" ? ["untyped $defs.Extra.anything"] : [],
    );
  });

  it("no other dialect reads them", () => {
    for (const dialect of LINT_DIALECT_NAMES) {
      if (UNREFERENCED_DEFINITIONS[dialect] !== undefined) continue;
      // `gemini`'s legacy field has no `$defs`; a draft-named listing is routed away from it.
      const findings = lintModelFacingSchema(listing(keyword), { dialect });
      expect(
        findings.filter((f) => !f.path.startsWith("$")),
        dialect,
      ).toEqual([]);
      expect(
        findings.filter((f) => f.path.startsWith(keyword)),
        dialect,
      ).toEqual([]);
    }
  });

  it("a referenced definition is checked where it is used, not again on its own", () => {
    const schema = listing(keyword);
    const defs = schema[keyword] as Json;
    (defs.Used as Json).additionalProperties = true;
    expect(lintCodes(schema, { dialect: "openai-strict" })).toEqual([
      "open-object $.page",
      `open-object ${keyword}.Extra`,
      `untyped ${keyword}.Extra.anything`,
    ]);
  });
});

describe("paths, order and shape", () => {
  it("names an odd definition as a JSON string, apart from a property named $defs", () => {
    const schema = {
      type: "object",
      properties: { $defs: { type: "object", additionalProperties: true } },
      $defs: { "odd name": { type: "object", additionalProperties: true } },
    };
    expect(lintCodes(schema, { dialect: "openai-strict" })).toEqual([
      "open-object $.$defs",
      'open-object $defs["odd name"]',
    ]);
  });

  it("does not read a definition as a root: a union or a string there is no non-object-root", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
      $defs: {
        Either: { anyOf: [{ type: "string" }, { type: "number" }] },
        Name: { type: "string", format: "uri" },
      },
    };
    expect(lintCodes(schema, { dialect: "openai-strict" })).toEqual(["string-format $defs.Name"]);
  });

  it("walks definitions that refer to one another once each, in document order", () => {
    const open = { type: "object", additionalProperties: true };
    const b = { type: "object", properties: { leaf: open }, required: ["leaf"] };
    const a = { type: "object", properties: { b: { $ref: "#/$defs/B" } }, required: ["b"] };
    const root = { type: "object", properties: {} };
    expect(lintCodes({ ...root, $defs: { A: a, B: b } }, { dialect: "openai-strict" })).toEqual([
      "open-object $defs.A.b.leaf",
    ]);
    expect(lintCodes({ ...root, $defs: { B: b, A: a } }, { dialect: "openai-strict" })).toEqual([
      "open-object $defs.B.leaf",
    ]);
  });

  it("stops on a recursive definition", () => {
    const schema = {
      type: "object",
      properties: {},
      $defs: { Self: { type: "object", properties: { next: { $ref: "#/$defs/Self" } } } },
    };
    expect(lintCodes(schema, { dialect: "openai" })).toEqual([
      "optional-without-nullable $defs.Self.next",
    ]);
    expect(lintCodes(schema, { dialect: "anthropic-strict" })).toEqual([]);
  });

  it("leaves Zod input as it was: a projection has no unreferenced definition", () => {
    const node = z.object({ id: z.string(), extra: z.record(z.string(), z.string()) });
    expect(lintCodes(node, { dialect: "openai-strict" })).toEqual(["open-object $.extra"]);
  });
});

describe("hostile definitions", () => {
  it("walks 10,000 definitions chained in reverse order once each, without overflowing", () => {
    const defs: Json = {};
    for (let i = 10_000; i >= 0; i--) {
      defs[`d${i}`] =
        i === 10_000
          ? { type: "object", additionalProperties: true }
          : { type: "object", properties: { n: { $ref: `#/$defs/d${i + 1}` } }, required: ["n"] };
    }
    const started = Date.now();
    expect(
      lintCodes({ type: "object", properties: {}, $defs: defs }, { dialect: "openai-strict" }),
    ).toEqual(["open-object $defs.d10000"]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("walks a 10,000-deep definition", () => {
    let deep: unknown = { type: "object", additionalProperties: true };
    for (let i = 0; i < 10_000; i++) deep = { type: "array", items: deep };
    expect(
      lintCodes({ type: "object", properties: {}, $defs: { deep } }, { dialect: "openai-strict" }),
    ).toEqual([`open-object $defs.deep${"[]".repeat(10_000)}`]);
  });

  it("survives a definitions map whose Proxy traps throw", () => {
    const boom = () => {
      throw new Error("boom");
    };
    const defs = new Proxy({}, { get: boom, ownKeys: boom, getOwnPropertyDescriptor: boom });
    const schema = { type: "object", properties: {}, $defs: defs, definitions: defs };
    for (const dialect of LINT_DIALECT_NAMES)
      expect(() => lintModelFacingSchema(schema, { dialect })).not.toThrow();
  });
});

describe("the oracles", () => {
  const subject = (json: Json) =>
    listedSubject("server", { name: "tool", inputSchema: json }, sampleOf(json));

  it("reachableNodes leaves out a definition no $ref reaches, keeps one reached through another", () => {
    const json = {
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: { A: { $ref: "#/$defs/B" }, B: { type: "string" }, C: { type: "number" } },
    };
    const pointers = (nodes: ReturnType<typeof jsonNodes>) =>
      nodes.map(({ segments }) => segments.join("/"));
    expect(pointers(jsonNodes(json))).toContain("$defs/C");
    expect(pointers(reachableNodes(json))).toEqual(["", "properties/a", "$defs/A", "$defs/B"]);
  });

  /** The listing with `Extra` typed throughout (the SDK's transform takes it), or without it. */
  const typedExtra = (keyword: "$defs" | "definitions", keep: boolean): Json => {
    const json = listing(keyword);
    const defs = json[keyword] as Json;
    if (!keep) delete defs.Extra;
    else delete ((defs.Extra as Json).properties as Json).anything;
    return json;
  };

  it.each(DRAFTS)("anthropic-strict finds nothing more with an unused %s %s", (_d, keyword) => {
    const without = anthropicStrict(subject(typedExtra(keyword, false)));
    const withExtra = anthropicStrict(subject(typedExtra(keyword, true)));
    expect([...withExtra.errors]).toEqual([...without.errors]);
  });

  it("anthropic-strict still flags the SDK's throw on an untyped node in an unused $defs", () => {
    const problems = anthropicStrict(subject(listing("$defs")));
    expect(problems.errors.get(ROOT)?.join()).toMatch(/must have a type defined/);
  });

  it.each(DRAFTS)(
    "gemini-json-schema finds nothing more with an unused %s %s",
    async (_d, keyword) => {
      const without = await geminiJsonSchema(subject(typedExtra(keyword, false)));
      const withExtra = await geminiJsonSchema(subject(typedExtra(keyword, true)));
      expect([...withExtra.warnings]).toEqual([...without.warnings]);
      expect([...withExtra.errors]).toEqual([...without.errors]);
    },
  );

  it.each(DRAFTS)("openai and openai-strict still read an unused %s %s", async (_d, keyword) => {
    expect(openAIStrict(subject(listing(keyword))).errors.get(ROOT)).toBeDefined();
    expect(openAIHelper(subject(listing(keyword))).errors.get(ROOT)).toBeDefined();
  });
});
