import { sweepModelFacingSchemas } from "toolwright/check";
import { ADAPTER_DIALECTS } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { parseCheckArgs } from "../../src/check/cli/arguments";
import { notes } from "./fixtures/targets";

const summary = (report: ReturnType<typeof sweepModelFacingSchemas>) =>
  report.findings.map((f) => `${f.label} [${f.code}] ${f.dialect} ${f.path}`);

describe("sweep targets", () => {
  it("a target adds its dialect, its name rule and its request budgets", () => {
    const report = sweepModelFacingSchemas({ notes }, { targets: ["anthropic-strict"] });
    expect(report.dialects).toEqual([ADAPTER_DIALECTS["anthropic-strict"]]);
    expect(report.targets).toEqual(["anthropic-strict"]);
    expect(summary(report)).toEqual([
      "notes / notes.find.parameters [numeric-bound] anthropic-strict $.limit",
      "notes / notes.find [invalid-tool-name] anthropic-strict $",
      "notes / (request) [request-budget] anthropic-strict $",
    ]);
    expect(report.findings.at(-1)?.message).toMatch(/21 strict tools/);
  });

  it("mcp takes the dotted name and has no budget", () => {
    const report = sweepModelFacingSchemas({ notes }, { targets: ["mcp"] });
    expect(summary(report)).toEqual([]);
  });

  it("targets and dialects together: both dialects, once each", () => {
    const report = sweepModelFacingSchemas(
      { notes },
      { targets: ["openai", "gemini"], dialects: ["openai-non-strict"] },
    );
    expect(report.dialects).toEqual(["openai-non-strict", "gemini-json-schema"]);
    expect(summary(report)).toEqual(["notes / notes.find [invalid-tool-name] openai-non-strict $"]);
  });

  it("without targets, nothing changes", () => {
    const report = sweepModelFacingSchemas({ notes });
    expect(report.dialects).toEqual(["gemini-bifrost"]);
    expect(report.findings.filter((f) => f.code === "invalid-tool-name")).toEqual([]);
  });
});

describe("sweep ledger", () => {
  it("collects what each lowering target changes, per tool, when asked", () => {
    const report = sweepModelFacingSchemas(
      { notes },
      { targets: ["anthropic-strict", "openai-strict"], ledger: true },
    );
    expect(report.ledger).toEqual([
      {
        label: "notes / notes.find.parameters",
        name: "notes.find",
        source: undefined,
        target: "anthropic-strict",
        path: "$.limit",
        kind: "moved",
        message: "maximum 100 moved into the description",
      },
    ]);
  });

  it("is empty unless asked for", () => {
    const report = sweepModelFacingSchemas({ notes }, { targets: ["anthropic-strict"] });
    expect(report.ledger).toEqual([]);
  });
});

describe("--target", () => {
  it("takes adapter modes and drops the default dialect", () => {
    const command = parseCheckArgs(["m.ts", "--target", "openai", "--target", "anthropic-strict"]);
    expect(command).toMatchObject({
      kind: "check",
      options: { targets: ["openai", "anthropic-strict"], dialects: [], ledger: false },
    });
  });

  it("names the valid targets for an unknown one", () => {
    expect(parseCheckArgs(["m.ts", "--target", "claude"])).toEqual({
      kind: "usage-error",
      message:
        "unknown target 'claude'; valid targets: openai, openai-strict, anthropic, anthropic-strict, gemini, gemini-parameters, mcp",
    });
  });
});

describe("--max-warnings", () => {
  it("sets no limit by default: warnings alone never fail", () => {
    expect(parseCheckArgs(["m.ts"])).toMatchObject({
      kind: "check",
      options: { maxWarnings: undefined },
    });
  });

  it("takes a limit, 0 included", () => {
    expect(parseCheckArgs(["m.ts", "--max-warnings", "0"])).toMatchObject({
      kind: "check",
      options: { maxWarnings: 0 },
    });
  });
});
