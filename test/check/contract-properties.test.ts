/**
 * Issue 25 item 4's properties, over schemas nobody wrote by hand: any schema compared with
 * itself is unchanged, and a change reads the same class whichever way it is written (a
 * Zod 4 schema, a Zod 3 one, or plain JSON Schema), for random schemas around it.
 */
import fc from "fast-check";
import { projectParameters } from "toolwright";
import { describe, expect, it } from "vitest";
import * as z4 from "zod";
import * as z3 from "zod/v3";
import { schemaChanges } from "../../src/set/contract/schema-changes";

/** A field's shape, built alike as Zod 4, Zod 3 and JSON Schema. */
type Field =
  | { readonly t: "string" | "number" | "boolean" }
  | { readonly t: "enum"; readonly values: readonly string[] }
  | { readonly t: "array"; readonly of: Field }
  | { readonly t: "object"; readonly fields: Fields };
type Fields = ReadonlyArray<readonly [name: string, field: Field, optional: boolean]>;

const names = fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 4 });

const { field } = fc.letrec<{ field: Field }>((tie) => ({
  field: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({ t: fc.constantFrom("string" as const, "number" as const, "boolean" as const) }),
    fc.record({
      t: fc.constant("enum" as const),
      values: fc.uniqueArray(fc.constantFrom("x", "y", "z"), { minLength: 1 }),
    }),
    fc.record({ t: fc.constant("array" as const), of: tie("field") }),
    fc.record({ t: fc.constant("object" as const), fields: fieldsOf(tie("field")) }),
  ),
}));

function fieldsOf(of: fc.Arbitrary<Field>): fc.Arbitrary<Fields> {
  return names.chain((keys) =>
    fc.tuple(...keys.map((key) => fc.tuple(fc.constant(key), of, fc.boolean()))),
  );
}

const rootFields = fieldsOf(field);

type Z = typeof z4;

function zodOf(z: Z, shape: Field): z4.ZodType {
  switch (shape.t) {
    case "string":
      return z.string();
    case "number":
      return z.number();
    case "boolean":
      return z.boolean();
    case "enum":
      return z.enum(shape.values as [string, ...string[]]);
    case "array":
      return z.array(zodOf(z, shape.of));
    case "object":
      return zodObject(z, shape.fields);
  }
}

function zodObject(z: Z, fields: Fields): z4.ZodType {
  const shape: Record<string, z4.ZodType> = {};
  for (const [name, child, optional] of fields) {
    shape[name] = optional ? zodOf(z, child).optional() : zodOf(z, child);
  }
  return z.object(shape);
}

function jsonOf(shape: Field): Record<string, unknown> {
  switch (shape.t) {
    case "enum":
      return { type: "string", enum: [...shape.values] };
    case "array":
      return { type: "array", items: jsonOf(shape.of) };
    case "object":
      return jsonObject(shape.fields);
    default:
      return { type: shape.t };
  }
}

function jsonObject(fields: Fields): Record<string, unknown> {
  const required = fields.filter(([, , optional]) => !optional).map(([name]) => name);
  return {
    type: "object",
    properties: Object.fromEntries(fields.map(([name, child]) => [name, jsonOf(child)])),
    ...(required.length > 0 && { required }),
  };
}

// Zod 3 is typed apart from Zod 4; the builders need only the members both share.
const MAJORS = { "zod 4": z4, "zod/v3": z3 as unknown as Z } as const;

/** The root's parameters in each way of writing them. */
function written(fields: Fields): Record<string, unknown>[] {
  return [
    ...Object.values(MAJORS).map((z) =>
      projectParameters("t", zodObject(z, fields), "draft-2020-12"),
    ),
    jsonObject(fields),
  ];
}

const classesOf = (before: unknown, after: unknown) =>
  [...new Set(schemaChanges(before, after, "input").map((change) => change.change))].sort();

describe("contract changes, as properties", () => {
  it("any schema compared with itself is unchanged, on either side, however written", () => {
    fc.assert(
      fc.property(rootFields, (fields) => {
        for (const schema of written(fields)) {
          expect(schemaChanges(schema, structuredClone(schema), "input")).toEqual([]);
          expect(schemaChanges(schema, structuredClone(schema), "output")).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("a new field reads as breaking when required and compatible when optional, in Zod 4, Zod 3 and JSON Schema alike", () => {
    fc.assert(
      fc.property(rootFields, field, fc.boolean(), (fields, added, optional) => {
        const grown: Fields = [
          ...fields.filter(([name]) => name !== "new"),
          ["new", added, optional],
        ];
        const before = written(fields);
        const after = written(grown);
        const classes = before.map((schema, index) => classesOf(schema, after[index]));
        expect(classes[0]).toEqual([optional ? "compatible" : "breaking"]);
        expect(classes).toEqual([classes[0], classes[0], classes[0]]);
      }),
      { numRuns: 150 },
    );
  });

  it("a narrowed field type reads as breaking in every way of writing it", () => {
    fc.assert(
      fc.property(rootFields, (fields) => {
        const wide: Fields = [...fields, ["w", { t: "enum", values: ["x", "y"] }, false]];
        const narrow: Fields = [...fields, ["w", { t: "enum", values: ["x"] }, false]];
        const before = written(wide);
        const after = written(narrow);
        for (const [index, schema] of before.entries()) {
          expect(classesOf(schema, after[index])).toEqual(["breaking"]);
        }
      }),
      { numRuns: 100 },
    );
  });
});
