/**
 * A JSON Schema that names its draft is linted as the path it is really sent down:
 * `@google/genai`'s `tTool` moves a legacy `parameters` holding `$schema` to
 * `parametersJsonSchema`, so under `gemini` it meets `gemini-json-schema`'s row (what a
 * listing from an MCP server, which names draft-07, meets in Gemini CLI and alike).
 */

import { lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** A listed tool with no arguments and a link: clean as JSON Schema, refused by the legacy field. */
const listed = (extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: {
    options: { type: "object", properties: {} },
    site: { type: "string", format: "uri" },
  },
  required: ["site"],
  ...extra,
});

const codes = (schema: unknown) =>
  lintModelFacingSchema(schema, { dialect: "gemini" }).map(
    (f) => `${f.severity} ${f.code} ${f.path}`,
  );

describe("DRAFT_ROUTES: gemini and a JSON Schema that names its draft", () => {
  it("without $schema, the legacy field's limits hold", () => {
    expect(codes(listed())).toEqual(["error empty-object $.options", "error string-format $.site"]);
  });

  it("with $schema, the schema meets parametersJsonSchema's row, under the dialect asked", () => {
    const findings = lintModelFacingSchema(listed({ $schema: DRAFT_07 }), { dialect: "gemini" });
    expect(findings).toEqual([]);
    const cycle = {
      $schema: DRAFT_07,
      $defs: {
        node: {
          type: "object",
          properties: { next: { $ref: "#/$defs/node" } },
          required: ["next"],
        },
      },
      type: "object",
      properties: { head: { $ref: "#/$defs/node" }, code: { type: "string", pattern: "^[A-Z]+$" } },
      required: ["head", "code"],
    };
    const routed = lintModelFacingSchema(cycle, { dialect: "gemini" });
    expect(routed.map((f) => `${f.severity} ${f.code} ${f.dialect}`)).toEqual([
      "error required-cycle gemini",
      "warning unenforced-keyword gemini",
    ]);
  });

  it("only a root $schema routes, as tTool reads only the root's keys", () => {
    const nested = listed();
    (nested.properties.options as Record<string, unknown>).$schema = DRAFT_07;
    expect(codes(nested)).toEqual([
      "error unsupported-keyword $.options",
      "error empty-object $.options",
      "error string-format $.site",
    ]);
  });

  it("other dialects keep their rows", () => {
    const findings = lintModelFacingSchema(listed({ $schema: DRAFT_07 }), {
      dialect: "openai-strict",
    });
    expect(findings.map((f) => f.code)).toContain("string-format");
  });
});
