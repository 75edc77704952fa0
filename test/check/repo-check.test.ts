/**
 * The repo's own bar, `tools/check-model-facing-schemas.ts`: clean over what toolwright
 * ships, and failing with a labelled line the moment an example gains a finding.
 */
import { join, relative } from "node:path";
import { lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import {
  builtInRoots,
  checkModelFacingSchemas,
  exampleModules,
  moduleRoots,
} from "../../tools/check-model-facing-schemas";
import { ROOT, run } from "./build";
import { billing } from "./fixtures/broken-example";
import * as warningsOnly from "./fixtures/warnings-only";

const TSX = join(ROOT, "node_modules/.bin/tsx");
const SCRIPT = "tools/check-model-facing-schemas.ts";
const BROKEN = "test/check/fixtures/broken-example.ts";

const count = billing.toolbox.tools.list_invoices?.parameters;
const [positive] = lintModelFacingSchema(count);
const labelledLine = `broken-example / billing / list_invoices.parameters: [exclusive-numeric-bound] error $.count — ${positive?.message}`;

describe("tools/check-model-facing-schemas.ts", () => {
  it("fails on an example that gained a .positive() bound, with the labelled line", async () => {
    const result = checkModelFacingSchemas([
      ...(await moduleRoots([join(ROOT, BROKEN)])),
      ...builtInRoots(),
    ]);
    expect(result.ok).toBe(false);
    expect(result.lines).toEqual([
      labelledLine,
      "check-model-facing-schemas: 1 finding in 6 schemas under gemini-bifrost (requireDescribe false and true); fix the schemas",
    ]);
  });

  it("fails on a warning alone (a missing description), unlike the CLI's default: the bar includes requireDescribe: true", () => {
    const roots = Object.entries(warningsOnly).map(([name, value]) => ({ name, value }));
    const result = checkModelFacingSchemas(roots);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(
      /^notes \/ add_note\.parameters: \[missing-description\] warning \$\.title — /,
    );
  });

  it("sweeps every example module and ManualToolbox's built-in tools", () => {
    const modules = exampleModules().map((file) => relative(ROOT, file));
    expect(modules[0]).toBe("examples/index.ts");
    expect(modules).toContain("examples/recipes-playbook.ts");
    expect(builtInRoots().map((root) => root.name)).toEqual(["ManualToolbox"]);
  });

  it("run as a script: exits 1 and prints the labelled line for a broken module", () => {
    const result = run(TSX, [SCRIPT, BROKEN]);
    expect(result.status).toBe(1);
    expect(result.lines[0]).toBe(labelledLine);
  });

  it("run as a script over what toolwright ships: exits 0 with one line", () => {
    const result = run(TSX, [SCRIPT]);
    expect(result.stderr).toBe("");
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(
      /^check-model-facing-schemas: \d+ schemas under gemini-bifrost \(requireDescribe false and true\): no findings$/,
    );
    expect(result.status).toBe(0);
  });
});
