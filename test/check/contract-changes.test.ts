/**
 * The contract's change classification as a table (issue 25, item 4): each rule with a
 * before and an after, written in Zod 4 and in Zod 3 (and projected as the adapters send
 * them) and in plain JSON Schema, reads the same class whichever way it is written; any
 * schema compared with itself is unchanged; arguments break when they narrow, results when
 * they widen; a listing's tools removed, added, reordered and reworded are classified, and
 * the listing's bytes (the prompt cache) said apart.
 */
import { projectParameters, projectReturns } from "toolwright";
import { describe, expect, it } from "vitest";
import * as z4 from "zod";
import * as z3 from "zod/v3";
import { listingChanges } from "../../src/set/contract/listing-changes";
import {
  type ChangeClass,
  canonical,
  schemaChanges,
  written,
} from "../../src/set/contract/schema-changes";

type Z = typeof z4;
const zods = [
  ["zod", z4],
  ["zod/v3", z3 as unknown as Z],
] as const;

/** A rule: arguments before and after, and the class and text of the change they make. */
interface Row {
  readonly rule: string;
  readonly from: (z: Z) => z4.ZodType;
  readonly to: (z: Z) => z4.ZodType;
  readonly json: readonly [object, object];
  /** The class for arguments. */
  readonly input: ChangeClass;
  /** The class for results, when it is not the reverse of `input` (cosmetic stays). */
  readonly output?: ChangeClass;
  readonly what: RegExp;
}

const obj = (properties: object, required: string[] = Object.keys(properties)) => ({
  type: "object",
  properties,
  required,
});

const ROWS: readonly Row[] = [
  {
    rule: "a new required argument",
    from: (z) => z.object({ city: z.string() }),
    to: (z) => z.object({ city: z.string(), days: z.number() }),
    json: [
      obj({ city: { type: "string" } }),
      obj({ city: { type: "string" }, days: { type: "number" } }),
    ],
    input: "breaking",
    what: /^new required property 'days'$/,
  },
  {
    rule: "a new optional argument",
    from: (z) => z.object({ city: z.string() }),
    to: (z) => z.object({ city: z.string(), days: z.number().optional() }),
    json: [
      obj({ city: { type: "string" } }),
      obj({ city: { type: "string" }, days: { type: "number" } }, ["city"]),
    ],
    input: "compatible",
    output: "compatible", // a host ignores what it does not read
    what: /^new optional property 'days'$/,
  },
  {
    rule: "an enum narrowed",
    from: (z) => z.object({ unit: z.enum(["c", "f", "k"]) }),
    to: (z) => z.object({ unit: z.enum(["c", "f"]) }),
    json: [
      obj({ unit: { type: "string", enum: ["c", "f", "k"] } }),
      obj({ unit: { type: "string", enum: ["c", "f"] } }),
    ],
    input: "breaking",
    what: /^enum lost "k"$/,
  },
  {
    rule: "an enum widened",
    from: (z) => z.object({ unit: z.enum(["c", "f"]) }),
    to: (z) => z.object({ unit: z.enum(["c", "f", "k"]) }),
    json: [
      obj({ unit: { type: "string", enum: ["c", "f"] } }),
      obj({ unit: { type: "string", enum: ["c", "f", "k"] } }),
    ],
    input: "compatible",
    what: /^enum gained "k"$/,
  },
  {
    rule: "a bound tightened",
    from: (z) => z.object({ days: z.number().max(14) }),
    to: (z) => z.object({ days: z.number().max(7) }),
    json: [
      obj({ days: { type: "number", maximum: 14 } }),
      obj({ days: { type: "number", maximum: 7 } }),
    ],
    input: "breaking",
    what: /^maximum tightened from 14 to 7$/,
  },
  {
    rule: "a bound loosened",
    from: (z) => z.object({ name: z.string().min(3) }),
    to: (z) => z.object({ name: z.string().min(1) }),
    json: [
      obj({ name: { type: "string", minLength: 3 } }),
      obj({ name: { type: "string", minLength: 1 } }),
    ],
    input: "compatible",
    what: /^minLength loosened from 3 to 1$/,
  },
  {
    rule: "a type narrowed",
    from: (z) => z.object({ n: z.number() }),
    to: (z) => z.object({ n: z.number().int() }),
    json: [obj({ n: { type: "number" } }), obj({ n: { type: "integer" } })],
    input: "breaking",
    what: /^type lost number$/,
  },
  {
    rule: "a property made optional",
    from: (z) => z.object({ city: z.string(), days: z.number() }),
    to: (z) => z.object({ city: z.string(), days: z.number().optional() }),
    json: [
      obj({ city: { type: "string" }, days: { type: "number" } }),
      obj({ city: { type: "string" }, days: { type: "number" } }, ["city"]),
    ],
    input: "compatible",
    what: /^now optional$/,
  },
  {
    rule: "a description reworded",
    from: (z) => z.object({ city: z.string().describe("A city") }),
    to: (z) => z.object({ city: z.string().describe("The city to forecast") }),
    json: [
      obj({ city: { type: "string", description: "A city" } }),
      obj({ city: { type: "string", description: "The city to forecast" } }),
    ],
    input: "cosmetic",
    what: /^description changed$/,
  },
];

const reverse = (change: ChangeClass): ChangeClass =>
  change === "breaking" ? "compatible" : change === "compatible" ? "breaking" : change;

