/**
 * Turns CLI inputs (paths and globs) into files, imports them, TypeScript included,
 * through `tsx`'s loader (no build step on the user's side), and turns their exports into
 * sweep roots. Every problem of a step is collected before the command gives up.
 *
 * @module
 */
import { statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { hasToolwrightObjects, type SweepRoot } from "toolwright/check";
import { messageOf } from "../../core/describe";
import { expandGlob, isGlob } from "./glob";

/** One command-line input and the files it stands for. */
export interface ResolvedInput {
  /** The argument as given. */
  readonly input: string;
  /** Whether it was a glob (a glob may match modules without toolwright exports). */
  readonly glob: boolean;
  /** Absolute paths; empty when nothing matched. */
  readonly files: readonly string[];
}

/** Resolves each input to the files it names: a path to itself, a glob to its matches. */
export function resolveInputs(inputs: readonly string[], cwd: string): ResolvedInput[] {
  return inputs.map((input) => {
    if (isGlob(input)) return { input, glob: true, files: expandGlob(input, cwd) };
    const file = resolve(cwd, input);
    return { input, glob: false, files: isFile(file) ? [file] : [] };
  });
}

/** A module's exports, or the error importing it threw. */
export type LoadResult =
  | { readonly file: string; readonly ok: true; readonly exports: Record<string, unknown> }
  | { readonly file: string; readonly ok: false; readonly error: unknown };

// A computed specifier keeps bundlers from inlining tsx: it must load from node_modules.
const TSX_API = "tsx/esm/api";

/**
 * Imports every file through one `tsx` registration, so modules shared between the
 * files are loaded once and their objects keep their identity.
 */
export async function loadModules(files: readonly string[]): Promise<LoadResult[]> {
  let api: typeof import("tsx/esm/api");
  try {
    api = (await import(TSX_API)) as typeof import("tsx/esm/api");
  } catch (error) {
    throw new Error(
      `toolwright check loads modules through tsx, which could not be imported (${messageOf(error)}); install it with npm install --save-dev tsx`,
      { cause: error },
    );
  }
  const { register } = api;
  const unregister = register();
  try {
    const results: LoadResult[] = [];
    for (const file of files) {
      try {
        const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
        results.push({ file, ok: true, exports });
      } catch (error) {
        results.push({ file, ok: false, error });
      }
    }
    return results;
  } finally {
    await unregister();
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The sweep roots of every loaded module, or the problems that stopped the loading. */
export type LoadedRoots =
  | {
      readonly ok: true;
      readonly roots: readonly SweepRoot[];
      /** Every module loaded, as displayed (relative to the working directory). */
      readonly modules: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Where the loading reads paths from and writes `--verbose` notes to. */
export interface LoadIO {
  readonly cwd: string;
  readonly stderr: (line: string) => void;
}

/**
 * Resolves `inputs`, imports every module once, and turns their exports into sweep roots.
 * With `verbose`, a failed import's stack and each skipped module go to stderr.
 */
export async function loadRoots(
  inputs: readonly string[],
  verbose: boolean,
  io: LoadIO,
): Promise<LoadedRoots> {
  const resolved = resolveInputs(inputs, io.cwd);
  const unmatched = unmatchedInputs(resolved);
  if (unmatched.length > 0) return { ok: false, problems: unmatched };
  const files = [...new Set(resolved.flatMap((input) => input.files))];
  let loaded: LoadResult[];
  try {
    loaded = await loadModules(files);
  } catch (error) {
    return { ok: false, problems: [messageOf(error)] };
  }
  const { roots, problems } = rootsOf(loaded, verbose, io);
  if (problems.length > 0) return { ok: false, problems };
  const empty = inputsWithoutExports(resolved, roots, verbose, io);
  if (empty.length > 0) return { ok: false, problems: empty };
  return {
    ok: true,
    roots: [...roots.values()].flat(),
    modules: files.map((file) => displayPath(io.cwd, file)),
  };
}

function unmatchedInputs(inputs: readonly ResolvedInput[]): string[] {
  return inputs
    .filter((input) => input.files.length === 0)
    .map((input) =>
      input.glob ? `no files match '${input.input}'` : `no such file: ${input.input}`,
    );
}

/** Each module's exports as sweep roots, by file; a module that threw is a problem. */
function rootsOf(
  loaded: readonly LoadResult[],
  verbose: boolean,
  io: LoadIO,
): { roots: Map<string, SweepRoot[]>; problems: string[] } {
  const roots = new Map<string, SweepRoot[]>();
  const problems: string[] = [];
  for (const result of loaded) {
    if (!result.ok) {
      problems.push(
        `failed to import ${displayPath(io.cwd, result.file)}: ${describeError(result.error)}`,
      );
      if (verbose && result.error instanceof Error && result.error.stack) {
        io.stderr(result.error.stack);
      }
      continue;
    }
    const source = displayPath(io.cwd, result.file);
    roots.set(
      result.file,
      Object.keys(result.exports).map((name) => ({ name, value: result.exports[name], source })),
    );
  }
  return { roots, problems };
}

/**
 * A problem for each input none of whose modules exports a toolwright object. A glob may
 * match other modules too: with `verbose`, those are listed as skipped.
 */
function inputsWithoutExports(
  inputs: readonly ResolvedInput[],
  roots: ReadonlyMap<string, readonly SweepRoot[]>,
  verbose: boolean,
  io: LoadIO,
): string[] {
  const problems: string[] = [];
  for (const input of inputs) {
    const withExports = input.files.filter((file) => hasToolwrightObjects(roots.get(file) ?? []));
    if (withExports.length > 0) {
      if (verbose) {
        for (const file of input.files.filter((file) => !withExports.includes(file))) {
          io.stderr(`skipping ${displayPath(io.cwd, file)}: no toolwright exports`);
        }
      }
      continue;
    }
    problems.push(
      input.glob
        ? `none of the ${input.files.length} module(s) matching '${input.input}' exports a toolbox, playbook, capability, agent or tool definition`
        : `${displayPath(io.cwd, input.files[0] as string)} exports no toolbox, playbook, capability, agent or tool definition`,
    );
  }
  return problems;
}

function displayPath(cwd: string, file: string): string {
  return relative(cwd, file) || file;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
