/**
 * The contract listings of a sweep (`contracts: true`, for `toolwright check --lock`): each
 * capability set read as the tool set a host builds from it (`toolSet(capabilities)`, with
 * its manual tools), through `set.contract(target)` for each target, so the lock records
 * exactly what `set.fingerprint` hashes at run time. A set `toolSet` refuses (two tools of
 * one name: a `duplicate-name` finding already) has no listing, only the reason.
 *
 * @module
 */
import { type Capability, type ContractTarget, toolSet } from "toolwright";
import { messageOf } from "../core/describe";
import type { CapabilityLike } from "./discover";
import type { SweepState } from "./sweep-state";

/** Adds the listings of one capability set, labelled `set` and found in `source`. */
export function recordContracts(
  state: SweepState,
  set: string,
  source: string | undefined,
  capabilities: readonly CapabilityLike[],
): void {
  if (!state.options.contracts) return;
  const targets: readonly ContractTarget[] =
    state.targets.length > 0 ? state.targets : ["toolwright"];
  try {
    const built = toolSet(capabilities as readonly Capability[]);
    const listings = targets.map((target) => ({ target, tools: built.contract(target) }));
    state.contracts.push({ set, source, listings });
  } catch (error) {
    state.contracts.push({ set, source, listings: [], problem: messageOf(error) });
  }
}
