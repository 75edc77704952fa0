/**
 * The JSON Schema view: each keyword family in each draft's spelling is read into the node a Zod
 * view builds for the construct that projects to it, so the same rules fire at the same paths;
 * and hostile JSON (cycles, 10,000-deep, Proxies, bad `$ref`s) is a finding or a TypeError.
 */
import { LINT_DIALECT_NAMES, lintModelFacingSchema, lintToolSet } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lintCodes, runRule, snapshot } from "./helpers.js";

type Json = Record<string, unknown>;

/** An object root with one required property `a`. */
const withA = (a: unknown, extra: Json = {}): Json => ({
  type: "object",
  properties: { a },
  required: ["a"],
  ...extra,
});

const rule = (code: Parameters<typeof runRule>[0], schema: unknown, options = {}) =>
  runRule(code, schema, options).map((finding) => finding.path);

describe("telling a JSON Schema from a Zod schema and a raw shape", () => {
  it("reads a plain object with a JSON Schema keyword, and true/false", () => {
    expect(lintCodes({ type: "string" }, { dialect: "openai-strict" })).toEqual([
      "non-object-root $",
    ]);
    expect(lintCodes(true, { dialect: "openai-strict" })).toEqual([
      "non-object-root $",
      "untyped $",
    ]);
    expect(lintCodes({ description: "anything" }, { dialect: "openai-strict" })).toContain(
      "untyped $",
    );
  });

  it("keeps a raw shape a raw shape, {} and keyword-named fields included", () => {
    expect(lintCodes({}, { dialect: "gemini" })).toEqual(["empty-object $"]);
    expect(lintCodes({ type: z.number().positive() })).toEqual(["exclusive-numeric-bound $.type"]);
  });

  it("refuses a plain object with no JSON Schema keyword, or with a Zod schema among its values", () => {
    expect(() => lintModelFacingSchema({ parameters: 1 })).toThrow(TypeError);
    expect(() => lintModelFacingSchema({ type: "object", extra: z.string() })).toThrow(
      /or a JSON Schema, received an object with keys \[type, extra\]/,
    );
    expect(() => lintModelFacingSchema(new (class Schema {})())).toThrow(TypeError);
  });
});

describe("objects, required and optional", () => {
  it("reads a property left out of required as .optional(), and a default as .default()", () => {
    const schema = {
      type: "object",
      properties: {
        need: { type: "string" },
        may: { type: "string" },
        def: { type: "number", default: 1 },
      },
      required: ["need"],
    };
    expect(rule("optional-property", schema)).toEqual(["$.may", "$.def"]);
    expect(lintModelFacingSchema(schema, { dialect: "openai" }).map((f) => f.path)).toEqual([
      "$.may",
    ]);
  });

  it("reads absent or false additionalProperties as closed, true or a schema as open", () => {
    const open = (extra: unknown) => ({
      ...withA({ type: "string" }),
      additionalProperties: extra,
    });
    const opts = { dialect: "openai-strict" } as const;
    expect(lintCodes(withA({ type: "string" }), opts)).toEqual([]);
    expect(lintCodes(open(false), opts)).toEqual([]);
    expect(lintCodes(open(true), opts)).toEqual(["open-object $"]);
    expect(lintCodes(open({ type: "number" }), opts)).toEqual(["open-object $"]);
  });

  it("reads additionalProperties without properties as a record, propertyNames included", () => {
    const record = withA({
      type: "object",
      propertyNames: { type: "string" },
      additionalProperties: { type: "number", multipleOf: 2 },
    });
    expect(lintCodes(record, { dialect: "gemini-json-schema" })).toEqual([
      "unenforced-keyword $.a",
      "unenforced-keyword $.a.*",
    ]);
    expect(lintCodes(withA({ type: "object" }), { dialect: "gemini" })).toEqual([
      "empty-object $.a",
    ]);
  });

  it("writes paths as the Zod views do", () => {
    const schema = {
      type: "object",
      properties: { "odd key": { type: "array", items: { type: "number", exclusiveMinimum: 0 } } },
      required: ["odd key"],
    };
    expect(lintCodes(schema)).toEqual(['exclusive-numeric-bound $["odd key"][]']);
  });
});

