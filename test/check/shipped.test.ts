/**
 * Under a target, the sweep lints exactly what that adapter sends: every adapter sends
 * `parameters`; only MCP sends `returns`, and only an object-rooted one (as `outputSchema`).
 * A `--dialect` of its own keeps linting both sides, as the specification's check does.
 */
import { sweepModelFacingSchemas } from "toolwright/check";
import { ADAPTER_MODES, lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { records } from "./fixtures/shipped";

const summary = (report: ReturnType<typeof sweepModelFacingSchemas>) =>
  report.findings.map((f) => `${f.label} [${f.code}] ${f.dialect} ${f.path}`);

const PARAMETERS_ONLY = ADAPTER_MODES.filter((mode) => mode !== "mcp");

describe("lint only what ships", () => {
  it("the fixture's returns have findings under every adapter's dialect, its parameters none", () => {
    const lookup = records.tools.lookup;
    const pick = records.tools.pick;
    expect(lintModelFacingSchema(lookup?.returns, { dialect: "mcp" }).map((f) => f.code)).toEqual([
      "unrepresentable",
    ]);
    expect(lintModelFacingSchema(pick?.returns, { dialect: "openai-non-strict" })).not.toEqual([]);
  });

  it.each(PARAMETERS_ONLY)("--target %s lints parameters only: no finding on returns", (target) => {
    const report = sweepModelFacingSchemas({ records }, { targets: [target] });
    expect(summary(report)).toEqual([]);
  });

  it("--target mcp lints an object-rooted returns (its outputSchema), not a union-rooted one", () => {
    const report = sweepModelFacingSchemas({ records }, { targets: ["mcp"] });
    expect(summary(report)).toEqual(["records / lookup.returns [unrepresentable] mcp $.when"]);
  });

  it("--dialect alone still lints both sides", () => {
    const report = sweepModelFacingSchemas({ records }, { dialects: ["mcp"] });
    expect(summary(report)).toEqual([
      "records / lookup.returns [unrepresentable] mcp $.when",
      "records / pick.returns [non-object-root] mcp $",
      "records / pick.returns [unrepresentable] mcp $|0.at",
    ]);
  });

  it("a dialect asked for and a target's: the asked dialect lints both sides, the target its own", () => {
    const report = sweepModelFacingSchemas(
      { records },
      { dialects: ["anthropic"], targets: ["openai"] },
    );
    expect(summary(report)).toEqual([
      "records / lookup.returns [unrepresentable] anthropic $.when",
      "records / pick.returns [non-object-root] anthropic $",
      "records / pick.returns [unrepresentable] anthropic $|0.at",
    ]);
  });

  it("a target whose dialect is also asked for lints both sides under it", () => {
    const report = sweepModelFacingSchemas({ records }, { dialects: ["mcp"], targets: ["mcp"] });
    expect(summary(report)).toHaveLength(3);
  });

  it("a returns no target lints is still projected: a host projects it for every listing", () => {
    const report = sweepModelFacingSchemas({ records }, { targets: ["openai"] });
    expect(report.schemasChecked).toBe(4);
  });
});
