/**
 * Every TypeScript block of the README compiles as a user would write it: each block is a
 * module of its own in an ESM project under `moduleResolution: nodenext`, importing
 * `toolwright` through its built declarations (dist/, which `npm test` builds first) and
 * the SDKs from node_modules. A block preceded by `<!-- file: name.ts -->` is the module
 * other blocks import as `./name.js`. The blocks of `lint/README.md` are checked beside them,
 * each on its own (`lint-block-N.ts`), and so are those of every page in `docs/`
 * (`docs-<page>-block-N.ts`, or the name a `<!-- file: name.ts -->` gives), which may
 * import the named modules of the README and of each other (`./quick-start.js`, `./support.js`).
 * test/examples/doc-snippets-run.test.ts runs each of them.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allSnippets, ROOT, type Snippet } from "./doc-snippets";

// Inside the repository, so that zod and the SDKs resolve from its node_modules.
const PROJECT = join(ROOT, "node_modules", ".cache", `readme-snippets-${process.pid}`);

function writeProject(all: readonly Snippet[]): void {
  rmSync(PROJECT, { recursive: true, force: true });
  mkdirSync(PROJECT, { recursive: true });
  writeFileSync(join(PROJECT, "package.json"), JSON.stringify({ type: "module" }));
  const dist = join(ROOT, "dist");
  const paths = {
    toolwright: [join(dist, "index.d.ts")],
    "toolwright/*": [join(dist, "*.d.ts")],
  };
  const compilerOptions = {
    target: "ES2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [join(ROOT, "node_modules", "@types")],
    paths,
  };
  writeFileSync(join(PROJECT, "tsconfig.json"), JSON.stringify({ compilerOptions }));
  for (const snippet of all) writeFileSync(join(PROJECT, snippet.file), snippet.code);
}

describe("README snippets", () => {
  const all = allSnippets();

  afterAll(() => rmSync(PROJECT, { recursive: true, force: true }));

  it("finds the blocks, the named modules among them", () => {
    expect(all.length).toBeGreaterThan(10);
    expect(all.map((snippet) => snippet.file)).toEqual(
      expect.arrayContaining(["quick-start.ts", "support.ts", "tool-set.ts", "lint-block-1.ts"]),
    );
  });

  it("finds blocks in the docs pages, each module named once", () => {
    const files = all.map((snippet) => snippet.file);
    expect(files).toEqual(expect.arrayContaining(["docs-mcp-server-block-1.ts"]));
    expect(files.filter((file, index) => files.indexOf(file) !== index)).toEqual([]);
  });

  it("type-check under nodenext against the built package", () => {
    writeProject(all);
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const run = spawnSync(process.execPath, [tsc, "-p", PROJECT], { encoding: "utf8" });
    const errors = run.stdout
      .split("\n")
      .filter((line) => /error TS/.test(line))
      .map((line) => {
        const file = line.split("(")[0] ?? "";
        const snippet = all.find((candidate) => file.endsWith(candidate.file));
        return snippet === undefined ? line : `${snippet.source}:${snippet.line}: ${line}`;
      });
    expect(errors).toEqual([]);
    expect(run.status).toBe(0);
  }, 120_000);
});
