#!/usr/bin/env node
/**
 * The `toolwright` command line. One command today:
 * `toolwright check <module or glob>...`, which lints the model-facing schemas of every
 * toolwright object the modules export. Exit codes: 0 clean or warnings only, 1 errors
 * (or more warnings than `--max-warnings`), 2 usage or load error.
 *
 * The same file is the check's worker: run with the worker command over an IPC channel, it
 * loads and sweeps the modules in a process of its own (see `run-worker.ts`).
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { type CheckModule, runCheckWorker } from "./check-worker";
import { loadFailure, unsupportedZod } from "./load-failure";
import { type CheckIO, runCheck } from "./run-check";
import { packageVersion } from "./version";
import { WORKER_COMMAND } from "./worker-protocol";

const USAGE = `Usage: toolwright <command> [options]

Commands:
  check <module or glob>...   Lint the model-facing schemas of the tools the modules export

Options:
  -v, --version               Print toolwright's version
  -h, --help                  Show this help

Run 'toolwright check --help' for the options of check.`;

const SCRIPT = fileURLToPath(import.meta.url);

async function main(argv: readonly string[]): Promise<number> {
  const io: CheckIO = {
    cwd: process.cwd(),
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    relay: (chunk) => process.stderr.write(chunk),
    script: SCRIPT,
    importCheck,
  };
  const [command, ...rest] = argv;
  if (command === "check") return runCheck(rest, io);
  if (command === "--version" || command === "-v") {
    io.stdout(packageVersion(SCRIPT) ?? "unknown");
    return 0;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    io.stdout(USAGE);
    return 0;
  }
  io.stderr(command === undefined ? USAGE : `toolwright: unknown command '${command}'\n\n${USAGE}`);
  return 2;
}

// Imported only when needed, so that an import failure (no zod at all) or a zod too old
// for toolwright is one clear message, not a stack trace.
async function importCheck(): Promise<CheckModule | { problem: string }> {
  const unsupported = unsupportedZod(SCRIPT);
  if (unsupported !== undefined)
    return { problem: `toolwright could not be loaded: ${unsupported}` };
  try {
    return await import("toolwright/check");
  } catch (error) {
    return { problem: `toolwright could not be loaded: ${loadFailure(error)}` };
  }
}

if (process.argv[2] === WORKER_COMMAND && process.send !== undefined) {
  runCheckWorker(importCheck);
} else {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `toolwright: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
