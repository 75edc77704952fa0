/**
 * Issue 10, item 2: every projection is valid under the dialect it targets. Every schema of
 * the examples and fixtures, with every Zod build, both sides, every target, is checked
 * against that dialect's meta-schema by ajv: 2020-12 and draft-07 with ajv's own, OpenAPI 3.0
 * with the Schema Object rules in `openapi-3.0-schema-object.ts`. Each one is also compiled,
 * so every `$ref` must resolve.
 */
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import { type JsonSchemaTarget, toJsonSchema } from "toolwright";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../lint/fixtures.js";
import { fixtureCapabilities } from "../set/fixtures.js";
import { openApi30SchemaObject } from "./openapi-3.0-schema-object.js";
import { BUILDS, moduleSchemas, schemasIn } from "./schemas.js";

const TARGETS: readonly JsonSchemaTarget[] = ["draft-2020-12", "draft-07", "openapi-3.0"];

const draft2020 = new Ajv2020({ strict: false, validateFormats: false });
const draft07 = new Ajv({ strict: false, validateFormats: false });
const openApi30 = new Ajv({ strict: false, validateFormats: false }).compile(openApi30SchemaObject);

/** The meta-schema errors of `schema` under `target`, or where compiling it failed. */
function dialectErrors(schema: object, target: JsonSchemaTarget): string[] {
  if (target === "openapi-3.0") {
    const errors: string[] = [];
    if (!openApi30(schema)) errors.push(draft07.errorsText(openApi30.errors));
    return [...errors, ...unresolvedRefs(schema)];
  }
  const ajv = target === "draft-07" ? draft07 : draft2020;
  if (!ajv.validateSchema(schema)) return [ajv.errorsText(ajv.errors)];
  return compileErrors(ajv, schema);
}

function compileErrors(ajv: Ajv, schema: object): string[] {
  try {
    ajv.compile(schema);
    ajv.removeSchema(schema);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** Every `$ref` that is not a JSON pointer to a node of `root` (ajv cannot compile OpenAPI 3.0). */
function unresolvedRefs(root: object): string[] {
  const unresolved: string[] = [];
  const resolve = (ref: string): unknown =>
    ref
      .slice(2)
      .split("/")
      .filter((segment) => segment !== "")
      .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
  const visit = (value: unknown): void => {
    if (typeof value !== "object" || value === null) return;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && (!ref.startsWith("#") || typeof resolve(ref) !== "object"))
      unresolved.push(`unresolved $ref ${ref}`);
    for (const child of Object.values(value)) visit(child);
  };
  visit(root);
  return unresolved;
}

const checked = new Set<string>();

/** Every emitted projection of `schemas` that is not valid, as `target side: errors`. */
function invalidProjections(schemas: readonly object[]): string[] {
  const invalid: string[] = [];
  for (const schema of schemas)
    for (const target of TARGETS)
      for (const side of ["input", "output"] as const) {
        const projected = toJsonSchema(schema as never, { target, side, unrepresentable: "any" });
        const key = `${target} ${JSON.stringify(projected)}`;
        if (checked.has(key)) continue; // many-tools.ts repeats one schema a thousand times
        checked.add(key);
        const errors = dialectErrors(projected, target);
        if (errors.length > 0)
          invalid.push(`${target} ${side}: ${errors.join("; ")} in ${JSON.stringify(projected)}`);
      }
  return invalid;
}

describe("every projection is valid under its dialect", () => {
  it("for the examples and the check fixtures", async () => {
    const modules = await moduleSchemas();
    expect(modules.length).toBeGreaterThan(10);
    const schemas = modules.flatMap(([, found]) => found);
    expect(schemas.length).toBeGreaterThan(20);
    expect(invalidProjections(schemas)).toStrictEqual([]);
  });

  describe.each(BUILDS)("built with $name", ({ name, z }) => {
    it("for the host fixtures", () => {
      if (name === "zod-3-25") return; // The host fixtures need Zod 3.25's full classic API only via zod/v3.
      const schemas = schemasIn(fixtureCapabilities(z as never));
      expect(schemas.length).toBeGreaterThan(5);
      expect(invalidProjections(schemas)).toStrictEqual([]);
    });

    it("for the lint fixtures, bad and good", () => {
      const schemas = Object.values(FIXTURES).flatMap((fixture) => [
        fixture.bad(z) as object,
        fixture.good(z) as object,
      ]);
      expect(invalidProjections(schemas)).toStrictEqual([]);
    });

    it("for numeric bounds, tuples, nullables, literals and recursion", () => {
      const tree: unknown = z.lazy(() => z.object({ children: z.array(tree as never) }));
      const schema = z.object({
        positive: z.number().positive(),
        between: z.number().gt(1).lt(9),
        mixed: z.number().min(5).gt(3).max(7).lt(8),
        pair: z.tuple([z.string(), z.number()]),
        rest: z.tuple([z.string()]).rest(z.boolean()),
        maybe: z.string().nullable(),
        either: z.union([z.string(), z.number()]).nullable(),
        exact: z.literal("x"),
        none: z.null(),
        tree: tree as never,
      });
      expect(invalidProjections([schema])).toStrictEqual([]);
    });
  });
});
