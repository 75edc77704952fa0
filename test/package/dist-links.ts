/**
 * Which files of the package a file loads: the relative specifiers of its import,
 * export and require statements (esbuild's `__require` included), the files it loads on
 * demand by URL (`new URL("./converters.js", import.meta.url)`), and its source map.
 * Enough to walk the built package from what package.json names to everything it needs,
 * and to see which file defines a class.
 *
 * @module
 */
import { posix } from "node:path";

// Statements only, at the start of a line: a TSDoc example in a declaration file may
// quote a relative import (`from "./src/tools.js"`) that is no part of the package.
const STATIC = /^(?:import|export)\b[^;]*?\bfrom\s*(["'])([^"']+)\1/gm;
const SIDE_EFFECT = /^import\s*(["'])([^"']+)\1/gm;
const DYNAMIC = /(?:\b|__)(?:import|require)\(\s*(["'])([^"']+)\1\s*\)/g;
const BY_URL = /\bnew URL\(\s*(["'])([^"']+)\1\s*,\s*import\.meta\.url\s*\)/g;
const SOURCE_MAP = /^\/\/# sourceMappingURL=(\S+)$/gm;

/** The kind of a file in dist/, by its extension. */
export type DistKind = "esm" | "cjs" | "esm-types" | "cjs-types" | "map" | "other";

/** The kind of a package path, by its extension. */
export function kindOf(path: string): DistKind {
  if (path.endsWith(".d.ts")) return "esm-types";
  if (path.endsWith(".d.cts")) return "cjs-types";
  if (path.endsWith(".map")) return "map";
  if (path.endsWith(".js")) return "esm";
  if (path.endsWith(".cjs")) return "cjs";
  return "other";
}

/**
 * The package paths `path` loads, resolved against its own folder. A declaration file's
 * `./lint.js` is the declaration TypeScript reads for it, `./lint.d.ts`.
 */
export function linksOf(path: string, text: string): string[] {
  const kind = kindOf(path);
  if (kind === "map" || kind === "other") return [];
  const specifiers = specifiersOf(text).filter((specifier) => /^\.\.?\//.test(specifier));
  const declared =
    kind === "esm-types" || kind === "cjs-types" ? specifiers.map(declarationOf) : specifiers;
  const maps = [...text.matchAll(SOURCE_MAP)].map((match) => match[1] ?? "");
  const folder = posix.dirname(path);
  return [...new Set([...declared, ...maps].map((link) => posix.join(folder, link)))].sort();
}

/** Every module specifier `text` imports, exports from or requires, relative or bare. */
export function specifiersOf(text: string): string[] {
  return [STATIC, SIDE_EFFECT, DYNAMIC, BY_URL].flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => match[2] ?? ""),
  );
}

function declarationOf(specifier: string): string {
  return specifier
    .replace(/\.js$/, ".d.ts")
    .replace(/\.cjs$/, ".d.cts")
    .replace(/\.mjs$/, ".d.mts");
}

/**
 * Every path reachable from `starts` through {@link linksOf}, and the links that name a
 * path `read` cannot find (`undefined` text).
 */
export function reachable(
  starts: readonly string[],
  read: (path: string) => string | undefined,
): { readonly found: string[]; readonly broken: string[] } {
  const found = new Set<string>();
  const broken: string[] = [];
  const queue = [...starts];
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    if (found.has(path)) continue;
    const text = read(path);
    if (text === undefined) {
      broken.push(path);
      continue;
    }
    found.add(path);
    queue.push(...linksOf(path, text));
  }
  return { found: [...found].sort(), broken: broken.sort() };
}

/**
 * Whether `text` defines the class `name`: `class Name` as written, or
 * `var Name = class` as esbuild emits it.
 */
export function definesClass(text: string, name: string): boolean {
  return new RegExp(`\\bclass\\s+${name}\\b|\\b${name}\\s*=\\s*class\\b`).test(text);
}
