/**
 * The lowering ledger of a sweep: for each target that lowers schemas (`openai-strict`,
 * `anthropic-strict`), what the adapter changes in each tool's parameters on the way to the
 * provider, from the adapter's own lowering. A tool the target cannot take is a lint error
 * already, so it has no ledger line here.
 *
 * @module
 */
import { anthropicStrictParameters } from "toolwright/anthropic";
import type { AdapterMode } from "toolwright/lint";
import { openAIStrictParameters } from "toolwright/openai";
import { isObject, read } from "./discover";
import { type Location, locate } from "./entries";
import type { SetMember } from "./request-checks";
import type { SweepState } from "./sweep-state";
import type { SweepLedgerEntry } from "./types";

// The lowering each target applies: the changes it makes to one tool's parameters.
type Lowering = (
  tool: string,
  parameters: never,
) => {
  readonly changes: readonly Pick<SweepLedgerEntry, "path" | "kind" | "message">[];
};

const LOWERINGS: Partial<Record<AdapterMode, Lowering>> = {
  "openai-strict": openAIStrictParameters,
  "anthropic-strict": anthropicStrictParameters,
};

/** Adds the ledger of each lowering target for the tools of one set. */
export function ledgerRequest(state: SweepState, members: readonly SetMember[]): void {
  if (!state.options.ledger) return;
  for (const target of state.targets) {
    const lower = LOWERINGS[target];
    if (lower === undefined) continue;
    for (const { entry, place } of members) {
      const parameters = isObject(entry.definition)
        ? read(entry.definition, "parameters")
        : undefined;
      const location = locate(entry, place, "parameters");
      for (const change of changesOf(lower, entry.name, parameters)) {
        state.ledger.push(ledgerEntry(location, target, change));
      }
    }
  }
}

// A schema the lowering refuses (or that is no schema) is reported by the lint, not here.
function changesOf(lower: Lowering, name: string, parameters: unknown) {
  if (typeof parameters !== "object" || parameters === null) return [];
  try {
    return lower(name, parameters as never).changes;
  } catch {
    return [];
  }
}

function ledgerEntry(
  location: Location,
  target: AdapterMode,
  change: Pick<SweepLedgerEntry, "path" | "kind" | "message">,
): SweepLedgerEntry {
  return {
    label: location.label,
    name: location.name,
    source: location.source,
    target,
    path: change.path,
    kind: change.kind,
    message: change.message,
  };
}
