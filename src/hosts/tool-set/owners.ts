/**
 * How a tool set is built: each capability's tools, plays and manual tools become owners
 * (an entry, how to run it, and the controls it runs under), named once across the set.
 *
 * @module
 */
import { type Caller, runCall } from "../../core/boundary";
import { overridesMethod } from "../../core/brand";
import {
  type CallFailure,
  type CallOutcome,
  callFailure,
  type SettledFailureKind,
} from "../../core/call-outcome";
import type { Capability, CapabilityTool } from "../../core/capability";
import { capability as capabilityOf } from "../../core/capability";
import { describeValue, messageOf } from "../../core/describe";
import { ToolwrightError } from "../../core/errors";
import { checkExamples } from "../../core/input-examples";
import { ManualToolbox } from "../../core/manual-toolbox";
import { PartialResultError } from "../../core/partial-results";
import { type Playbook, playOutcomeCaller } from "../../core/playbook";
import type { ToolExecutionContext } from "../../core/tool-definition";
import { type Toolbox, toolbox, toolOutcomeCaller } from "../../core/toolbox";
import { parametersSchema } from "../../zod/raw-shape";
import type { AnySchema } from "../../zod/schema";
import { catalogTools, TOOL_CATALOG } from "./catalog";
import { expectedFields } from "./expected-fields";
import { withExpected } from "./failure-text";
import type { ToModelOutput } from "./model-content";
import { type OwnerControls, resolveControls } from "./owner-controls";

import type { ToolSetEntry, ToolSetOptions } from "./types";

/** One name of a set: its entry, how it runs, and the controls it runs under. */
export interface Owner {
  readonly entry: ToolSetEntry;
  readonly run: (args: unknown, ctx: ToolExecutionContext | undefined) => Promise<CallOutcome>;
  /** The definition's controls, resolved with the set's; absent when it has none. */
  readonly controls?: OwnerControls;
}

/**
 * `base`, with each invalid-arguments text ending in the fields the callable accepts, so
 * that a model reads what to send instead, and a streamed partial that its `partial`
 * schema rejected named as the callable's invalid output. Computed only when a call fails.
 */
function expecting<O>(base: Caller<O, CallOutcome>, kind: "tool" | "play"): Caller<O, CallOutcome> {
  return {
    callables: base.callables,
    value: base.value,
    failure: (outcome, owner) => {
      const failure = base.failure(outcome, owner) as CallFailure;
      if (failure.cause instanceof PartialResultError) {
        const text = `${kind} '${outcome.name}' ${failure.cause.message}`;
        return callFailure("invalid-output", text, failure.cause);
      }
      if (failure.kind !== "invalid-arguments") return failure;
      const callable = base.callables(owner)[outcome.name];
      const expected =
        callable === undefined ? undefined : expectedOf(outcome.name, callable.parameters);
      return withExpected(failure, expected);
    },
  };
}

function expectedOf(name: string, parameters: unknown): string | undefined {
  try {
    return expectedFields(name, parametersSchema(parameters));
  } catch {
    return undefined;
  }
}

const toolCaller = expecting(toolOutcomeCaller, "tool");
const playCaller = expecting(playOutcomeCaller, "play");

// Tools run through the boundary on the toolbox's record, named as `Toolbox.execute`
// names them; a toolbox that overrides `execute` is called through its override.
function toolRunner(toolbox: Toolbox, name: string): Owner["run"] {
  if (overridesMethod(toolbox, "execute", "Toolbox")) {
    return async (args, ctx) => {
      try {
        return { ok: true, value: await toolbox.execute(name, args, ctx) };
      } catch (error) {
        return callFailure(kindOf(error), messageOf(error), error);
      }
    };
  }
  return (args, ctx) => runCall(toolCaller, toolbox, name, args, ctx);
}

// Plays get no context, as in `Playbook.execute`, and settle exactly as it does.
function playRunner(playbook: Playbook, name: string): Owner["run"] {
  return (args) => runCall(playCaller, playbook, name, args, undefined);
}

// Marks every entry but those kept as deferred, and adds the catalog tools that describe them.
export function deferLoading(
  owners: Map<string, Owner>,
  { keep = [] }: { readonly keep?: readonly string[] },
  options: ToolSetOptions,
): (entries: readonly ToolSetEntry[]) => Owner[] {
  const unknown = keep.filter((name) => !owners.has(name));
  if (unknown.length > 0) {
    throw new TypeError(
      `toolSet: deferLoading.keep names ${unknown.map((name) => `'${name}'`).join(", ")}, which the set does not hold`,
    );
  }
  const described = [...owners.values()].map((owner) => owner.entry);
  for (const [name, owner] of owners) {
    if (keep.includes(name)) continue;
    owners.set(name, { ...owner, entry: { ...owner.entry, deferred: true } });
  }
  const description = "Find tools and read their definitions";
  const catalogFor = (entries: readonly ToolSetEntry[]): Owner[] => {
    const catalog = capabilityOf({
      name: TOOL_CATALOG,
      description,
      toolbox: toolbox(
        TOOL_CATALOG,
        description,
        catalogTools(() => entries),
      ),
    });
    return ownersOf(catalog, { ...options, manuals: false });
  };
  for (const owner of catalogFor(described)) add(owners, owner);
  return catalogFor;
}

