/**
 * The module aliases a project's tsconfig declares (`compilerOptions.paths`, relative to
 * `baseUrl` or the tsconfig's folder), read from the nearest `tsconfig.json` or a given
 * one, following relative `extends` chains, so `import "@tools/search"` loads as `tsc`
 * resolves it.
 *
 * @module
 */
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { messageOf } from "../../core/describe";
import { readRegularFile } from "./read-regular-file";

/** Import specifier prefixes and the absolute paths they stand for, as jiti's `alias` takes them. */
export type Aliases = Readonly<Record<string, string>>;

/** The aliases, or why the tsconfig could not be read. */
export type TsconfigAliases =
  | { readonly ok: true; readonly aliases: Aliases; readonly file: string | undefined }
  | { readonly ok: false; readonly problem: string };

/**
 * Reads the aliases of `explicit` (a `--tsconfig` path), or of the nearest `tsconfig.json`
 * at or above `cwd`; none found is no aliases, not a problem.
 */
export function readTsconfigAliases(cwd: string, explicit: string | undefined): TsconfigAliases {
  const file = explicit === undefined ? nearestTsconfig(cwd) : resolve(cwd, explicit);
  if (file === undefined) return { ok: true, aliases: {}, file };
  try {
    const { paths, base } = pathsOf(file, new Set());
    return { ok: true, aliases: aliasesOf(paths, base), file };
  } catch (error) {
    return { ok: false, problem: `cannot read ${explicit ?? file}: ${messageOf(error)}` };
  }
}

function nearestTsconfig(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = join(dir, "tsconfig.json");
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

interface PathsOption {
  readonly paths: Record<string, readonly string[]>;
  /** The folder `paths` are relative to: `baseUrl`, else the declaring tsconfig's folder. */
  readonly base: string;
}

/** `paths` as tsc sees it: the nearest file of the `extends` chain declaring it wins. */
function pathsOf(file: string, seen: Set<string>): PathsOption {
  if (seen.has(file)) throw new Error(`'extends' cycle through ${file}`);
  seen.add(file);
  const config = parseJsonc(readRegularFile(file)) as {
    extends?: unknown;
    compilerOptions?: { paths?: Record<string, string[]>; baseUrl?: string };
  };
  const options = config.compilerOptions ?? {};
  const inherited =
    typeof config.extends === "string" && config.extends.startsWith(".")
      ? pathsOf(withJson(resolve(dirname(file), config.extends)), seen)
      : undefined;
  const baseUrl =
    options.baseUrl === undefined ? undefined : resolve(dirname(file), options.baseUrl);
  if (options.paths !== undefined) {
    return { paths: options.paths, base: baseUrl ?? dirname(file) };
  }
  return { paths: inherited?.paths ?? {}, base: baseUrl ?? inherited?.base ?? dirname(file) };
}

function withJson(file: string): string {
  return file.endsWith(".json") || existsSync(file) ? file : `${file}.json`;
}

/**
 * Each pattern's first target, as a prefix alias: `"@tools/*": ["./lib/*"]` becomes
 * `"@tools" → <base>/lib`. A bare `*` would alias every import, so it is left out.
 */
function aliasesOf(paths: Record<string, readonly string[]>, base: string): Aliases {
  const aliases: Record<string, string> = {};
  for (const [pattern, targets] of Object.entries(paths)) {
    const target = targets[0];
    const key = pattern.replace(/\/?\*$/, "");
    if (target === undefined || key === "") continue;
    const path = target.replace(/\/?\*$/, "");
    aliases[key] = isAbsolute(path) ? path : resolve(base, path);
  }
  return aliases;
}

/** JSON with the comments and trailing commas tsconfig files allow. */
function parseJsonc(text: string): unknown {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i += 1;
      out += "\n";
    } else if (char === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i + 2) + 1;
      if (i === 0) break;
    } else {
      out += char;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, "$1"));
}

/** The index just after the string literal opening at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}
