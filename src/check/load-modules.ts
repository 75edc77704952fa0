/**
 * Turns CLI inputs (paths and globs) into files, and imports them, TypeScript included,
 * through `tsx`'s loader: no build step on the user's side.
 *
 * @module
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { messageOf } from "../core/describe";
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
