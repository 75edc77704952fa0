import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expandGlob, isGlob } from "../../src/check/cli/glob";

const root = mkdtempSync(join(tmpdir(), "toolwright-glob-"));
for (const file of [
  "src/tools/a.ts",
  "src/tools/b.mts",
  "src/tools/deep/c.ts",
  "src/tools/deep/deeper/d.ts",
  "src/tools/.hidden/e.ts",
  "src/tools/node_modules/f.ts",
  "src/other.ts",
  "src/tools/readme.md",
]) {
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), "");
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const expand = (pattern: string) => expandGlob(pattern, root).map((file) => relative(root, file));

describe("the CLI's globs (tinyglobby, with the CLI's rules for dot-files and node_modules)", () => {
  it("tells globs from plain paths", () => {
    expect(isGlob("src/tools/a.ts")).toBe(false);
    expect(isGlob("src/**/*.ts")).toBe(true);
    expect(isGlob("src/{a,b}.ts")).toBe(true);
  });

  it("expands ** through directories, skipping dot-directories and node_modules", () => {
    expect(expand("src/tools/**/*.ts")).toEqual([
      "src/tools/a.ts",
      "src/tools/deep/c.ts",
      "src/tools/deep/deeper/d.ts",
    ]);
    expect(expand("src/**")).toHaveLength(6);
    expect(expand("src/tools/*.{ts,mts}")).toEqual(["src/tools/a.ts", "src/tools/b.mts"]);
    expect(expand("src/tools/[ab].*")).toEqual(["src/tools/a.ts", "src/tools/b.mts"]);
  });

  it("reaches a dot-directory or node_modules only when the pattern names it", () => {
    expect(expand("src/tools/.hidden/*.ts")).toEqual(["src/tools/.hidden/e.ts"]);
    expect(expand("src/tools/node_modules/*.ts")).toEqual(["src/tools/node_modules/f.ts"]);
  });

  it("returns nothing for a pattern that matches nothing, or a directory that is not there", () => {
    expect(expand("src/**/*.nothing")).toEqual([]);
    expect(expand("absent/**/*.ts")).toEqual([]);
    expect(expand("src/tools")).toEqual([]);
  });

  it("accepts absolute patterns", () => {
    expect(expandGlob(join(root, "src/*.ts"), "/")).toEqual([join(root, "src/other.ts")]);
  });
});