describe("null: nullable (OpenAPI 3.0), type arrays, anyOf with null", () => {
  it.each([
    ["nullable: true", { type: "string", nullable: true }],
    ["a type array", { type: ["string", "null"] }],
    ["anyOf with null", { anyOf: [{ type: "string" }, { type: "null" }] }],
  ])("reads %s as a nullable layer", (_, a) => {
    const optional = { type: "object", properties: { a } };
    expect(lintCodes(optional, { dialect: "openai" })).toEqual([]);
    expect(rule("too-many-union-parameters", withA(a))).toEqual([]);
    expect(lintCodes({ ...(a as Json), type: (a as Json).type }, { dialect: "mcp" })).toEqual([
      "non-object-root $",
    ]);
  });

  it("reads null in an enum as a nullable layer, and a oneOf with null as a union that takes null", () => {
    for (const a of [{ enum: ["a", null] }, { oneOf: [{ type: "string" }, { type: "null" }] }])
      expect(lintCodes({ type: "object", properties: { a } }, { dialect: "openai" })).toEqual([]);
    expect(lintCodes(withA({ enum: [1, null] }), { dialect: "gemini" })).toEqual([
      "non-string-enum $.a",
    ]);
  });

  it("flags an optional property that is not nullable (openai)", () => {
    expect(
      lintCodes({ type: "object", properties: { a: { type: "string" } } }, { dialect: "openai" }),
    ).toEqual(["optional-without-nullable $.a"]);
  });

  it("reads a nullable object root as nullable in every spelling", () => {
    const object = { type: "object", properties: {} };
    for (const root of [
      { ...object, nullable: true },
      { ...object, type: ["object", "null"] },
      { anyOf: [object, { type: "null" }] },
    ])
      expect(lintCodes(root, { dialect: "openai-strict" })).toEqual(["non-object-root $"]);
  });
});

describe("numbers: both spellings of exclusive bounds", () => {
  it.each([
    ["2020-12 / draft-07 number", { type: "number", exclusiveMinimum: 0 }],
    ["OpenAPI 3.0 boolean", { type: "number", minimum: 0, exclusiveMinimum: true }],
    ["an upper bound", { type: "number", exclusiveMaximum: 10 }],
  ])("reads a %s as an exclusive bound", (_, a) => {
    expect(lintCodes(withA(a))).toEqual(["exclusive-numeric-bound $.a"]);
  });

  it("reads minimum with exclusiveMinimum: false, or alone, as inclusive", () => {
    for (const a of [
      { type: "number", minimum: 0, exclusiveMinimum: false },
      { type: "integer", minimum: 0 },
    ]) {
      expect(lintCodes(withA(a))).toEqual([]);
      expect(lintCodes(withA(a), { dialect: "anthropic-strict" })).toEqual(["numeric-bound $.a"]);
    }
  });

  it("reads multipleOf, and Zod 4's safe-integer bounds as a format bound", () => {
    expect(lintCodes(withA({ type: "number", multipleOf: 5 }), { dialect: "gemini" })).toEqual([
      "multiple-of $.a",
    ]);
    const safe = {
      type: "integer",
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    };
    const [finding] = lintModelFacingSchema(withA(safe), { dialect: "anthropic-strict" });
    expect(finding?.message).toContain("integer format");
  });
});

describe("arrays and tuples: items, prefixItems, additionalItems", () => {
  it.each([
    [
      "draft-07 items array",
      { type: "array", items: [{ type: "string" }, { type: "number", exclusiveMinimum: 0 }] },
    ],
    [
      "2020-12 prefixItems",
      { type: "array", prefixItems: [{ type: "string" }, { type: "number", exclusiveMinimum: 0 }] },
    ],
  ])("reads a %s as a tuple", (_, a) => {
    expect(lintCodes(withA(a))).toEqual(["tuple $.a", "exclusive-numeric-bound $.a[1]"]);
  });

  it("reads the rest of a tuple in both spellings", () => {
    const rest = { type: "number", exclusiveMinimum: 0 };
    for (const a of [
      { type: "array", items: [{ type: "string" }], additionalItems: rest },
      { type: "array", prefixItems: [{ type: "string" }], items: rest },
    ])
      expect(lintCodes(withA(a))).toEqual(["tuple $.a", "exclusive-numeric-bound $.a[1:]"]);
  });

  it("reads item bounds, and an array without items as itemless", () => {
    const bounded = withA({ type: "array", items: { type: "string" }, minItems: 2, maxItems: 3 });
    expect(lintCodes(bounded, { dialect: "anthropic-strict" })).toEqual([
      "max-items $.a",
      "min-items-above-one $.a",
    ]);
    const itemless = withA({ type: "array" });
    expect(lintCodes(itemless, { dialect: "openai-strict" })).toEqual(["untyped $.a[]"]);
    expect(lintCodes(itemless, { dialect: "anthropic-strict" })).toEqual([]);
    expect(lintCodes(withA({ type: "array", items: {} }), { dialect: "anthropic-strict" })).toEqual(
      ["untyped $.a[]"],
    );
  });
});

