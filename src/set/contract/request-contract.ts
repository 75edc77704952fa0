/**
 * The contract check of `resume` (the set's `approvalContract` option): a request records
 * its tool's contract when it is made; when it comes back, the tool's contract now is
 * compared with it, and a change the option does not accept refuses the request, naming
 * what changed, before anything runs.
 *
 * @module
 */
import type { ApprovalRequest } from "../../call/outcome";
import type { ToolSetEntry } from "../types";
import { contractListing } from "./contract-listing";
import { type ListingChange, listingChanges } from "./listing-changes";

/** Which changes refuse a request: those that break its callers, or any. */
export type ContractCheck = "breaking" | "any";

/** How many changes a refusal names before it says how many more there are. */
const NAMED = 3;

/**
 * Why `request` may not be resumed against `entry` as it is now under `check`; `undefined`
 * when it may (or when there is no check).
 */
export function contractProblem(
  request: ApprovalRequest,
  entry: ToolSetEntry,
  check: ContractCheck | undefined,
): string | undefined {
  if (check === undefined) return undefined;
  const { contract } = request;
  if (contract === undefined) {
    return "it records no contract of its tool (it was made by a tool set without approvalContract), so whether the tool changed since cannot be told; ask again";
  }
  const now = contractListing([entry], "toolwright");
  const changes = listingChanges([contract], now).changes.filter(
    (change) => check === "any" || change.change === "breaking",
  );
  if (changes.length === 0) return undefined;
  const named = changes.slice(0, NAMED).map(describe).join("; ");
  const more = changes.length > NAMED ? `; and ${changes.length - NAMED} more` : "";
  const how = check === "any" ? "changed" : "changed in a breaking way";
  return `its tool ${how} since it was requested (${named}${more}); ask again`;
}

function describe(change: ListingChange): string {
  const where = change.part === "tool" ? "" : `${change.part} ${change.path}: `;
  return `${where}${change.what}`;
}
