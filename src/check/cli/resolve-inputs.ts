/**
 * Turns the command line's inputs (paths and globs) into the files they stand for, and
 * names each input that stands for none.
 *
 * @module
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
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
    const file = resolve(cwd, input);
    // A file whose name holds a glob character is still that file.
    if (isGlob(input) && !isFile(file)) {
      return { input, glob: true, files: expandGlob(input, cwd) };
    }
    return { input, glob: false, files: isFile(file) ? [file] : [] };
  });
}

/** A problem for each input that names no file. */
export function unmatchedInputs(inputs: readonly ResolvedInput[]): string[] {
  return inputs
    .filter((input) => input.files.length === 0)
    .map((input) =>
      input.glob ? `no files match '${input.input}'` : `no such file: ${input.input}`,
    );
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
