/**
 * The sweep: every model-facing schema reachable from some values, linted under the
 * requested dialects, plus the checks every host needs (parameters project to an object
 * schema; no two tools or plays of one capability set share a name). Labelled findings
 * in, plain data out: the repo's own check and the `toolwright check` CLI both use it.
 *
 * Its steps: discovery (`discover.ts`), the entries each discovered object holds (here),
 * each entry's schemas linted and projected (`sweep-entry.ts`), the duplicate-name check
 * per capability set (`host-checks.ts`), and the report (`sweep-state.ts`).
 *
 * @module
 */

import { ManualToolbox } from "toolwright";
import { DEFAULT_DIALECT } from "toolwright/lint";
import { messageOf } from "../core/describe";
import {
  type CapabilityLike,
  type CapabilitySet,
  type Discovery,
  discover,
  type Found,
  type ManualLike,
  read,
  type SweepRoot,
} from "./discover";
import { type Entry, entriesOf, nameOf, type Place } from "./entries";
import { checkUniqueName, hostFinding, type NameIndex } from "./host-checks";
import { type LintScope, lintScopeOf } from "./lint-scope";
import { checkRequest, type SetMember } from "./request-checks";
import { ledgerRequest } from "./request-ledger";
import { recordContracts } from "./sweep-contracts";
import { sweepEntry } from "./sweep-entry";
import { addFinding, createSweepState, reportOf, type SweepState } from "./sweep-state";
import type { SweepOptions, SweepReport } from "./types";

export type { SweepRoot } from "./discover";

/** Stands in for the tools of a manual whose toolbox could not be built. */
const MANUAL_ENTRY: Entry = {
  kind: "tool",
  name: "(manual)",
  owner: undefined,
  definition: undefined,
};

/**
 * Sweeps every toolbox, playbook, capability, agent (`{ name?, capabilities }`), bare tool
 * definition, and array or record of them reachable from `roots`. Objects are recognised
 * by shape, so a second copy of toolwright is swept too. A schema getter that throws, or
 * a value that is not a schema, becomes a finding for its tool; the sweep goes on.
 *
 * @example
 * ```ts
 * import * as tools from "./src/tools/index.js";
 * const report = sweepModelFacingSchemas(tools, { requireDescribe: true });
 * for (const f of report.findings) console.log(formatFinding(f));
 * ```
 */
export function sweepModelFacingSchemas(
  roots: readonly SweepRoot[] | Readonly<Record<string, unknown>>,
  options: SweepOptions = {},
): SweepReport {
  const state = createSweepState(options, scopeOf(options), options.requireDescribe ?? false);
  const found = discover(rootList(roots));
  sweepCapabilities(state, found);
  sweepHolders(state, found);
  sweepBareTools(state, found);
  return reportOf(state);
}

/** True when `discover` finds at least one toolwright object in `roots`. */
export function hasToolwrightObjects(roots: readonly SweepRoot[]): boolean {
  const found = discover(roots);
  return (
    found.sets.length +
      found.capabilities.length +
      found.toolboxes.length +
      found.playbooks.length +
      found.tools.length >
    0
  );
}

/** The dialects asked for, then each target's; the default only when neither is given. */
export function scopeOf(options: SweepOptions): LintScope {
  const targets = options.targets ?? [];
  const asked = options.dialects ?? (targets.length > 0 ? [] : [DEFAULT_DIALECT]);
  return lintScopeOf(asked, targets);
}

function rootList(
  roots: readonly SweepRoot[] | Readonly<Record<string, unknown>>,
): readonly SweepRoot[] {
  return Array.isArray(roots)
    ? (roots as readonly SweepRoot[])
    : Object.keys(roots).map((name) => ({ name, value: read(roots, name) }));
}

/** Every capability set, then each capability no set holds as a set of its own. */
function sweepCapabilities(state: SweepState, found: Discovery): void {
  for (const cap of found.capabilities) state.sources.set(cap.value, cap.source);
  for (const set of found.sets) sweepSet(state, set, set.capabilities);
  for (const cap of found.capabilities) {
    if (!state.sweptCapabilities.has(cap.value)) sweepSet(state, undefined, [cap.value]);
  }
}

