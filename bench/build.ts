/**
 * A private build of the package for the benchmarks that need built files (import
 * cost, type-checking as a consumer). It goes to `node_modules/.cache/`, outside
 * `dist/`, so a run neither reads a half-written `dist/` of a concurrent build nor
 * deletes one; packages still resolve from the repository's `node_modules`.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./environment";

/** Where the benchmark build lives, relative to the repository root. */
export const buildDir = join("node_modules", ".cache", "toolwright-bench", "dist");

let built = false;

/** Builds the package with the repository's tsup config into {@link buildDir}, once per run. */
export function ensureBuilt(): string {
  if (!built) {
    console.log(`building the package with tsup into ${buildDir}`);
    const tsup = join(repoRoot, "node_modules", "tsup", "dist", "cli-default.js");
    const run = spawnSync(process.execPath, [tsup, "--out-dir", buildDir], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`tsup failed:\n${run.stdout}\n${run.stderr}`);
    built = true;
  }
  return join(repoRoot, buildDir);
}

interface Manifest {
  readonly exports: Record<
    string,
    string | { import?: { default?: string; types?: string } | string }
  >;
}

/** One package entry: its public specifier and its ESM and type files in the benchmark build. */
export interface PackageEntry {
  readonly specifier: string;
  readonly file: string;
  readonly types: string;
}

/** Every subpath of package.json "exports" (`./package.json` aside), mapped into the build. */
export function packageEntries(): PackageEntry[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as Manifest;
  const into = (path: string) => join(repoRoot, buildDir, path.replace(/^\.\/dist\//, ""));
  return Object.entries(manifest.exports)
    .filter(([subpath]) => subpath !== "./package.json")
    .map(([subpath, target]) => {
      const esm = typeof target === "string" ? { default: target } : target.import;
      const conditions = typeof esm === "string" ? { default: esm } : (esm ?? {});
      const file = conditions.default ?? "";
      return {
        specifier: subpath === "." ? "toolwright" : `toolwright/${subpath.slice(2)}`,
        file: into(file),
        types: into(conditions.types ?? file.replace(/\.js$/, ".d.ts")),
      };
    });
}

/** The entry of `specifier` in the benchmark build, built first if it is not yet. */
export function builtEntry(specifier: string): PackageEntry {
  ensureBuilt();
  const entry = packageEntries().find((e) => e.specifier === specifier);
  if (entry === undefined) throw new Error(`bench: package.json "exports" has no ${specifier}`);
  return entry;
}
