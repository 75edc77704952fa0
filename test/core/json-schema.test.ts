import {
  type JsonSchemaTarget,
  projectParameters,
  projectReturns,
  SchemaProjectionError,
  toJsonSchema,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { thrown } from "./catch";
import { zodMajors } from "./zods";

const targets: JsonSchemaTarget[] = ["draft-07", "draft-2020-12", "openapi-3.0"];

describe.each(zodMajors)("toJsonSchema with $major", ({ major, z }) => {
  const schema = z.object({
    name: z.string().describe("Who"),
    score: z.number().nullable(),
    count: z.number().default(1),
  });

  it("caches the projection per schema object and options", () => {
    const first = toJsonSchema(schema);
    expect(toJsonSchema(schema)).toBe(first);
    expect(toJsonSchema(schema, { target: "draft-07", side: "input" })).toBe(first);
    expect(toJsonSchema(schema, { target: "openapi-3.0" })).not.toBe(first);
    expect(toJsonSchema(schema, { side: "output" })).not.toBe(first);
    const twin = z.object({
      name: z.string().describe("Who"),
      score: z.number().nullable(),
      count: z.number().default(1),
    });
    expect(toJsonSchema(twin)).not.toBe(first);
    expect(toJsonSchema(twin)).toStrictEqual(first);
  });

  it("returns a deep-frozen result without $schema", () => {
    const projected = toJsonSchema(schema);
    expect(Object.isFrozen(projected)).toBe(true);
    expect(Object.isFrozen(projected.properties)).toBe(true);
    const properties = projected.properties as Record<string, object>;
    expect(Object.isFrozen(properties.name)).toBe(true);
    expect(Object.isFrozen(projected.required)).toBe(true);
    expect(() => {
      (projected as Record<string, unknown>).type = "string";
    }).toThrow(TypeError);
    expect(projected).not.toHaveProperty("$schema");
  });

  it.each(targets)("projects to %s", (target) => {
    const projected = toJsonSchema(schema, { target });
    expect(projected.type).toBe("object");
    expect(projected).not.toHaveProperty("$schema");
    const properties = projected.properties as Record<string, unknown>;
    expect(properties.name).toStrictEqual({ type: "string", description: "Who" });
    expect(properties.score).toStrictEqual(
      target === "openapi-3.0" ? { type: "number", nullable: true } : { type: ["number", "null"] },
    );
    expect(properties.count).toStrictEqual({ type: "number", default: 1 });
    expect(projected.required).toStrictEqual(["name", "score"]);
  });

  it("projects the input side by default and the output side on request", () => {
    const input = toJsonSchema(schema, { side: "input" });
    const output = toJsonSchema(schema, { side: "output" });
    expect(input.required).toStrictEqual(["name", "score"]);
    // zod-to-json-schema has one rendering for both sides; Zod 4 renders each.
    expect(output.required).toStrictEqual(
      major === "zod/v3" ? ["name", "score"] : ["name", "score", "count"],
    );
    const transformed = z.object({ n: z.string().transform((s) => s.length) });
    expect(toJsonSchema(transformed).properties).toStrictEqual({ n: { type: "string" } });
  });

  it("projects a returns part JSON Schema cannot carry as {} instead of throwing", () => {
    const returns = z.object({ at: z.date().transform((d) => d.toISOString()) });
    const at = (projectReturns("stamp", returns).properties as Record<string, unknown>).at;
    // zod-to-json-schema renders the input side (a date-time string); Zod 4 has no form for it.
    expect(at).toStrictEqual(major === "zod/v3" ? { type: "string", format: "date-time" } : {});
  });

  it("names the tool or play when parameters cannot be projected", () => {
    const parameters = z.object({ when: z.date() });
    if (major === "zod/v3") {
      expect(projectParameters("later", parameters).type).toBe("object");
      return;
    }
    for (const kind of ["tool", "play"] as const) {
      const error = thrown(() =>
        projectParameters("later", parameters, "draft-07", kind),
      ) as SchemaProjectionError;
      expect(error).toBeInstanceOf(SchemaProjectionError);
      expect(error.tool).toBe("later");
      expect(error.kind).toBe(kind);
      expect(error.message).toBe(
        `${kind} 'later' parameters cannot be projected to JSON Schema: ${(error.cause as Error).message}`,
      );
    }
  });

  it("throws for an unrepresentable construct by default and emits {} with unrepresentable: any", () => {
    const schema = z.object({ big: z.bigint() });
    if (major === "zod/v3") {
      // zod-to-json-schema never throws: it degrades a bigint to an int64 integer.
      const big = (toJsonSchema(schema).properties as Record<string, unknown>).big;
      expect(big).toStrictEqual({ type: "integer", format: "int64" });
      return;
    }
    expect(() => toJsonSchema(schema)).toThrow(/BigInt cannot be represented/i);
    expect(
      (toJsonSchema(schema, { unrepresentable: "any" }).properties as Record<string, unknown>).big,
    ).toStrictEqual({});
  });
});

describe("toJsonSchema targets with zod (v4)", () => {
  const { z } = zodMajors[0] as (typeof zodMajors)[number];

  it("renders a tuple per target", () => {
    const pair = z.object({ at: z.tuple([z.string(), z.number()]) });
    const at = (target: JsonSchemaTarget) =>
      (toJsonSchema(pair, { target }).properties as Record<string, Record<string, unknown>>).at;
    expect(at("draft-07")?.items).toStrictEqual([{ type: "string" }, { type: "number" }]);
    expect(at("draft-2020-12")?.prefixItems).toStrictEqual([
      { type: "string" },
      { type: "number" },
    ]);
    expect(at("openapi-3.0")?.items).toStrictEqual({
      anyOf: [{ type: "string" }, { type: "number" }],
    });
  });
});
