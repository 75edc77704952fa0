/**
 * `toolwright check`: the command line read, the modules loaded and swept in a worker
 * process, and the outcome printed, as a function of `argv` returning the exit code
 * (0 clean or warnings only, 1 errors or more warnings than `--max-warnings`, 2 usage or
 * load error).
 *
 * @module
 */
import type { SweepReport } from "toolwright/check";
import { messageOf } from "../../core/describe";
import { CHECK_USAGE, type CheckOptions, type Format, parseCheckArgs } from "./arguments";
import type { CheckModule } from "./check-worker";
import { combineReports } from "./combine-reports";
import { loadListings } from "./load-listings";
import { countFindings, mergeFindings } from "./merge-findings";
import { renderReport } from "./render";
import { resolveInputs, unmatchedInputs } from "./resolve-inputs";
import { type LockOutcome, runLock } from "./run-lock";
import { runInWorker, type WorkerOutcome } from "./run-worker";
import { SourceLines } from "./source-lines";
import { readTsconfigAliases } from "./tsconfig-paths";
import { packageVersion } from "./version";

/** Where the CLI writes, which directory paths are relative to, and what it runs with. */
export interface CheckIO {
  readonly cwd: string;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Receives the worker's own output (what the modules print), never stdout. */
  readonly relay: (chunk: Buffer) => void;
  /** The CLI file: the worker runs it again. */
  readonly script: string;
  /**
   * Imports `toolwright/check`, or resolves to why it cannot be imported (a Zod older than
   * toolwright supports makes it throw): only a command that checks needs it.
   */
  readonly importCheck: () => Promise<CheckModule | { readonly problem: string }>;
}

/** Runs `toolwright check` with `argv` (the arguments after `check`); resolves to the exit code. */
export async function runCheck(argv: readonly string[], io: CheckIO): Promise<number> {
  const command = parseCheckArgs(argv);
  if (command.kind === "usage-error") return usageError(io, command.message);
  if (command.kind === "help") {
    io.stdout(CHECK_USAGE);
    return 0;
  }
  if (command.kind === "version") {
    io.stdout(packageVersion(io.script) ?? "unknown");
    return 0;
  }
  const { options } = command;
  const check = await io.importCheck();
  if ("problem" in check) {
    io.stderr(`toolwright check: ${check.problem}`);
    return 2;
  }
  const outcome = await loadAll(options, io, check);
  if (outcome.kind === "problems") return loadErrors(io, check, options.format, outcome.problems);
  let lock: LockOutcome | undefined;
  if (options.lock !== undefined) {
    const locked = await runLock(
      outcome.report.contracts ?? [],
      { ...options, lock: options.lock },
      io.cwd,
    );
    if (typeof locked === "string") return loadErrors(io, check, options.format, [locked]);
    lock = locked;
  }
  return report(outcome, options, { ...io, check }, lock);
}

/** What the modules and the listings give, swept; every load error of both. */
type Loaded =
  | (Extract<WorkerOutcome, { kind: "report" }> & { readonly servers: readonly string[] })
  | Extract<WorkerOutcome, { kind: "problems" }>;

/** The modules swept in the worker, the listings here; one report of both. */
async function loadAll(options: CheckOptions, io: CheckIO, check: CheckModule): Promise<Loaded> {
  const modules = options.inputs.length > 0 ? await load(options, io) : undefined;
  const listed = await loadListings(options, io.cwd);
  const problems = [...(modules?.kind === "problems" ? modules.problems : []), ...listed.problems];
  if (problems.length > 0 || modules?.kind === "problems") return { kind: "problems", problems };
  const sweepOptions = {
    ...(options.dialects.length > 0 && { dialects: options.dialects }),
    targets: options.targets,
    ledger: options.ledger,
    requireDescribe: options.requireDescribe,
    ...(options.verbose && {
      onSchema: (schema: { label: string; source: string | undefined }) =>
        io.stderr(`checking ${schema.source ?? "?"}: ${schema.label}`),
    }),
  };
  const reports = [
    ...(modules === undefined ? [] : [modules.report]),
    ...(listed.listings.length > 0 || modules === undefined
      ? [check.sweepToolListings(listed.listings, sweepOptions)]
      : []),
  ];
  const [first, ...rest] = reports as [SweepReport, ...SweepReport[]];
  return {
    kind: "report",
    report: combineReports(first, ...rest),
    modules: modules?.modules ?? [],
    servers: listed.listings.filter((listing) => listing.server !== undefined).map((l) => l.source),
  };
}

/** Resolves the inputs and the tsconfig here, and loads and sweeps in the worker. */
async function load(options: CheckOptions, io: CheckIO): Promise<WorkerOutcome> {
  let inputs: ReturnType<typeof resolveInputs>;
  try {
    inputs = resolveInputs(options.inputs, io.cwd);
  } catch (error) {
    // A glob with too many brace alternatives.
    return { kind: "problems", problems: [messageOf(error)] };
  }
  const unmatched = unmatchedInputs(inputs);
  if (unmatched.length > 0) return { kind: "problems", problems: unmatched };
  const tsconfig = readTsconfigAliases(io.cwd, options.tsconfig);
  if (!tsconfig.ok) return { kind: "problems", problems: [tsconfig.problem] };
  const job = {
    cwd: io.cwd,
    inputs,
    aliases: tsconfig.aliases,
    dialects: options.dialects,
    targets: options.targets,
    ledger: options.ledger,
    requireDescribe: options.requireDescribe,
    verbose: options.verbose,
    contracts: options.lock !== undefined,
  };
  return runInWorker(job, {
    script: io.script,
    importTimeout: options.importTimeout,
    relay: io.relay,
  });
}

/** Prints the sweep's outcome and returns the exit code. */
function report(
  outcome: Extract<Loaded, { kind: "report" }>,
  options: CheckOptions,
  io: CheckIO & { readonly check: CheckModule },
  lock: LockOutcome | undefined,
): number {
  const findings = mergeFindings(outcome.report.findings);
  const counts = countFindings(findings);
  const linted = counts.errorCount > 0 || overLimit(counts.warningCount, options.maxWarnings);
  const failed = linted || lock?.failed === true;
  const lines = renderReport(outcome.report, {
    ...options,
    ...counts,
    findings,
    failed,
    modules: outcome.modules,
    servers: outcome.servers,
    lines: new SourceLines(io.cwd),
    check: io.check,
    lock,
  });
  for (const line of lines) io.stdout(line);
  return failed ? 1 : 0;
}

// Warnings fail only past a limit the command line sets, as in ESLint.
function overLimit(warnings: number, maxWarnings: number | undefined): boolean {
  return maxWarnings !== undefined && warnings > maxWarnings;
}

function usageError(io: CheckIO, message: string): number {
  io.stderr(`toolwright check: ${message}`);
  io.stderr("Run 'toolwright check --help' for usage.");
  return 2;
}

function loadErrors(
  io: CheckIO,
  check: CheckModule,
  format: Format,
  problems: readonly string[],
): number {
  for (const problem of problems) {
    io.stderr(`toolwright check: ${problem}`);
    if (format === "github") io.stdout(check.formatErrorAnnotation(problem));
  }
  return 2;
}
