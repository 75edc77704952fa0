/**
 * A Zod 4 classic schema of zod 4.2 or later projects through its own `toJSONSchema`,
 * which emits every target natively: the converters (and their dialect rewrites) are never
 * loaded for it. This is no loss: over every such schema of the examples and fixtures, the
 * native projection is what the rewrites would have made of it, key order aside, with the
 * one change toolwright keeps in the core (a closed tuple's `items: false` said with
 * `maxItems` in 2020-12). projection-validity.test.ts checks each against its dialect.
 */
import { type JsonSchemaTarget, toJsonSchema } from "toolwright";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { toDraft2020, toOpenApi30 } from "../../src/zod/converters/dialects.js";
import { FIXTURES } from "../lint/fixtures.js";
import { fixtureCapabilities } from "../set/fixtures.js";
import { moduleSchemas, schemasIn } from "./schemas.js";

vi.mock("../../src/zod/load-converters.js", () => ({
  loadConverters: () => {
    throw new Error("the converters were loaded for a schema with its own toJSONSchema");
  },
}));

const REWRITES: Record<JsonSchemaTarget, (schema: Record<string, unknown>) => unknown> = {
  "draft-2020-12": toDraft2020,
  "draft-07": (schema) => schema,
  "openapi-3.0": toOpenApi30,
};

/** `value` with every object's keys sorted, so that key order does not count. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : typeof value === "object" && value !== null
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
        )
      : value;

async function nativeSchemas(): Promise<object[]> {
  const found = [
    ...(await moduleSchemas()).flatMap(([, schemas]) => schemas),
    ...schemasIn(fixtureCapabilities(z as never)),
    ...Object.values(FIXTURES).flatMap((fixture) => [
      fixture.bad(z) as object,
      fixture.good(z) as object,
    ]),
  ];
  return found.filter(
    (schema) => typeof (schema as { toJSONSchema?: unknown }).toJSONSchema === "function",
  );
}

describe("Zod 4 schemas with their own toJSONSchema", () => {
  it("project every target without the converters, as the rewrites would have", async () => {
    const schemas = await nativeSchemas();
    expect(schemas.length).toBeGreaterThan(100);
    const differences: string[] = [];
    for (const schema of schemas)
      for (const target of Object.keys(REWRITES) as JsonSchemaTarget[])
        for (const side of ["input", "output"] as const) {
          const options = { target, io: side, unrepresentable: "any" } as const;
          const native = (
            schema as { toJSONSchema(o: object): Record<string, unknown> }
          ).toJSONSchema(options);
          const { $schema: _marker, ...rewritten } = REWRITES[target](native) as Record<
            string,
            unknown
          >;
          const projected = toJsonSchema(schema as never, { target, side, unrepresentable: "any" });
          if (JSON.stringify(sorted(projected)) !== JSON.stringify(sorted(rewritten)))
            differences.push(`${target} ${side}: ${JSON.stringify(projected)}`);
        }
    expect(differences).toStrictEqual([]);
  });

  it("say a closed tuple's length with maxItems in 2020-12, where Zod emits items: false", () => {
    const schema = z.object({
      pair: z.tuple([z.string(), z.number()]),
      open: z.tuple([z.string()]).rest(z.number()),
    });
    const native = schema.toJSONSchema({ target: "draft-2020-12" }) as {
      properties: Record<string, unknown>;
    };
    expect(native.properties.pair).toHaveProperty("items", false);
    expect(toJsonSchema(schema, { target: "draft-2020-12" }).properties).toStrictEqual({
      pair: {
        type: "array",
        prefixItems: [{ type: "string" }, { type: "number" }],
        minItems: 2,
        maxItems: 2,
      },
      open: {
        type: "array",
        prefixItems: [{ type: "string" }],
        items: { type: "number" },
        minItems: 1,
      },
    });
  });

  it("leave a default or an enum that looks like a closed tuple as it is: it is data", () => {
    const value = { items: false, prefixItems: ["a"] };
    const schema = z.object({ data: z.record(z.string(), z.unknown()).default(value) });
    expect(toJsonSchema(schema, { target: "draft-2020-12" }).properties).toMatchObject({
      data: { default: value },
    });
  });
});
