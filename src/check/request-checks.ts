/**
 * The checks a target adapter adds for a capability set as one request: each tool's name
 * against the provider's name rule, and the set against the provider's per-request budgets,
 * through `lintToolSet` under the adapter's dialect (`ADAPTER_DIALECTS`). The schemas
 * themselves are linted per entry, under the same dialect, by the sweep.
 *
 * @module
 */
import {
  ADAPTER_DIALECTS,
  type AdapterMode,
  lintToolSet,
  TOOL_SET_RULE_CODES,
  type ToolSetLintFinding,
} from "toolwright/lint";
import { messageOf } from "../core/describe";
import { isObject, read } from "./discover";
import type { Entry, Place } from "./entries";
import { hostFinding } from "./host-checks";
import { addFinding, type SweepState } from "./sweep-state";

/** One tool or play of a set, and where it was reached. */
export interface SetMember {
  readonly entry: Entry;
  readonly place: Place;
}

// A budget finding is about the whole request: it is labelled with this stand-in tool.
const REQUEST_ENTRY: Entry = {
  kind: "tool",
  name: "(request)",
  owner: undefined,
  definition: undefined,
};

const SET_CODES = new Set<string>(TOOL_SET_RULE_CODES);

/**
 * Adds, per target, the name and budget findings of the set `members` form. A tool whose
 * parameters are not a schema is left out here: the sweep already reports it.
 */
export function checkRequest(state: SweepState, members: readonly SetMember[]): void {
  const first = members[0];
  if (first === undefined) return;
  for (const target of state.targets) {
    for (const finding of setFindings(state, members, target, first.place)) {
      const member = members.find((m) => m.entry.name === finding.tool);
      const entry = member?.entry ?? REQUEST_ENTRY;
      const place = member?.place ?? requestPlace(first.place);
      addFinding(state, entry, place, undefined, finding);
    }
  }
}

// A request of an agent is labelled with the agent; a lone capability is its own request.
function requestPlace(place: Place): Place {
  return place.agent === undefined ? place : { ...place, capability: undefined };
}

function setFindings(
  state: SweepState,
  members: readonly SetMember[],
  target: AdapterMode,
  place: Place,
): ToolSetLintFinding[] {
  const dialect = ADAPTER_DIALECTS[target];
  const tools = members.flatMap(({ entry }) => {
    const parameters = isObject(entry.definition)
      ? read(entry.definition, "parameters")
      : undefined;
    return typeof parameters === "object" && parameters !== null
      ? [{ name: entry.name, parameters }]
      : [];
  });
  try {
    return lintToolSet(tools, { dialect }).filter((finding) => SET_CODES.has(finding.code));
  } catch (error) {
    const message = `checking the set as one ${target} request threw: ${messageOf(error)}`;
    addFinding(state, REQUEST_ENTRY, place, undefined, {
      ...hostFinding("lint-failed", message),
      dialect,
    });
    return [];
  }
}
