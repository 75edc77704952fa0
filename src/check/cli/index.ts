#!/usr/bin/env node
/**
 * The `toolwright` command line. One command today:
 * `toolwright check <module or glob>...`, which lints the model-facing schemas of every
 * toolwright object the modules export. Exit codes: 0 clean, 1 findings, 2 usage or load error.
 *
 * @module
 */
import { type CheckIO, runCheck } from "./run-check";

const USAGE = `Usage: toolwright <command> [options]

Commands:
  check <module or glob>...   Lint the model-facing schemas of the tools the modules export

Run 'toolwright check --help' for the options of check.`;

async function main(argv: readonly string[]): Promise<number> {
  const io: CheckIO = {
    cwd: process.cwd(),
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  };
  const [command, ...rest] = argv;
  if (command === "check") return runCheck(rest, io);
  if (command === "help" || command === "--help" || command === "-h") {
    io.stdout(USAGE);
    return 0;
  }
  io.stderr(command === undefined ? USAGE : `toolwright: unknown command '${command}'\n\n${USAGE}`);
  return 2;
}

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
