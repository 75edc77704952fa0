/**
 * The CLI's file globs, through tinyglobby (Node 20 has no `fs.glob`). A wildcard never
 * matches a dot-file or `node_modules`: only a pattern that names one reaches into it.
 *
 * @module
 */
import { globSync, isDynamicPattern } from "tinyglobby";

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
  const files = globSync(posix, {
    cwd,
    absolute: true,
    dot: false,
    onlyFiles: true,
    // A directory named on its own is not a request for everything under it.
    expandDirectories: false,
    ignore: posix.includes("node_modules") ? [] : ["**/node_modules/**"],
  });
  return files.sort();
}
