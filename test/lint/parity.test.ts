/**
 * The closed sets stay closed: every rule file is registered under its own code, documented in
 * lint/README.md with its metadata, and covered by a fixture; every dialect row names only known
 * codes and appears in the README's matrix; lint/ imports nothing at runtime.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  LINT_DIALECT_NAMES,
  LINT_DIALECTS,
  LINT_RULE_CODES,
  LINT_RULES,
  type LintRuleCode,
} from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { RULES } from "../../lint/rules/index.js";
import { FIXTURES } from "./fixtures.js";

const LINT_DIR = join(import.meta.dirname, "../../lint");
const README = readFileSync(join(LINT_DIR, "README.md"), "utf8");
const ruleFiles = readdirSync(join(LINT_DIR, "rules"))
  .filter((file) => file.endsWith(".ts") && file !== "index.ts")
  .map((file) => file.replace(/\.ts$/, ""));

describe("rule parity", () => {
  it("has one rule file per code, registered under that code", () => {
    expect([...ruleFiles].sort()).toEqual([...LINT_RULE_CODES].sort());
    for (const code of LINT_RULE_CODES) expect(RULES[code].code).toBe(code);
    expect(Object.keys(LINT_RULES).sort()).toEqual([...LINT_RULE_CODES].sort());
  });

  it.each(LINT_RULE_CODES)("documents %s in the README with its metadata", (code) => {
    const meta = LINT_RULES[code];
    expect(README).toContain(`### \`${code}\``);
    expect(README).toContain(`- **Severity:** ${meta.severity}`);
    expect(README).toContain(meta.description);
    expect(README).toContain(meta.fix);
    expect(README).toContain(meta.evidence);
  });

  it("has a converter-evidence fixture for every code", () => {
    expect(Object.keys(FIXTURES).sort()).toEqual([...LINT_RULE_CODES].sort());
  });

  it("uses kebab-case codes", () => {
    for (const code of LINT_RULE_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe("dialect parity", () => {
  it("has exactly one row per dialect, naming only known codes, without duplicates", () => {
    expect(Object.keys(LINT_DIALECTS).sort()).toEqual([...LINT_DIALECT_NAMES].sort());
    for (const dialect of LINT_DIALECT_NAMES) {
      const row: readonly LintRuleCode[] = LINT_DIALECTS[dialect];
      for (const code of row) expect(LINT_RULE_CODES).toContain(code);
      expect(new Set(row).size).toBe(row.length);
    }
  });

  it("puts every rule in some dialect but missing-description (opt-in) and optional-property (repaired)", () => {
    const used = new Set<LintRuleCode>(Object.values(LINT_DIALECTS).flat());
    const unused = LINT_RULE_CODES.filter((code) => !used.has(code));
    expect(unused).toEqual(["missing-description", "optional-property"]);
    expect(README).toContain("`optional-property` is in no row");
  });

  it.each(LINT_DIALECT_NAMES)("lists %s in the README matrix with its exact codes", (dialect) => {
    const line = README.split("\n").find((l) => l.startsWith(`| \`${dialect}\``));
    expect(line).toBeDefined();
    const codes = (line?.split("|")[2] ?? "").match(/`([a-z-]+)`/g)?.map((c) => c.slice(1, -1));
    expect(codes).toEqual([...LINT_DIALECTS[dialect]]);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(LINT_DIALECTS)).toBe(true);
    for (const row of Object.values(LINT_DIALECTS)) expect(Object.isFrozen(row)).toBe(true);
    expect(Object.isFrozen(LINT_RULES)).toBe(true);
  });
});

describe("purity", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : entry.name.endsWith(".ts")
          ? [join(dir, entry.name)]
          : [],
    );

  it.each(sources(LINT_DIR).map((file) => [file.slice(LINT_DIR.length + 1), file]))(
    "%s imports only local modules and Zod types",
    (_, file) => {
      const imports = [
        ...readFileSync(file, "utf8").matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)";/gms),
      ];
      for (const [, typeOnly, source] of imports) {
        if (source?.startsWith(".")) {
          expect(source).not.toMatch(/\/src\//);
          continue;
        }
        expect(source).toMatch(/^zod(\/|$)/);
        expect(typeOnly).toBeDefined();
      }
    },
  );
});
