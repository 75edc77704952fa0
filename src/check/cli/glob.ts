/**
 * The CLI's file globs. tinyglobby walks the directories (Node 20 has no `fs.glob`) with a
 * pattern whose wildcard segments are plain `*`, which picomatch matches in linear time;
 * the CLI's own matcher (`glob-match.ts`, linear too) then decides each file. A wildcard
 * never matches a dot-file or `node_modules`: only a pattern that names one reaches into it.
 *
 * @module
 */
import { resolve } from "node:path";
import { globSync, isDynamicPattern } from "tinyglobby";
import { compileGlob, expandBraces, matchGlob } from "./glob-match";

/** True when `pattern` holds a glob character and is not a plain path. */
export function isGlob(pattern: string): boolean {
  return isDynamicPattern(pattern);
}

/**
 * The files matching `pattern` under `cwd`, as absolute paths, sorted.
 *
 * @example
 * ```ts
 * expandGlob("src/tools/**\/*.ts", process.cwd());
 * ```
 */
export function expandGlob(pattern: string, cwd: string): string[] {
  const posix = pattern.replaceAll("\\", "/");
  const patterns = expandBraces(posix);
  const globs = patterns.map((each) => compileGlob(resolve(cwd, each).replaceAll("\\", "/")));
  const files = globSync(patterns.map(crawlPattern), {
    cwd,
    absolute: true,
    dot: false,
    onlyFiles: true,
    // A directory named on its own is not a request for everything under it.
    expandDirectories: false,
    ignore: posix.includes("node_modules") ? [] : ["**/node_modules/**"],
  });
  const matched = files.filter((file) => {
    const path = file.replaceAll("\\", "/");
    return globs.some((glob) => matchGlob(glob, path));
  });
  return matched.sort();
}

/**
 * What tinyglobby walks: each segment holding a glob character becomes `*` (`.*` when it
 * starts with a dot, so dot-files are reached only when named), a superset of the matches.
 */
function crawlPattern(pattern: string): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment === "**" || !/[*?[\]{}()!+@]/.test(segment)) return segment;
      return segment.startsWith(".") ? ".*" : "*";
    })
    .join("/");
}
