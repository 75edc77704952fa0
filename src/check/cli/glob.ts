/**
 * A minimal file glob for the CLI (Node 20 has no `fs.glob`): `*`, `?`, `**`, `[abc]`
 * and `{a,b}` within a path segment. Dot-files and `node_modules` are only matched
 * when the pattern names them.
 *
 * @module
 */
import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

/** True when `pattern` holds a glob character and is not a plain path. */
export function isGlob(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
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
  const posix = pattern.split(sep).join("/");
  const segments = posix.split("/");
  const firstMagic = segments.findIndex(isGlob);
  if (firstMagic === -1) {
    const file = resolve(cwd, pattern);
    return isFile(file) ? [file] : [];
  }
  const prefix = segments.slice(0, firstMagic).join("/");
  const base = isAbsolute(posix) ? prefix || "/" : resolve(cwd, prefix);
  const matchers = segments.slice(firstMagic).filter((segment) => segment !== "");
  const found = new Set<string>();
  walk(base, matchers, 0, found);
  return [...found].sort((a, b) => relative(cwd, a).localeCompare(relative(cwd, b)));
}

function walk(dir: string, segments: readonly string[], index: number, found: Set<string>): void {
  const segment = segments[index];
  if (segment === undefined) return;
  const last = index === segments.length - 1;
  if (segment === "**") {
    if (last) {
      collectAll(dir, found);
      return;
    }
    walk(dir, segments, index + 1, found);
    for (const entry of entries(dir)) {
      if (entry.isDirectory() && !hidden(entry.name, "*")) {
        walk(join(dir, entry.name), segments, index, found);
      }
    }
    return;
  }
  const matcher = segmentRegExp(segment);
  for (const entry of entries(dir)) {
    if (!matcher.test(entry.name) || hidden(entry.name, segment)) continue;
    const path = join(dir, entry.name);
    if (last) {
      if (entry.isFile() || (entry.isSymbolicLink() && isFile(path))) found.add(path);
    } else if (entry.isDirectory() || entry.isSymbolicLink()) {
      walk(path, segments, index + 1, found);
    }
  }
}

function collectAll(dir: string, found: Set<string>): void {
  for (const entry of entries(dir)) {
    if (hidden(entry.name, "*")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collectAll(path, found);
    else if (entry.isFile()) found.add(path);
  }
}

// A wildcard never matches a dot-file or node_modules; a segment naming one does.
function hidden(name: string, segment: string): boolean {
  if (name.startsWith(".") && !segment.startsWith(".")) return true;
  return name === "node_modules" && segment !== "node_modules";
}

function entries(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A regular expression for one path segment of a glob. */
export function segmentRegExp(segment: string): RegExp {
  let source = "";
  let braces = 0;
  for (let i = 0; i < segment.length; i += 1) {
    const char = segment[i] as string;
    if (char === "\\" && i + 1 < segment.length) {
      source += escapeChar(segment[++i] as string);
    } else if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else if (char === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close === -1) {
        source += "\\[";
      } else {
        const body = segment.slice(i + 1, close);
        source += `[${body.startsWith("!") ? `^${body.slice(1)}` : body}]`;
        i = close;
      }
    } else if (char === "{") {
      braces += 1;
      source += "(?:";
    } else if (char === "}" && braces > 0) {
      braces -= 1;
      source += ")";
    } else if (char === "," && braces > 0) {
      source += "|";
    } else {
      source += escapeChar(char);
    }
  }
  // An unclosed brace is a literal character, as in the shells.
  if (braces > 0) source = [...segment].map(escapeChar).join("");
  return new RegExp(`^${source}$`);
}

function escapeChar(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}