describe.each(zods)("each rule, written in %s and in JSON Schema, reads the same", (_label, z) => {
  it.each(ROWS)("$rule", ({ from, to, json, input, output, what }) => {
    const projected = (schema: z4.ZodType, side: "input" | "output") =>
      side === "input"
        ? projectParameters("t", schema, "draft-2020-12")
        : projectReturns("t", schema, "draft-2020-12");
    for (const side of ["input", "output"] as const) {
      const expected = side === "input" ? input : (output ?? reverse(input));
      const fromZod = schemaChanges(projected(from(z), side), projected(to(z), side), side);
      const fromJson = schemaChanges(json[0], json[1], side);
      // Zod 4's `.int()` adds the safe-integer bounds too: more changes, of the same class.
      for (const changes of [fromZod, fromJson]) {
        expect(new Set(changes.map((change) => change.change))).toEqual(new Set([expected]));
        expect(changes.map((change) => change.what)).toContainEqual(expect.stringMatching(what));
      }
      expect(fromJson).toHaveLength(1);
    }
  });

  it("any schema compared with itself is unchanged, on either side", () => {
    for (const { from, to, json } of ROWS) {
      for (const schema of [
        projectParameters("t", from(z), "draft-07"),
        projectParameters("t", to(z), "draft-2020-12"),
        ...json,
      ]) {
        expect(schemaChanges(schema, structuredClone(schema), "input")).toEqual([]);
        expect(schemaChanges(schema, structuredClone(schema), "output")).toEqual([]);
      }
    }
  });
});

describe("schema changes beyond the table", () => {
  it("a removed property breaks either side; closing the object breaks arguments", () => {
    const open = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } };
    const fewer = { type: "object", properties: { a: { type: "string" } } };
    expect(schemaChanges(open, fewer, "input")).toEqual([
      { path: "$", change: "breaking", what: "property 'b' removed" },
    ]);
    expect(schemaChanges(open, fewer, "output")[0]?.change).toBe("breaking");
    const closed = { ...open, additionalProperties: false };
    expect(schemaChanges(open, closed, "input")).toEqual([
      { path: "$", change: "breaking", what: "closed to other properties" },
    ]);
  });

  it("key order alone is cosmetic; an unknown keyword changed is breaking", () => {
    const a = { type: "string", description: "d" };
    const b = { description: "d", type: "string" };
    expect(schemaChanges(a, b, "input")).toEqual([
      { path: "$", change: "cosmetic", what: "key order" },
    ]);
    expect(schemaChanges({ not: { type: "null" } }, { not: { type: "string" } }, "input")).toEqual([
      { path: "$", change: "breaking", what: "not changed" },
    ]);
  });

  it("names the path of a nested change, through items and unions", () => {
    const before = { type: "array", items: obj({ tag: { type: "string", maxLength: 20 } }) };
    const after = { type: "array", items: obj({ tag: { type: "string", maxLength: 10 } }) };
    expect(schemaChanges(before, after, "input")).toEqual([
      { path: "$[].tag", change: "breaking", what: "maxLength tightened from 20 to 10" },
    ]);
    const union = { anyOf: [{ type: "string" }, { type: "number" }] };
    expect(schemaChanges(union, { anyOf: [{ type: "string" }] }, "input")).toEqual([
      { path: "$", change: "breaking", what: "anyOf lost 1 variant" },
    ]);
  });

  it("a 10,000-deep schema is compared without overflowing, and a change down there is breaking", () => {
    let before: object = { type: "string" };
    let after: object = { type: "number" };
    for (let depth = 0; depth < 10_000; depth++) {
      before = { type: "array", items: before };
      after = { type: "array", items: after };
    }
    const changes = schemaChanges(before, after, "input");
    expect(changes).toHaveLength(1);
    expect(changes[0]?.change).toBe("breaking");
  });
});

describe("the listing's bytes", () => {
  it("are written as JSON.stringify writes them, and canonically with keys sorted", () => {
    const values = [
      { b: 1, a: [1, "x", null, undefined, { d: true, c: undefined }], e: '\u2028"' },
      [],
      {},
      "text",
      12.5,
      null,
      ...ROWS.flatMap((row) => row.json),
    ];
    for (const value of values) expect(written(value)).toBe(JSON.stringify(value));
    expect(canonical({ b: { d: 1, c: 2 }, a: 0 })).toBe('{"a":0,"b":{"c":2,"d":1}}');
  });
});

describe("listing changes", () => {
  const tool = (name: string, description = `The ${name} tool`, parameters: object = obj({})) => ({
    name,
    description,
    parameters,
  });

  it("a tool removed or renamed breaks, one added is compatible, a new order is cosmetic", () => {
    const diff = listingChanges(
      [tool("a"), tool("b"), tool("c")],
      [tool("c"), tool("a"), tool("d")],
    );
    expect(diff.changes.map(({ tool: name, change, what }) => [name, change, what])).toEqual([
      ["b", "breaking", "tool removed or renamed"],
      ["d", "compatible", "tool added"],
      ["", "cosmetic", "listing order changed"],
    ]);
    expect(diff.bytesChanged).toBe(true);
  });

  it("a reworded description is cosmetic and still changes the listing's bytes", () => {
    const diff = listingChanges([tool("a")], [tool("a", "Does a")]);
    expect(diff.changes).toEqual([
      { tool: "a", part: "tool", path: "$", change: "cosmetic", what: "description changed" },
    ]);
    expect(diff.bytesChanged).toBe(true);
    expect(listingChanges([tool("a")], [tool("a")])).toEqual({ changes: [], bytesChanged: false });
  });

  it("names the tool and the argument of a breaking change", () => {
    const before = tool("forecast", "d", obj({ city: { type: "string" } }));
    const after = tool(
      "forecast",
      "d",
      obj({ city: { type: "string" }, days: { type: "integer" } }),
    );
    expect(listingChanges([before], [after]).changes).toEqual([
      {
        tool: "forecast",
        part: "parameters",
        path: "$",
        change: "breaking",
        what: "new required property 'days'",
      },
    ]);
  });
});
