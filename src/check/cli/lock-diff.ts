/**
 * What changed since the lock file: each capability set's listing per target, now (from
 * the sweep) against as locked, classified per change (breaking, compatible, cosmetic, by
 * `listingChanges`), and whether the listing's bytes, which a provider's prompt cache keys
 * on, changed (its fingerprint). Also the lock to write for the listings now.
 *
 * @module
 */
import type { SweptContracts } from "toolwright/check";
import { type ListingChange, listingChanges } from "../../set/contract/listing-changes";
import { listingFingerprint } from "../../set/contract/listing-fingerprint";
import { LOCK_VERSION, type LockedListing, type LockFile, sortedKeys } from "./lock-file";

/** Which changes pass without failing the check: none, cosmetic ones, or compatible ones too. */
export type LockAllow = "none" | "cosmetic" | "compatible";

/** One change, with the set and target it is in and the module to point at. */
export interface LockChange extends ListingChange {
  readonly set: string;
  readonly target: string;
  readonly source: string | undefined;
  /** Whether `--lock-allow` lets it pass. */
  readonly allowed: boolean;
}

/** One listing now, beside its locked fingerprint. */
export interface LockListingState {
  readonly set: string;
  readonly target: string;
  readonly source: string | undefined;
  readonly fingerprint: string;
  /** `null` for a listing the lock does not hold. */
  readonly locked: string | null;
  readonly bytesChanged: boolean;
}

/** The comparison of a run with its lock. */
export interface LockComparison {
  readonly changes: readonly LockChange[];
  readonly listings: readonly LockListingState[];
  /** Sets that have no listing (`toolSet` refused them) or targets the run does not check. */
  readonly problems: readonly string[];
  /** The lock for the listings now. */
  readonly next: LockFile;
}

/** Compares `contracts` (this run's) with `lock` (`undefined`: none yet). */
export async function compareWithLock(
  contracts: readonly SweptContracts[],
  lock: LockFile | undefined,
  allow: LockAllow,
): Promise<LockComparison> {
  const changes: LockChange[] = [];
  const listings: LockListingState[] = [];
  const problems: string[] = [];
  const sets: Record<string, Record<string, LockedListing>> = {};
  const push = (found: Omit<LockChange, "allowed">) =>
    changes.push({ ...found, allowed: allows(allow, found.change) });
  for (const swept of contracts) {
    if (swept.problem !== undefined) {
      problems.push(`capability set '${swept.set}' cannot be locked: ${swept.problem}`);
      continue;
    }
    const locked = lock?.sets[swept.set];
    const place = { set: swept.set, source: swept.source };
    sets[swept.set] = {};
    for (const { target, tools } of swept.listings) {
      const now = await lockedListing(tools);
      (sets[swept.set] as Record<string, LockedListing>)[target] = now;
      const was = locked?.[target];
      listings.push({
        ...place,
        target,
        fingerprint: now.fingerprint,
        locked: was?.fingerprint ?? null,
        bytesChanged: was?.fingerprint !== now.fingerprint,
      });
      if (lock === undefined) continue;
      for (const change of listingDiff(was, now)) push({ ...change, ...place, target });
    }
    for (const target of Object.keys(locked ?? {})) {
      if (!swept.listings.some((listing) => listing.target === target)) {
        problems.push(
          `the lock records target '${target}' for capability set '${swept.set}', which this run does not check; pass the --target options the lock was written with`,
        );
      }
    }
  }
  for (const set of Object.keys(lock?.sets ?? {})) {
    if (contracts.some((swept) => swept.set === set)) continue;
    const target = Object.keys(lock?.sets[set] ?? {}).join(", ");
    push({
      ...setChange("breaking", "capability set removed or renamed"),
      set,
      target,
      source: undefined,
    });
  }
  return { changes, listings, problems, next: { version: LOCK_VERSION, sets } };
}

async function lockedListing(
  tools: readonly LockedListing["tools"][string][],
): Promise<LockedListing> {
  const byName: Record<string, LockedListing["tools"][string]> = Object.create(null);
  for (const tool of tools) byName[tool.name] = sortedKeys(tool);
  return {
    fingerprint: await listingFingerprint(tools),
    order: tools.map((tool) => tool.name),
    tools: byName,
  };
}

// Both sides in the lock's canonical key order, so that only a change of content shows;
// a change of key order alone is seen in the fingerprint.
function listingDiff(was: LockedListing | undefined, now: LockedListing): ListingChange[] {
  if (was === undefined) return [setChange("compatible", "listing not in the lock yet")];
  const listed = (listing: LockedListing) =>
    listing.order.flatMap((name) => listing.tools[name] ?? []);
  const { changes } = listingChanges(listed(was), listed(now));
  if (changes.length === 0 && was.fingerprint !== now.fingerprint) {
    return [setChange("cosmetic", "listing bytes changed (key order)")];
  }
  return [...changes];
}

function setChange(change: ListingChange["change"], what: string): ListingChange {
  return { tool: "", part: "tool", path: "$", change, what };
}

function allows(allow: LockAllow, change: ListingChange["change"]): boolean {
  if (change === "cosmetic") return allow !== "none";
  return change === "compatible" && allow === "compatible";
}
