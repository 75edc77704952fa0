/**
 * Zod 3 reuse that is not recursion is projected inline, as Zod 4 projects it: zod-to-json-schema
 * writes a schema object met again as a `$ref` to its first property path, which Gemini's
 * legacy `parameters` cannot carry at all and OpenAI strict cannot resolve. Recursion keeps
 * its `$ref`, pointing at the node it recurs to.
 */
import { projectParameters } from "toolwright";
import { describe, expect, it } from "vitest";
import { z } from "zod/v3";
import { jsonNodes } from "../lint/evidence/json-nodes.js";

const refsOf = (schema: unknown) =>
  jsonNodes(schema as Record<string, unknown>).flatMap(({ node }) =>
    typeof node.$ref === "string" ? [node.$ref] : [],
  );

const targets = ["draft-07", "draft-2020-12", "openapi-3.0"] as const;

describe.each(targets)("Zod 3 reuse without $ref (%s)", (target) => {
  it("inlines a schema object used at two paths", () => {
    const day = z.string().describe("YYYY-MM-DD");
    const projected = projectParameters("t", z.object({ from: day, to: day.optional() }), target);
    expect(refsOf(projected)).toEqual([]);
    expect(projected).toMatchObject({
      properties: { from: { type: "string" }, to: { type: "string", description: "YYYY-MM-DD" } },
    });
  });

  it("inlines a union reused inside array items through a .describe() copy", () => {
    const Value = z.union([z.string(), z.object({ n: z.number() })]);
    const schema = z.object({
      value: Value,
      values: z.array(Value.describe("one value")),
    });
    const projected = projectParameters("t", schema, target);
    expect(refsOf(projected)).toEqual([]);
    expect(JSON.stringify((projected.properties as Record<string, unknown>).values)).toContain(
      '"string"',
    );
  });

  it("keeps recursion a $ref, also in an inlined copy of a recursive schema", () => {
    interface Tree {
      name: string;
      children: Tree[];
    }
    const Tree: z.ZodType<Tree> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(Tree) }),
    );
    const projected = projectParameters("t", z.object({ a: Tree, b: Tree }), target);
    expect(refsOf(projected).sort()).toEqual(["#/properties/a", "#/properties/b"]);
  });
});
