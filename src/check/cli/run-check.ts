/**
 * `toolwright check`: the command line read, the modules loaded, the sweep run and its
 * output printed, as a function of `argv` returning the exit code (0 clean, 1 findings,
 * 2 usage or load error).
 *
 * @module
 */
import {
  formatErrorAnnotation,
  type SweepOptions,
  type SweepRoot,
  sweepModelFacingSchemas,
} from "toolwright/check";
import { CHECK_USAGE, type CheckOptions, type Format, parseCheckArgs } from "./arguments";
import { loadRoots } from "./load-modules";
import { renderReport } from "./render";

/** Where the CLI writes and which directory paths are relative to. */
export interface CheckIO {
  readonly cwd: string;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

/** Runs `toolwright check` with `argv` (the arguments after `check`); resolves to the exit code. */
export async function runCheck(argv: readonly string[], io: CheckIO): Promise<number> {
  const command = parseCheckArgs(argv);
  if (command.kind === "usage-error") return usageError(io, command.message);
  if (command.kind === "help") {
    io.stdout(CHECK_USAGE);
    return 0;
  }
  const { options } = command;
  const loaded = await loadRoots(options.inputs, options.verbose, io);
  if (!loaded.ok) return loadErrors(io, options.format, loaded.problems);
  return check(loaded.roots, loaded.modules, options, io);
}

/** Sweeps `roots`, prints the result, and returns the exit code. */
function check(
  roots: readonly SweepRoot[],
  modules: readonly string[],
  options: CheckOptions,
  io: CheckIO,
): number {
  const report = sweepModelFacingSchemas(roots, sweepOptions(options, io));
  const failed = report.errorCount > 0 || report.warningCount > options.maxWarnings;
  for (const line of renderReport(report, { ...options, failed, modules })) io.stdout(line);
  return failed ? 1 : 0;
}

function sweepOptions(options: CheckOptions, io: CheckIO): SweepOptions {
  return {
    dialects: options.dialects,
    requireDescribe: options.requireDescribe,
    ...(options.verbose && {
      onSchema: (schema) => io.stderr(`checking ${schema.source ?? "?"}: ${schema.label}`),
    }),
  };
}

function usageError(io: CheckIO, message: string): number {
  io.stderr(`toolwright check: ${message}`);
  io.stderr("Run 'toolwright check --help' for usage.");
  return 2;
}

function loadErrors(io: CheckIO, format: Format, problems: readonly string[]): number {
  for (const problem of problems) {
    io.stderr(`toolwright check: ${problem}`);
    if (format === "github") io.stdout(formatErrorAnnotation(problem));
  }
  return 2;
}