describe("unions, intersections, enums, strings", () => {
  it("reads anyOf as a union, oneOf as an exclusive one, allOf as an intersection", () => {
    const members = [{ type: "string" }, { type: "number" }];
    // Gemini's legacy Schema has no oneOf; OpenAI strict sends a provably exclusive one as anyOf.
    const opts = { dialect: "gemini" } as const;
    expect(lintCodes(withA({ anyOf: members }), opts)).toEqual([]);
    expect(lintCodes(withA({ oneOf: members }), opts)).toEqual(["one-of-union $.a"]);
    expect(lintCodes(withA({ oneOf: members }), { dialect: "openai-strict" })).toEqual([]);
    expect(lintCodes(withA({ allOf: members }), opts)).toEqual(["intersection $.a"]);
    expect(rule("too-many-union-parameters", withA({ type: ["string", "number"] }))).toEqual([]);
  });

  it("puts union members at |i and intersection sides at &i", () => {
    const bad = { type: "number", exclusiveMinimum: 0 };
    expect(lintCodes(withA({ anyOf: [{ type: "string" }, bad] }))).toEqual([
      "exclusive-numeric-bound $.a|1",
    ]);
    expect(lintCodes(withA({ allOf: [bad, { type: "number" }] }))).toEqual([
      "exclusive-numeric-bound $.a&0",
    ]);
  });

  it("reads enum and const, and their value types", () => {
    expect(lintCodes(withA({ type: "number", enum: [1, 2] }), { dialect: "gemini" })).toEqual([
      "non-string-enum $.a",
    ]);
    expect(
      lintCodes(withA({ type: "string", const: "x" }), { dialect: "gemini-json-schema" }),
    ).toEqual(["unenforced-keyword $.a"]);
    expect(lintCodes(withA({ type: "string", enum: ["a", "b"] }), { dialect: "gemini" })).toEqual(
      [],
    );
  });

  it("reads format (and zod-to-json-schema's anyOf of formats), pattern and lengths", () => {
    expect(
      lintCodes(withA({ type: "string", format: "uri" }), { dialect: "openai-strict" }),
    ).toEqual(["string-format $.a"]);
    const ip = { type: "string", anyOf: [{ format: "ipv4" }, { format: "ipv6" }] };
    expect(lintCodes(withA(ip), { dialect: "gemini" })).toEqual(["string-format $.a"]);
    expect(
      lintCodes(withA({ type: "string", pattern: "^a", maxLength: 3 }), {
        dialect: "gemini-json-schema",
      }),
    ).toEqual(["unenforced-keyword $.a"]);
    expect(
      lintCodes(withA({ type: "string", minLength: 1 }), { dialect: "anthropic-strict" }),
    ).toEqual(["string-length-bound $.a"]);
  });

  it("reads {} and true as untyped, false and not {} as never", () => {
    expect(lintCodes(withA({}), { dialect: "openai-strict" })).toEqual(["untyped $.a"]);
    expect(lintCodes(withA(true), { dialect: "openai-strict" })).toEqual(["untyped $.a"]);
    expect(lintCodes(withA(false), { dialect: "openai-strict" })).toEqual([]);
    expect(lintCodes(withA({ not: {} }), { dialect: "openai-strict" })).toEqual([]);
  });
});

