/**
 * The lock step of `toolwright check --lock <file>`: the lock read (or, with
 * `--update-lock`, written), this run's listings compared with it, and whether the drift
 * fails the run under `--lock-allow`.
 *
 * @module
 */
import { resolve } from "node:path";
import type { SweptContracts } from "toolwright/check";
import { messageOf } from "../../core/describe";
import type { CheckOptions } from "./arguments";
import { compareWithLock, type LockComparison } from "./lock-diff";
import { readLockFile, writeLockFile } from "./lock-file";

/** What the lock step found, for the output and the exit code. */
export interface LockOutcome extends LockComparison {
  /** The lock file, as given. */
  readonly file: string;
  readonly allow: CheckOptions["lockAllow"];
  /** Whether this run wrote the lock file. */
  readonly updated: boolean;
  /** Whether the lock fails the run: a change `--lock-allow` does not let pass, or a problem. */
  readonly failed: boolean;
}

/** Runs the lock step; a string is a problem that stops the run (exit 2). */
export async function runLock(
  contracts: readonly SweptContracts[],
  options: CheckOptions & { readonly lock: string },
  cwd: string,
): Promise<LockOutcome | string> {
  const path = resolve(cwd, options.lock);
  const read = readLockFile(path, options.lock);
  if (read.kind === "problem" && !options.updateLock) return read.problem;
  if (read.kind === "missing" && !options.updateLock) {
    return `lock file ${options.lock} not found; write it with --update-lock`;
  }
  const lock = read.kind === "lock" ? read.lock : undefined;
  const comparison = await compareWithLock(contracts, lock, options.lockAllow);
  const base = { ...comparison, file: options.lock, allow: options.lockAllow };
  if (options.updateLock) {
    try {
      writeLockFile(path, comparison.next);
    } catch (error) {
      return `lock file ${options.lock} cannot be written: ${messageOf(error)}`;
    }
    return { ...base, updated: true, failed: comparison.problems.length > 0 };
  }
  const refused = comparison.changes.some((change) => !change.allowed);
  return { ...base, updated: false, failed: refused || comparison.problems.length > 0 };
}
