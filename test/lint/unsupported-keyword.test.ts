/**
 * `unsupported-keyword`: under Gemini's legacy field, a JSON Schema keyword its `Schema` has no
 * field for is passed on by `@google/genai` and the request refused; each is reported once, by
 * this rule or by the rule whose construct it is.
 */
import { lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";

const lint = (
  schema: unknown,
  dialect: "gemini" | "gemini-json-schema" | "openai-strict" = "gemini",
) => lintModelFacingSchema(schema, { dialect }).map((f) => `${f.code} ${f.path}`);

/** A listing as an MCP server written without Zod might send it, without `$schema`. */
const listing = {
  type: "object",
  $defs: { page: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
  properties: {
    kind: { const: "page", type: "string" },
    tags: { type: "array", items: { type: "string" }, uniqueItems: true, examples: [["a"]] },
    parent: { $ref: "#/$defs/page" },
    title: { type: "string", title: "Title", default: "x", example: "x", description: "d" },
    note: { type: "string", $comment: null },
  },
  required: ["kind", "tags", "parent", "title"],
  additionalProperties: false,
};

describe("unsupported-keyword (gemini)", () => {
  it("flags each keyword outside the legacy Schema's fields, once per place", () => {
    const findings = lintModelFacingSchema(listing, { dialect: "gemini" }).filter(
      (f) => f.code === "unsupported-keyword",
    );
    expect(findings.map((f) => [f.path, f.message.split(",")[0]])).toEqual([
      ["$.kind", "Carries const"],
      ["$.tags", "Carries uniqueItems"],
      ["$.parent", "Carries $ref"],
    ]);
    expect(findings[1]?.message).toMatch(
      /^Carries uniqueItems, examples, which this provider path has no field for/,
    );
  });

  it("reports the root's definitions where no $ref reaches one of them, and else each $ref", () => {
    const unused = { ...listing, $defs: { ...listing.$defs, block: { type: "string" } } };
    expect(lint(unused).filter((f) => f === "unsupported-keyword $")).toEqual([
      "unsupported-keyword $",
    ]);
    expect(lint(listing).filter((f) => f === "unsupported-keyword $")).toEqual([]);
    expect(lint(listing)).toContain("unsupported-keyword $.parent");
  });

  it("leaves what other rules report, what the SDK drops, and a key set to null", () => {
    const schema = {
      type: "object",
      properties: {
        both: { allOf: [{ type: "string" }, { minLength: 1 }] },
        either: { oneOf: [{ type: "string" }, { type: "number" }] },
        positive: { type: "number", exclusiveMinimum: 0, multipleOf: 2 },
        pair: { type: "array", prefixItems: [{ type: "string" }] },
        inner: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        back: { $ref: "#/properties/inner" },
        open: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true },
        empty: { type: "string", examples: null },
      },
      required: ["both"],
    };
    expect(lint(schema).filter((f) => f.startsWith("unsupported-keyword"))).toEqual([]);
    expect(lint(schema)).toEqual(
      expect.arrayContaining([
        "intersection $.both",
        "one-of-union $.either",
        "exclusive-numeric-bound $.positive",
        "multiple-of $.positive",
        "tuple $.pair",
        "property-path-ref $.back",
        "open-object $.open",
      ]),
    );
  });

  it("a schema that names its $schema goes as parametersJsonSchema, where these are fields", () => {
    const named = { $schema: "https://json-schema.org/draft/2020-12/schema", ...listing };
    expect(lint(named).filter((f) => f.startsWith("unsupported-keyword"))).toEqual([]);
  });

  it("runs under gemini only: JSON Schema paths take these keywords", () => {
    expect(lint(listing, "gemini-json-schema").filter((f) => f.startsWith("unsupported"))).toEqual(
      [],
    );
    expect(lint(listing, "openai-strict").filter((f) => f.startsWith("unsupported"))).toEqual([]);
  });

  it("reads a hostile schema without throwing: a throwing getter is skipped", () => {
    const hostile = { type: "object", properties: { a: { type: "string" } } };
    Object.defineProperty(hostile.properties.a, "const", {
      enumerable: true,
      get() {
        throw new Error("no");
      },
    });
    expect(() => lint(hostile)).not.toThrow();
  });
});