describe("$ref, $defs and definitions", () => {
  const tree = (defs: "$defs" | "definitions", optionalChildren = false) => ({
    type: "object",
    properties: { tree: { $ref: `#/${defs}/Node` } },
    required: ["tree"],
    [defs]: {
      Node: {
        type: "object",
        properties: { children: { type: "array", items: { $ref: `#/${defs}/Node` } } },
        required: optionalChildren ? [] : ["children"],
      },
    },
  });

  it.each(["$defs", "definitions"] as const)(
    "reads recursion through #/%s as z.lazy() recursion",
    (defs) => {
      expect(lintCodes(tree(defs))).toEqual(["recursive-lazy $.tree.children[]"]);
      expect(lintCodes(tree(defs), { dialect: "gemini-json-schema" })).toEqual([
        "required-cycle $.tree.children[]",
      ]);
      expect(lintCodes(tree(defs, true), { dialect: "gemini-json-schema" })).toEqual([]);
      expect(lintCodes(tree(defs), { dialect: "openai-strict" })).toEqual([]);
    },
  );

  it("reads the same as the Zod schema it stands for", () => {
    const node: z.ZodType = z.lazy(() => z.object({ children: z.array(node) }));
    const zod = z.object({ tree: node });
    // unsupported-keyword reads a JSON Schema's own keywords: here the $ref the legacy field
    // has no field for (the Zod lint reports the same tool by its cycle, recursive-lazy).
    const own = (finding: string) => !finding.startsWith("unsupported-keyword ");
    for (const dialect of LINT_DIALECT_NAMES)
      expect(lintCodes(tree("$defs"), { dialect }).filter(own)).toEqual(
        lintCodes(zod, { dialect }),
      );
    expect(lintCodes(tree("$defs"), { dialect: "gemini" })).toContain("unsupported-keyword $.tree");
  });

  it("reads $ref: # as recursion to the root", () => {
    const root = { type: "object", properties: { next: { $ref: "#" } } };
    expect(lintCodes(root)).toEqual(["recursive-lazy $.next"]);
  });

  it("reads definitions that are not referenced as nothing", () => {
    const schema = {
      ...withA({ type: "string" }),
      $defs: { Unused: { type: "number", exclusiveMinimum: 0 } },
    };
    expect(lintCodes(schema)).toEqual([]);
  });

  it("flags a $ref to a property path where the path cannot resolve it (property-path-ref)", () => {
    const schema = {
      type: "object",
      properties: { home: { type: "string" }, work: { $ref: "#/properties/home" } },
      required: ["home", "work"],
    };
    expect(lintCodes(schema, { dialect: "openai-strict" })).toEqual(["property-path-ref $.work"]);
    expect(lintCodes(tree("$defs"), { dialect: "gemini" })).not.toContain(
      "property-path-ref $.tree",
    );
  });

  it("decodes JSON Pointer escapes", () => {
    const schema = {
      ...withA({ $ref: "#/$defs/a~1b~0c%20d" }),
      $defs: { "a/b~c d": { type: "number", exclusiveMinimum: 0 } },
    };
    expect(lintCodes(schema)).toEqual(["exclusive-numeric-bound $.a"]);
  });

  it.each([
    [
      "a missing definition",
      "#/$defs/Missing",
      /\$ref "#\/\$defs\/Missing" at #\/properties\/a does not resolve inside the schema/,
    ],
    ["a pointer into a non-schema", "#/required", /does not resolve/],
    ["a remote document", "https://example.com/s.json#/x", /is not local/],
    ["a plain-name anchor", "#node", /does not resolve/],
  ])("throws a TypeError naming %s", (_, ref, message) => {
    const schema = withA({ $ref: ref });
    expect(() => lintModelFacingSchema(schema)).toThrow(TypeError);
    expect(() => lintModelFacingSchema(schema)).toThrow(message);
  });
});

