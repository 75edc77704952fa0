/**
 * Every rule on both majors: it flags its construct at the documented path, the real converter
 * shows why (unfaithful output or a throw), the suggested rewrite converts cleanly and lints clean
 * in the same dialect, and linting never mutates either schema.
 */

import {
  LINT_DIALECTS,
  LINT_RULES,
  type LintOptions,
  type LintRuleCode,
  lintModelFacingSchema,
} from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "./fixtures.js";
import { convert, MAJORS, runRule, snapshot } from "./helpers.js";

const CASES = (Object.keys(FIXTURES) as LintRuleCode[]).map(
  (code) => [code, FIXTURES[code]] as const,
);

/** The linter under the fixture's dialect; a rule in no row (`optional-property`) runs alone. */
function lintWith(code: LintRuleCode, schema: unknown, options: LintOptions) {
  const rows: readonly LintRuleCode[] = Object.values(LINT_DIALECTS).flat();
  return rows.includes(code) || code === "missing-description"
    ? lintModelFacingSchema(schema, options)
    : runRule(code, schema, options);
}

describe.each(MAJORS)("$name: the no-mutation check itself", ({ z }) => {
  it("notices a changed def, and Zod 4's first read of def.shape", () => {
    const schema = z.object({ a: z.number() });
    const before = snapshot(schema);
    const def = (schema as unknown as { _def: { description?: string } })._def;
    def.description = "changed";
    expect(snapshot(schema)).not.toBe(before);
    const fresh = z.object({ a: z.number() });
    const untouched = snapshot(fresh);
    void fresh.shape; // Zod 4 redefines def.shape here; Zod 3 changes nothing
    expect(snapshot(fresh) === untouched).toBe(!("_zod" in fresh));
  });
});

describe.each(MAJORS)("$name", ({ z, major }) => {
  describe.each(CASES)("%s", (code, fixture) => {
    const options = { dialect: fixture.dialect, ...fixture.options };
    const flagged = fixture.flaggedIn?.includes(major) ?? true;

    it(
      flagged
        ? `flags the construct at ${fixture.path}`
        : "is clean: this major emits it faithfully",
      () => {
        const findings = lintWith(code, fixture.bad(z), options);
        const mine = findings.filter((finding) => finding.code === code);
        if (!flagged) return expect(mine).toEqual([]);
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({
          code,
          path: fixture.path,
          dialect: fixture.dialect,
          severity: LINT_RULES[code].severity,
        });
        expect(mine[0]?.message.length).toBeGreaterThan(60);
      },
    );

    it("converter evidence: the construct comes out unfaithful", () => {
      const schema = fixture.bad(z);
      fixture.evidence(convert(major, schema, fixture.dialect), major, schema);
    });

    it("the suggested rewrite converts cleanly and lints clean", () => {
      const good = fixture.good(z);
      fixture.goodEvidence(convert(major, good, fixture.dialect), major);
      expect(lintWith(code, good, options)).toEqual([]);
    });

    it("does not mutate the schema", () => {
      for (const schema of [fixture.bad(z), fixture.good(z)]) {
        const before = snapshot(schema);
        lintModelFacingSchema(schema, options);
        expect(snapshot(schema)).toBe(before);
      }
    });
  });
});
