/**
 * A Zod object as MCP's elicitation form (`formSchemaOf`): every field kind the form
 * defines, on both Zod lines, and a named TypeError for what no form carries.
 */
import { describe, expect, it } from "vitest";
import * as z4 from "zod";
import * as z3 from "zod/v3";
import { formSchemaOf } from "../../../src/adapters/mcp/form-schema";

describe("formSchemaOf", () => {
  it("builds SEP-1330's titled and untitled single- and multi-select enums", () => {
    const titled = z4.union([
      z4.literal("s").meta({ title: "Small" }),
      z4.literal("l").meta({ title: "Large" }),
    ]);
    const form = formSchemaOf(
      z4.object({
        one: z4.enum(["a", "b"]),
        titled,
        many: z4.array(z4.enum(["a", "b"])).min(1),
        manyTitled: z4.array(titled),
      }),
    );
    const choices = [
      { const: "s", title: "Small" },
      { const: "l", title: "Large" },
    ];
    expect(form.properties).toEqual({
      one: { type: "string", enum: ["a", "b"] },
      titled: { type: "string", oneOf: choices },
      many: { type: "array", minItems: 1, items: { type: "string", enum: ["a", "b"] } },
      manyTitled: { type: "array", items: { anyOf: choices } },
    });
  });

  it("keeps the legacy enumNames of an enum given them in .meta", () => {
    const legacy = z4.enum(["a", "b"]).meta({ enumNames: ["Alpha", "Beta"] });
    expect(formSchemaOf(z4.object({ legacy })).properties.legacy).toEqual({
      type: "string",
      enum: ["a", "b"],
      enumNames: ["Alpha", "Beta"],
    });
  });

  it("carries SEP-1034 defaults of every primitive, and leaves defaulted fields optional", () => {
    const form = formSchemaOf(
      z4.object({
        name: z4.string().default("John Doe"),
        age: z4.number().int().default(30),
        score: z4.number().default(95.5),
        status: z4.enum(["active", "inactive"]).default("active"),
        verified: z4.boolean().default(true),
      }),
    );
    expect(form.properties).toMatchObject({
      name: { type: "string", default: "John Doe" },
      age: { type: "integer", default: 30 },
      score: { type: "number", default: 95.5 },
      status: { type: "string", enum: ["active", "inactive"], default: "active" },
      verified: { type: "boolean", default: true },
    });
    expect(form.required).toBeUndefined();
  });

  it("builds the same form from a Zod 3 object", () => {
    const form = formSchemaOf(
      z3.object({ email: z3.string().email(), n: z3.number().min(1), pick: z3.enum(["x", "y"]) }),
    );
    expect(form).toEqual({
      type: "object",
      properties: {
        email: { type: "string", format: "email" },
        n: { type: "number", minimum: 1 },
        pick: { type: "string", enum: ["x", "y"] },
      },
      required: ["email", "n", "pick"],
    });
  });

  it.each([
    [
      "a pattern without a format",
      z4.object({ code: z4.string().regex(/^[A-Z]+$/) }),
      "field 'code' has 'pattern'",
    ],
    [
      "an exclusive bound",
      z4.object({ n: z4.number().positive() }),
      "field 'n' has 'exclusiveMinimum'",
    ],
    ["a format no form takes", z4.object({ ip: z4.ipv4() }), "field 'ip' has format 'ipv4'"],
    [
      "a nullable",
      z4.object({ s: z4.string().nullable() }),
      "field 's' is a union (or a nullable)",
    ],
    [
      "an array of strings",
      z4.object({ list: z4.array(z4.string()) }),
      "field 'list' is an array of anything but an enum",
    ],
    ["a nested object", z4.object({ at: z4.object({}) }), "field 'at' is an object"],
  ])("refuses %s, naming the field", (_what, schema, message) => {
    expect(() => formSchemaOf(schema)).toThrow(TypeError);
    expect(() => formSchemaOf(schema)).toThrow(`ctx.elicit: ${message}`);
  });

  it("refuses what is not a Zod object", () => {
    expect(() => formSchemaOf({ type: "object" })).toThrow(
      /^ctx\.elicit: schema must be a Zod object, received/,
    );
    expect(() => formSchemaOf(z4.string())).toThrow(
      "ctx.elicit: schema must be a Zod object of fields (z.object({ … }))",
    );
  });
});