describe("hostile JSON", () => {
  it("reads an object graph that contains itself as a cycle", () => {
    const schema: Json = { type: "object", properties: {} };
    (schema.properties as Json).self = schema;
    expect(lintCodes(schema)).toEqual(["recursive-lazy $.self"]);
  });

  it("walks 10,000-deep properties, items and $ref chains without overflowing", () => {
    let objects: unknown = { type: "number", exclusiveMinimum: 0 };
    let arrays: unknown = { type: "number", exclusiveMinimum: 0 };
    const defs: Json = { d10000: { type: "number", exclusiveMinimum: 0 } };
    for (let i = 0; i < 10_000; i++) {
      objects = withA(objects);
      arrays = { type: "array", items: arrays };
      defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    }
    expect(lintCodes(objects)).toEqual([`exclusive-numeric-bound $${".a".repeat(10_000)}`]);
    expect(lintCodes(withA(arrays))).toEqual([`exclusive-numeric-bound $.a${"[]".repeat(10_000)}`]);
    expect(lintCodes({ ...withA({ $ref: "#/$defs/d0" }), $defs: defs })).toEqual([
      "exclusive-numeric-bound $.a",
    ]);
  });

  it("never mutates, and reads frozen input", () => {
    const schema = withA({ anyOf: [{ type: "string", nullable: true }, { $ref: "#" }] });
    const before = snapshot(schema);
    for (const dialect of LINT_DIALECT_NAMES)
      lintModelFacingSchema(Object.freeze(schema), { dialect });
    expect(snapshot(schema)).toBe(before);
  });

  it("survives Proxies that throw, and getters that throw", () => {
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom");
        },
        ownKeys: () => {
          throw new Error("boom");
        },
      },
    );
    const properties: Json = { ok: { type: "number", exclusiveMinimum: 0 } };
    Object.defineProperty(properties, "bad", {
      enumerable: true,
      get: () => {
        throw new Error("boom");
      },
    });
    for (const schema of [withA(throwing), { type: "object", properties }]) {
      for (const dialect of LINT_DIALECT_NAMES)
        expect(() => lintModelFacingSchema(schema, { dialect })).not.toThrow();
    }
    expect(() => lintModelFacingSchema(throwing)).toThrow(TypeError);
    const { proxy, revoke } = Proxy.revocable({ type: "string" }, {});
    revoke();
    expect(() => lintModelFacingSchema(withA(proxy))).not.toThrow();
    expect(() => lintModelFacingSchema(proxy)).toThrow(TypeError);
  });

  it("survives Proxy arrays and pointers whose traps throw", () => {
    const boom = () => {
      throw new Error("boom");
    };
    const traps = { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom };
    const array = new Proxy([], traps);
    const refHolder = new Proxy(
      {},
      {
        ...traps,
        get: (_: object, key: string | symbol) => (key === "$ref" ? "#/properties/a" : undefined),
      },
    );
    for (const schema of [
      withA({ anyOf: array }),
      withA({ type: "array", prefixItems: array }),
      { ...withA(refHolder), properties: new Proxy({}, traps) },
    ]) {
      for (const dialect of LINT_DIALECT_NAMES) {
        try {
          lintModelFacingSchema(schema, { dialect });
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      }
    }
    const zod = z.object({ a: z.string() });
    (zod.shape as Record<string, unknown>).b = Proxy.revocable({}, {}).proxy;
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    (zod.shape as Record<string, unknown>).c = proxy;
    expect(() => lintModelFacingSchema(zod)).not.toThrow();
  });

  it("reads a 10,000-member anyOf and a 10,000-property object", () => {
    const members = Array.from({ length: 10_000 }, () => ({ type: "number", exclusiveMinimum: 0 }));
    expect(lintCodes(withA({ anyOf: members }))).toHaveLength(10_000);
    const properties = Object.fromEntries(members.map((m, i) => [`p${i}`, m]));
    expect(lintCodes({ type: "object", properties }, { dialect: "openai" })).toHaveLength(10_000);
  });
});

describe("tool sets", () => {
  it("lints JSON Schema parameters in a list of { name, parameters }", () => {
    const findings = lintToolSet([
      { name: "get_weather", parameters: withA({ type: "number", exclusiveMinimum: 0 }) },
    ]);
    expect(findings.map((f) => `${f.tool} ${f.code} ${f.path}`)).toEqual([
      "get_weather exclusive-numeric-bound $.a",
    ]);
    expect(() => lintToolSet([{ name: "t", parameters: withA({ $ref: "#/x" }) }])).toThrow(
      /^lintToolSet: tool 't': lintModelFacingSchema: the \$ref "#\/x"/,
    );
  });
});
