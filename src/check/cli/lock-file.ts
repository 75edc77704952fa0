/**
 * The contract lock file of `toolwright check --lock`: per capability set, per target, the
 * listing order, the listing's fingerprint (`set.fingerprint(target)`) and each tool's
 * contract. Written with every object's keys sorted, two-space indented, with no
 * timestamp and no path, so two machines write the same bytes and a diff reads well.
 *
 * ```json
 * { "sets": { "weather": { "mcp": { "fingerprint": "sha256:…", "order": ["forecast"],
 *   "tools": { "forecast": { "description": "…", "name": "forecast", "parameters": {…} } } } } },
 *   "version": 1 }
 * ```
 *
 * @module
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { ToolContract } from "toolwright";
import { messageOf } from "../../core/describe";

/** The format's version: a reader refuses any other. */
export const LOCK_VERSION = 1;

/** One target's listing of one set, as locked. */
export interface LockedListing {
  readonly fingerprint: string;
  readonly order: readonly string[];
  readonly tools: Readonly<Record<string, ToolContract>>;
}

/** A lock file's content: set → target → listing. */
export interface LockFile {
  readonly version: typeof LOCK_VERSION;
  readonly sets: Readonly<Record<string, Readonly<Record<string, LockedListing>>>>;
}

/** A lock file read: its content, none at that path, or why it cannot be used. */
export type LockRead =
  | { readonly kind: "lock"; readonly lock: LockFile }
  | { readonly kind: "missing" }
  | { readonly kind: "problem"; readonly problem: string };

/** Reads and checks the lock file at `path`. */
export function readLockFile(path: string, shown: string): LockRead {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    return { kind: "problem", problem: `lock file ${shown} cannot be read: ${messageOf(error)}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "problem", problem: `lock file ${shown} is not JSON: ${messageOf(error)}` };
  }
  const problem = shapeProblem(value);
  if (problem !== undefined) {
    return {
      kind: "problem",
      problem: `lock file ${shown} ${problem}; rewrite it with --update-lock`,
    };
  }
  return { kind: "lock", lock: value as LockFile };
}

function shapeProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return "is not a JSON object";
  if (value.version !== LOCK_VERSION) {
    return `has version ${JSON.stringify(value.version) ?? "(none)"}; this toolwright reads version ${LOCK_VERSION}`;
  }
  if (!isRecord(value.sets)) return "has no 'sets' object";
  for (const [set, targets] of Object.entries(value.sets)) {
    if (!isRecord(targets)) return `has set '${set}' that is not an object`;
    for (const [target, listing] of Object.entries(targets)) {
      if (!isListing(listing)) return `has a malformed listing at sets.${set}.${target}`;
    }
  }
  return undefined;
}

function isListing(value: unknown): value is LockedListing {
  return (
    isRecord(value) &&
    typeof value.fingerprint === "string" &&
    Array.isArray(value.order) &&
    value.order.every((name) => typeof name === "string") &&
    isRecord(value.tools) &&
    value.order.every((name) => isRecord((value.tools as Record<string, unknown>)[name]))
  );
}

/** Writes `lock` to `path`, keys sorted. */
export function writeLockFile(path: string, lock: LockFile): void {
  writeFileSync(path, `${JSON.stringify(sortedKeys(lock), null, 2)}\n`);
}

/** `value` with every object's keys sorted: the lock's canonical form. */
export function sortedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortedKeys) as T;
  if (!isRecord(value)) return value;
  // No prototype: a schema property named `__proto__` stays a key.
  const sorted: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).sort()) sorted[key] = sortedKeys(value[key]);
  return sorted as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
