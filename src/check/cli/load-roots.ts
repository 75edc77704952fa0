/**
 * In the check worker: imports every module the inputs stand for and turns their exports
 * into sweep roots. Every problem of a step is collected before the check gives up.
 *
 * @module
 */
import { relative } from "node:path";
import type { SweepRoot } from "toolwright/check";
import { messageOf } from "../../core/describe";
import type { Importer } from "./load-modules";
import type { ResolvedInput } from "./resolve-inputs";

/** The sweep roots of every loaded module, or the problems that stopped the loading. */
export type LoadedRoots =
  | {
      readonly ok: true;
      readonly roots: readonly SweepRoot[];
      /** Every module loaded, as displayed (relative to the working directory). */
      readonly modules: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly string[] };

/** What the loading needs besides the inputs. */
export interface LoadContext {
  readonly cwd: string;
  readonly verbose: boolean;
  readonly importer: Importer;
  /** Whether some roots hold a toolwright object (`toolwright/check`'s test). */
  readonly hasToolwrightObjects: (roots: readonly SweepRoot[]) => boolean;
  /** Called before and after each import, so a module that never finishes can be named. */
  readonly progress: (kind: "loading" | "loaded", file: string) => void;
  readonly stderr: (line: string) => void;
}

/**
 * Imports every module once, in order, and turns their exports into sweep roots. With
 * `verbose`, a failed import's stack and each skipped module go to stderr.
 */
export async function loadRoots(
  inputs: readonly ResolvedInput[],
  context: LoadContext,
): Promise<LoadedRoots> {
  const files = [...new Set(inputs.flatMap((input) => input.files))];
  const roots = new Map<string, SweepRoot[]>();
  const problems: string[] = [];
  for (const file of files) {
    context.progress("loading", file);
    try {
      const exports = await context.importer(file);
      const source = displayPath(context.cwd, file);
      roots.set(
        file,
        exportNames(exports).map((name) => ({ name, value: exports[name], source })),
      );
    } catch (error) {
      problems.push(`failed to import ${displayPath(context.cwd, file)}: ${describeError(error)}`);
      if (context.verbose && error instanceof Error && error.stack) context.stderr(error.stack);
    }
    context.progress("loaded", file);
  }
  if (problems.length > 0) return { ok: false, problems };
  const empty = inputsWithoutExports(inputs, roots, context);
  if (empty.length > 0) return { ok: false, problems: empty };
  return {
    ok: true,
    roots: [...roots.values()].flat(),
    modules: files.map((file) => displayPath(context.cwd, file)),
  };
}

// A CommonJS module compiled from ESM marks itself `__esModule`: a marker, not an export.
function exportNames(exports: Record<string, unknown>): string[] {
  return Object.keys(exports).filter((name) => name !== "__esModule");
}

/**
 * A problem for each input none of whose modules exports a toolwright object. A glob may
 * match other modules too: with `verbose`, those are listed as skipped.
 */
function inputsWithoutExports(
  inputs: readonly ResolvedInput[],
  roots: ReadonlyMap<string, readonly SweepRoot[]>,
  context: LoadContext,
): string[] {
  const problems: string[] = [];
  for (const input of inputs) {
    const withExports = input.files.filter((file) =>
      context.hasToolwrightObjects(roots.get(file) ?? []),
    );
    if (withExports.length > 0) {
      if (context.verbose) {
        for (const file of input.files.filter((file) => !withExports.includes(file))) {
          context.stderr(`skipping ${displayPath(context.cwd, file)}: no toolwright exports`);
        }
      }
      continue;
    }
    problems.push(
      input.glob
        ? `none of the ${input.files.length} module(s) matching '${input.input}' exports a toolbox, playbook, capability, agent or tool definition`
        : `${displayPath(context.cwd, input.files[0] as string)} exports no toolbox, playbook, capability, agent or tool definition`,
    );
  }
  return problems;
}

/** A path as the CLI prints it: relative to the working directory. */
export function displayPath(cwd: string, file: string): string {
  return relative(cwd, file) || file;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${messageOf(error)}`;
  return messageOf(error);
}
