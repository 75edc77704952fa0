/**
 * What `toolwright check --lock` prints of the lock step: one line (or workflow
 * annotation, on the tool's source line) per change since the lock, with its class and
 * whether `--lock-allow` lets it pass; one per listing whose bytes (a provider's prompt
 * cache) changed; and a summary. In JSON, the same as one `lock` member.
 *
 * @module
 */

import { workflowCommand } from "../workflow-command";
import type { LockChange, LockListingState } from "./lock-diff";
import type { LockOutcome as RunLockOutcome } from "./run-lock";
import type { SourceLines } from "./source-lines";

/** The lock's lines, in the output's format (text or github). */
export function lockLines(
  lock: RunLockOutcome,
  format: "text" | "github",
  lines: SourceLines,
): string[] {
  const changes = lock.changes.map((change) =>
    format === "text" ? changeLine(change) : changeAnnotation(change, lines),
  );
  const caches = lock.listings
    .filter((listing) => listing.bytesChanged && listing.locked !== null)
    .map((listing) => (format === "text" ? cacheLine(listing) : cacheAnnotation(listing)));
  return [
    ...changes,
    ...caches,
    ...lock.problems.map((problem) => `toolwright check: lock: ${problem}`),
  ];
}

/** `weather / mcp / forecast.parameters`: where a change is. */
function placeOf(change: LockChange): string {
  const tool =
    change.tool === ""
      ? []
      : [change.part === "tool" ? change.tool : `${change.tool}.${change.part}`];
  return [change.set, change.target, ...tool].join(" / ");
}

function changeLine(change: LockChange): string {
  const allowed = change.allowed ? " (allowed)" : "";
  return `${change.source ?? "?"}: lock ${placeOf(change)} ${change.path}: ${change.change}${allowed} — ${change.what}`;
}

function cacheLine(listing: LockListingState): string {
  return `${listing.source ?? "?"}: lock ${listing.set} / ${listing.target}: listing bytes changed (prompt cache): ${listing.locked} → ${listing.fingerprint}`;
}

function changeAnnotation(change: LockChange, lines: SourceLines): string {
  const line = change.tool === "" ? undefined : lines.lineOf(change.source, change.tool);
  const title = `toolwright [lock ${change.change}] ${placeOf(change)}`;
  const level = change.allowed ? "notice" : "error";
  return workflowCommand(
    level,
    { file: change.source, line, title },
    `${change.path} — ${change.what}`,
  );
}

function cacheAnnotation(listing: LockListingState): string {
  const title = `toolwright [lock prompt-cache] ${listing.set} / ${listing.target}`;
  return workflowCommand(
    "notice",
    { file: listing.source, title },
    `listing bytes changed: ${listing.locked} → ${listing.fingerprint}`,
  );
}

/** The summary of the lock step. */
export function lockSummary(lock: RunLockOutcome): string {
  const count = (change: string) => lock.changes.filter((found) => found.change === change).length;
  const caches = lock.listings.filter((listing) => listing.bytesChanged).length;
  const counts = `${count("breaking")} breaking, ${count("compatible")} compatible, ${count("cosmetic")} cosmetic`;
  const cache = `listing bytes changed for ${caches} of ${lock.listings.length}`;
  if (lock.updated) return `toolwright check: lock ${lock.file} written (${counts}; ${cache})`;
  if (lock.changes.length === 0 && caches === 0)
    return `toolwright check: lock ${lock.file}: unchanged`;
  const refused = lock.changes.filter((change) => !change.allowed).length;
  const verdict =
    refused === 0 ? "all allowed" : `${refused} not allowed by --lock-allow ${lock.allow}`;
  return `toolwright check: lock ${lock.file}: ${counts} (${verdict}); ${cache}`;
}

/** The lock step as the JSON report's `lock` member. */
export function lockJson(lock: RunLockOutcome, lines: SourceLines) {
  return {
    file: lock.file,
    ok: !lock.failed,
    updated: lock.updated,
    allow: lock.allow,
    changes: lock.changes.map((change) => ({
      set: change.set,
      target: change.target,
      file: change.source ?? null,
      line: change.tool === "" ? null : (lines.lineOf(change.source, change.tool) ?? null),
      tool: change.tool === "" ? null : change.tool,
      part: change.part,
      path: change.path,
      change: change.change,
      allowed: change.allowed,
      what: change.what,
    })),
    listings: lock.listings.map((listing) => ({
      set: listing.set,
      target: listing.target,
      fingerprint: listing.fingerprint,
      locked: listing.locked,
      bytesChanged: listing.bytesChanged,
    })),
    problems: lock.problems,
  };
}