export function add(owners: Map<string, Owner>, owner: Owner): void {
  const { entry } = owner;
  const held = owners.get(entry.name);
  if (held !== undefined) {
    throw new TypeError(
      `toolSet: the name '${entry.name}' is declared by both ${label(held.entry)} and ${label(entry)}; rename one of them so that every name is unique`,
    );
  }
  owners.set(entry.name, owner);
}

// A capability's tools, then its plays, then (with `manuals`) its manual's reading tools.
export function ownersOf(capability: Capability, options: ToolSetOptions): Owner[] {
  const { playbook } = capability;
  if (playbook !== undefined && overridesMethod(playbook, "execute", "Playbook")) {
    throw new TypeError(
      `toolSet: playbook '${playbook.name}' of capability '${capability.name}' overrides execute(); hosts run plays through the boundary on playbook.plays, so move what the override does into its plays`,
    );
  }
  const owners = capability.getTools().map((offered) => ownerOf(capability, offered, options));
  if ((options.manuals ?? true) && capability.manual !== undefined) {
    const reader = new ManualToolbox(capability.manual);
    for (const [name, definition] of Object.entries(reader.tools)) {
      const entry: ToolSetEntry = { ...entryOf(capability, name, definition), kind: "manual" };
      owners.push(controlled(entry, "tool", definition, toolRunner(reader, name), options));
    }
  }
  return owners;
}

function ownerOf(capability: Capability, offered: CapabilityTool, options: ToolSetOptions): Owner {
  const { name, definition } = offered;
  if (offered.kind === "play") {
    const entry: ToolSetEntry = { ...entryOf(capability, name, definition), kind: "play" };
    const run = playRunner(capability.playbook as Playbook, name);
    return controlled(entry, "play", definition, run, options);
  }
  const { terminal, streams } = offered.definition;
  const entry: ToolSetEntry = {
    ...entryOf(capability, name, definition),
    kind: "tool",
    ...(terminal !== undefined && { terminal }),
    ...(streams === true && { streams }),
  };
  return controlled(entry, "tool", definition, toolRunner(capability.toolbox, name), options);
}

// The owner of `entry` under the controls its definition and the set declare; with strict
// inputs, the entry shows the strict form of its parameters.
function controlled(
  entry: ToolSetEntry,
  kind: "tool" | "play",
  definition: CapabilityTool["definition"],
  run: Owner["run"],
  options: ToolSetOptions,
): Owner {
  const { controls, shown } = resolveControls(
    entry,
    kind,
    entry.name,
    `${kind} '${entry.capability}/${entry.name}'`,
    entry.parameters,
    definition,
    options,
  );
  if (controls === undefined) return { entry, run };
  const approval = controls.approval !== undefined && { mayNeedApproval: true as const };
  return { entry: { ...entry, parameters: shown, ...approval }, run, controls };
}

function entryOf(
  capability: Capability,
  name: string,
  definition: CapabilityTool["definition"],
): Omit<ToolSetEntry, "kind"> {
  const parameters = entryParameters(capability, name, definition.parameters);
  const { examples } = definition;
  const { toModelOutput } = definition as { readonly toModelOutput?: unknown };
  if (toModelOutput !== undefined && typeof toModelOutput !== "function") {
    throw new TypeError(
      `toolSet: '${capability.name}/${name}': toModelOutput must be a function, received ${describeValue(toModelOutput)}`,
    );
  }
  return {
    name,
    capability: capability.name,
    description: definition.description,
    parameters,
    ...(definition.returns !== undefined && { returns: definition.returns }),
    ...(definition.displayType !== undefined && { displayType: definition.displayType }),
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
    // A hand-written definition's examples are checked here, where its name is known.
    ...(examples !== undefined && {
      examples: checkExamples(`toolSet: '${capability.name}/${name}'`, parameters, examples),
    }),
    ...(toModelOutput !== undefined && { toModelOutput: toModelOutput as ToModelOutput }),
  };
}

// A raw shape is the z.object it stands for; one that mixes Zod majors is refused here,
// at construction, naming its owner.
function entryParameters(capability: Capability, name: string, parameters: unknown): AnySchema {
  try {
    return parametersSchema(parameters);
  } catch (error) {
    throw new TypeError(`toolSet: '${capability.name}/${name}': ${messageOf(error)}`);
  }
}

function label(entry: ToolSetEntry): string {
  return `${entry.kind} '${entry.capability}/${entry.name}'`;
}

// What an override threw, as the boundary would have classified it.
function kindOf(error: unknown): SettledFailureKind {
  const code = codeOf(error);
  if (code === "TOOL_ARGUMENTS") return "invalid-arguments";
  if (code === "TOOL_OUTPUT") return "invalid-output";
  if (code === "UNKNOWN_TOOL") return "unknown-name";
  return "thrown";
}

function codeOf(error: unknown): unknown {
  try {
    return error instanceof ToolwrightError ? error.code : undefined;
  } catch {
    return undefined;
  }
}
