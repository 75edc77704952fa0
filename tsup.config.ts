import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";
import { defineConfig } from "tsup";

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Every entry: its subpath in package.json "exports" (the bin and the internal entries
 * have none), the source it builds from, and its file name in dist/. tsconfig.json
 * "paths" maps each `toolwright/<subpath>` specifier to the same source; a test keeps
 * the three in step. An entry marked `internal` is loaded by the package's own code
 * only, by its file name (see {@link isInternal}).
 */
export const entries = [
  { subpath: ".", name: "index", source: "src/index.ts" },
  { subpath: "./lint", name: "lint", source: "lint/index.ts" },
  { subpath: "./check", name: "check", source: "src/check/index.ts" },
  { subpath: "./mcp", name: "mcp", source: "src/adapters/mcp/index.ts" },
  { subpath: "./openai", name: "openai", source: "src/adapters/openai/index.ts" },
  { subpath: "./anthropic", name: "anthropic", source: "src/adapters/anthropic/index.ts" },
  { subpath: "./gemini", name: "gemini", source: "src/adapters/gemini/index.ts" },
  { subpath: "./ai-sdk", name: "ai-sdk", source: "src/adapters/ai-sdk/index.ts" },
  { subpath: undefined, name: "cli", source: "src/check/cli/index.ts" },
  {
    subpath: undefined,
    name: "converters",
    source: "src/zod/converters/index.ts",
    internal: true,
  },
] as const;

type Entry = (typeof entries)[number];

/**
 * Whether an entry is internal: built in both formats, without declarations, named in
 * no "exports" and no "bin", and loaded on demand by the package's own code from the
 * file beside it (`./converters.js`, `./converters.cjs`), never imported statically.
 */
export function isInternal(entry: Entry): boolean {
  return "internal" in entry && entry.internal;
}

/** Whether an entry is a bin: run, never imported (package.json "bin" names it). */
export function isBin(entry: Entry): boolean {
  return entry.subpath === undefined && !isInternal(entry);
}

/** The specifier an entry is imported by, e.g. `toolwright/lint`. */
export function specifierOf(subpath: string): string {
  return subpath === "." ? "toolwright" : `toolwright${subpath.slice(1)}`;
}

const ENTRY_SPECIFIER = /^toolwright(\/[\w-]+)?$/;

/** Each entry's source by its name in dist/. */
function sourcesByName(list: readonly Entry[]): Record<string, string> {
  return Object.fromEntries(list.map((entry) => [entry.name, entry.source]));
}

// A bin is run, never imported: package.json "bin" names its ESM build only, so it gets
// no CommonJS build and no declarations, which nothing in the package could reach.
const BINS = new Set<string>(entries.filter(isBin).map((entry) => entry.name));
const importable = entries.filter((entry) => entry.subpath !== undefined);
const INTERNAL = new Set<string>(entries.filter(isInternal).map((entry) => entry.name));

const bySpecifier = new Map(
  entries.flatMap((entry) =>
    entry.subpath === undefined ? [] : [[specifierOf(entry.subpath), entry] as const],
  ),
);

/**
 * An entry that imports another entry (`import { toolSet } from "toolwright"`) imports
 * the built sibling file instead of bundling a copy of it, so every module, and so every
 * class, exists once per module format.
 */
const siblingEntries: Plugin = {
  name: "toolwright-sibling-entries",
  setup(build) {
    // With `treeshake`, tsup bundles CommonJS as ESM and converts it afterwards: only
    // its TSUP_FORMAT define tells the formats apart.
    const extension = build.initialOptions.define?.TSUP_FORMAT === '"cjs"' ? "cjs" : "js";
    // An internal entry's file, named by the code that loads it on demand: kept as it is.
    build.onResolve({ filter: /^\.\/[\w-]+\.c?js$/ }, (args) =>
      INTERNAL.has(args.path.replace(/^\.\/|\.c?js$/g, ""))
        ? { path: args.path, external: true }
        : undefined,
    );
    build.onResolve({ filter: ENTRY_SPECIFIER }, (args) => {
      const entry = bySpecifier.get(args.path);
      if (entry === undefined) return { errors: [{ text: `no entry named ${args.path}` }] };
      if (resolve(root, entry.source) === args.importer) return undefined;
      return { path: `./${entry.name}.${extension}`, external: true };
    });
  },
};

export default defineConfig({
  entry: sourcesByName(entries),
  format: ["esm", "cjs"],
  dts: { entry: sourcesByName(importable) },
  clean: true,
  sourcemap: true,
  target: "node20",
  treeshake: true,
  // JavaScript: `noExternal` keeps tsup's own external handling away from these
  // specifiers, so that `siblingEntries` resolves them. Declarations: `external` keeps
  // them as imports, and tools/finish-build.ts points them at the sibling files.
  noExternal: [ENTRY_SPECIFIER],
  external: [ENTRY_SPECIFIER],
  esbuildPlugins: [siblingEntries],
  esbuildOptions(options, { format }) {
    // The built code from the source, and the format it is built into; the CommonJS
    // build's own `require`, which the ESM build never names (src/zod/load.ts). The
    // source leaves both undefined.
    options.define = {
      ...options.define,
      __TOOLWRIGHT_FORMAT__: JSON.stringify(format),
      __TOOLWRIGHT_REQUIRE__: format === "cjs" ? "require" : "undefined",
    };
    const points = options.entryPoints;
    if (format !== "cjs" || points === undefined || Array.isArray(points)) return;
    // A new object: the ESM build shares the one tsup passes.
    options.entryPoints = Object.fromEntries(
      Object.entries(points).filter(([name]) => !BINS.has(name)),
    );
  },
});
