/**
 * `--format github --ledger`: each lowering change is a `::notice` annotation at the line
 * defining the tool, beside the findings' errors, and never changes the exit code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, removeCli, runCli } from "./build";

beforeAll(buildCli, 120_000);
afterAll(removeCli);

const BOUNDS = "test/check/fixtures/many-bounds.ts";
/** The line of many-bounds.ts declaring `range`. */
const RANGE_LINE = 6;

describe("toolwright check --format github --ledger", () => {
  it("prints the ledger as notices at the tool's line", () => {
    const args = ["check", BOUNDS, "--target", "anthropic-strict", "--format", "github"];
    const withLedger = runCli(...args, "--ledger");
    const notices = withLedger.lines.filter((line) => line.startsWith("::notice "));
    expect(notices).toHaveLength(5);
    expect(notices[0]).toBe(
      `::notice file=${BOUNDS},line=${RANGE_LINE},title=toolwright [ledger anthropic-strict] ranges / range.parameters::moved $.from — minimum 0 moved into the description`,
    );
    const without = runCli(...args);
    expect(without.lines.some((line) => line.startsWith("::notice "))).toBe(false);
    // The findings are the same either way, and so is the exit code.
    expect(withLedger.lines.filter((line) => !line.startsWith("::notice "))).toEqual(without.lines);
    expect(withLedger.status).toBe(without.status);
  });
});
