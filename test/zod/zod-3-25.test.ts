/**
 * Issue 10, item 3: zod 3.25's Zod 4 build (`zod-3-25/v4`) is linted and projected as zod 4
 * is. The one difference is real: that build's converter emits a discriminated union as
 * `anyOf` (Zod 4.1.13 made it `oneOf`), so `one-of-union` has nothing to flag there.
 */
import { type JsonSchemaTarget, toJsonSchema } from "toolwright";
import { type LintOptions, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z325 } from "zod-3-25/v4";
import { FIXTURES } from "../lint/fixtures.js";
import type { AnyZ } from "../lint/helpers.js";

const v4From325 = z325 as unknown as AnyZ;
const TARGETS: readonly JsonSchemaTarget[] = ["draft-2020-12", "draft-07", "openapi-3.0"];
/** A projection without its `pattern`s: each build has its own regexes (3.25's datetime allows HH:MM). */
const withoutPatterns = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema), (key, value) => (key === "pattern" ? undefined : value));
const findings = (schema: unknown, options: LintOptions) =>
  lintModelFacingSchema(schema, options).map((finding) => `${finding.code} ${finding.path}`);

describe.each(Object.entries(FIXTURES))("%s fixture", (code, fixture) => {
  const options = { dialect: fixture.dialect, ...fixture.options };
  const sameAsZod4 = code !== "one-of-union";

  it.each(["bad", "good"] as const)("lints the %s schema as zod 4 does", (which) => {
    const expected = findings(fixture[which](z), options);
    const actual = findings(fixture[which](v4From325), options);
    if (sameAsZod4 || which === "good") expect(actual).toStrictEqual(expected);
    else expect(actual).toStrictEqual([]);
  });

  it.each(["bad", "good"] as const)("projects the %s schema as zod 4 does", (which) => {
    for (const target of TARGETS)
      for (const side of ["input", "output"] as const) {
        const project = (schema: unknown) =>
          withoutPatterns(toJsonSchema(schema as never, { target, side, unrepresentable: "any" }));
        const expected = project(fixture[which](z));
        const actual = project(fixture[which](v4From325));
        if (sameAsZod4 || which === "good") expect(actual).toStrictEqual(expected);
        else expect(JSON.stringify(actual)).toContain('"anyOf"');
      }
  });
});

it("keeps zod 3.25's descriptions, which live in that build's own registry", () => {
  const schema = z325.object({ city: z325.string().describe("The city") });
  const city = (toJsonSchema(schema).properties as Record<string, unknown>).city;
  expect(city).toStrictEqual({ type: "string", description: "The city" });
});