/** Toolboxes and playbooks found outside any capability. */
function sweepHolders(state: SweepState, found: Discovery): void {
  for (const box of found.toolboxes) sweepHolder(state, "tool", "tools", box);
  for (const book of found.playbooks) sweepHolder(state, "play", "plays", book);
}

function sweepHolder(
  state: SweepState,
  kind: "tool" | "play",
  member: "tools" | "plays",
  holder: Found<object>,
): void {
  const place: Place = { agent: undefined, capability: undefined, source: holder.source };
  for (const entry of entriesOf(kind, holder.value, member, holder.at)) {
    sweepEntry(state, entry, place);
  }
}

/** Tool definitions exported on their own, labelled by where they were found. */
function sweepBareTools(state: SweepState, found: Discovery): void {
  for (const tool of found.tools) {
    // A definition already swept inside a toolbox or playbook keeps that label.
    if (state.swept.has(tool.value)) continue;
    const place: Place = { agent: undefined, capability: undefined, source: tool.source };
    const entry: Entry = {
      kind: "tool",
      name: tool.at,
      owner: undefined,
      definition: tool.value,
    };
    sweepEntry(state, entry, place);
  }
}

/** The capabilities a host serves together: each entry checked, and names unique across them. */
function sweepSet(
  state: SweepState,
  set: CapabilitySet | undefined,
  capabilities: readonly CapabilityLike[],
): void {
  const names: NameIndex = new Map();
  const members: SetMember[] = [];
  for (const cap of capabilities) {
    const place: Place = {
      agent: set?.label,
      capability: nameOf(cap, "capability"),
      source: set?.source ?? state.sources.get(cap),
    };
    for (const entry of capabilityEntries(state, cap, place)) {
      sweepEntry(state, entry, place);
      members.push({ entry, place });
      const duplicate = checkUniqueName(names, entry, place.capability);
      if (duplicate !== undefined) addFinding(state, entry, place, undefined, duplicate);
    }
    state.sweptCapabilities.add(cap);
  }
  checkRequest(state, members);
  ledgerRequest(state, members);
  const first = capabilities[0];
  const label = set?.label ?? (first === undefined ? "(set)" : nameOf(first, "capability"));
  const source = set?.source ?? (first === undefined ? undefined : state.sources.get(first));
  recordContracts(state, label, source, capabilities);
}

/** A capability's tools, its plays, and the tools its manual adds. */
function capabilityEntries(state: SweepState, cap: CapabilityLike, place: Place): Entry[] {
  const entries = [
    ...entriesOf("tool", cap.toolbox, "tools"),
    ...(cap.playbook === undefined ? [] : entriesOf("play", cap.playbook, "plays")),
  ];
  return [...entries, ...manualEntries(state, cap, place)];
}

/**
 * The tools a capability's manual adds; none when its toolbox was built from the same
 * manual and so holds them already. A manual whose toolbox cannot be built is a finding.
 */
function manualEntries(state: SweepState, cap: CapabilityLike, place: Place): Entry[] {
  const manual = read(cap, "manual");
  const toolbox = cap.toolbox as { readonly manual?: unknown };
  if (manual === undefined || read(toolbox, "manual") === manual) return [];
  try {
    return entriesOf("tool", manualToolboxFor(state, manual as ManualLike), "tools");
  } catch (error) {
    const message = `building the manual's tools threw: ${messageOf(error)}`;
    addFinding(state, MANUAL_ENTRY, place, undefined, hostFinding("schema-unreadable", message));
    return [];
  }
}

function manualToolboxFor(state: SweepState, manual: ManualLike): ManualToolbox {
  let tools = state.manuals.get(manual);
  if (tools === undefined) {
    tools = new ManualToolbox(manual as never);
    state.manuals.set(manual, tools);
  }
  return tools;
}
