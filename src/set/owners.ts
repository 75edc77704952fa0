/**
 * How a tool set is built: each capability's tools, plays and manual tools become owners
 * (an entry, the callable it runs, and the controls it runs under, resolved with the set's
 * own), named once across the set.
 *
 * @module
 */
import type { Call, Callable, Outcome } from "../call/call";
import type { ToModelOutput } from "../call/content";
import {
  type Controls,
  checkControlPlacement,
  checkControls,
  resolveControls,
} from "../call/controls";
import { callFailure, type SettledFailureKind } from "../call/outcome";
import { overridesMethod } from "../core/brand";
import type { Capability, CapabilityTool } from "../core/capability";
import { capability as capabilityOf } from "../core/capability";
import { describeValue, messageOf } from "../core/describe";
import { type CallableKind, ToolwrightError } from "../core/errors";
import { checkExamples } from "../core/input-examples";
import { ManualToolbox } from "../core/manual-toolbox";
import type { ToolExecutionContext } from "../core/tool-definition";
import { type Toolbox, toolbox } from "../core/toolbox";
import { parametersSchema } from "../zod/raw-shape";
import type { AnySchema } from "../zod/schema";
import { isVisible } from "./access";
import { catalogTools } from "./catalog";
import { TOOL_CATALOG } from "./catalog-listing";
import { defaultsFor } from "./policy";
import type { ToolSetEntry, ToolSetOptions } from "./types";

/** One name of a set: its entry, what runs, and the controls it runs under. */
export interface Owner {
  readonly entry: ToolSetEntry;
  /** Whether it is worded as a tool or a play (a manual tool is a tool). */
  readonly kind: CallableKind;
  readonly callable: Callable;
  /** The definition's controls resolved with the set's; absent when nothing is controlled. */
  readonly controls: Controls | undefined;
  /** Runs it instead of the pipeline's own run: a toolbox that overrides `execute`. */
  readonly run?: (call: Call) => Promise<Outcome>;
}

// Marks every entry but those kept as deferred, and adds the catalog tools that describe them.
export function deferLoading(
  owners: Map<string, Owner>,
  { keep = [] }: { readonly keep?: readonly string[] },
  options: ToolSetOptions,
): (owners: readonly Owner[]) => Owner[] {
  const unknown = keep.filter((name) => !owners.has(name));
  if (unknown.length > 0) {
    throw new TypeError(
      `toolSet: deferLoading.keep names ${unknown.map((name) => `'${name}'`).join(", ")}, which the set does not hold`,
    );
  }
  const described = [...owners.values()];
  for (const [name, owner] of owners) {
    if (keep.includes(name)) continue;
    owners.set(name, { ...owner, entry: { ...owner.entry, deferred: true } });
  }
  const description = "Find tools and read their definitions";
  const catalogFor = (over: readonly Owner[]): Owner[] => {
    // A caller finds and reads only what it may see.
    const entries = (ctx: ToolExecutionContext | undefined) =>
      over.filter((owner) => isVisible(owner, ctx)).map((owner) => owner.entry);
    const catalog = capabilityOf({
      name: TOOL_CATALOG,
      description,
      toolbox: toolbox(TOOL_CATALOG, description, catalogTools(entries)),
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
      `toolSet: playbook '${playbook.name}' of capability '${capability.name}' overrides execute(); hosts run plays through the pipeline on playbook.plays, so move what the override does into its plays`,
    );
  }
  const owners = capability.getTools().map((offered) => ownerOf(capability, offered, options));
  if ((options.manuals ?? true) && capability.manual !== undefined) {
    const reader = new ManualToolbox(capability.manual);
    for (const [name, definition] of Object.entries(reader.tools)) {
      const entry: ToolSetEntry = { ...entryOf(capability, name, definition), kind: "manual" };
      owners.push(controlled(entry, "tool", definition, undefined, options));
    }
  }
  return owners;
}

function ownerOf(capability: Capability, offered: CapabilityTool, options: ToolSetOptions): Owner {
  const { name, definition } = offered;
  if (offered.kind === "play") {
    const entry: ToolSetEntry = { ...entryOf(capability, name, definition), kind: "play" };
    return controlled(entry, "play", definition, undefined, options);
  }
  const { terminal, streams, clientSide } = offered.definition;
  const entry: ToolSetEntry = {
    ...entryOf(capability, name, definition),
    kind: "tool",
    ...(terminal !== undefined && { terminal }),
    ...(streams === true && { streams }),
    ...(clientSide === true && { clientSide }),
  };
  const override = overridesMethod(capability.toolbox, "execute", "Toolbox");
  const run = override ? ownExecute(capability.toolbox, name) : undefined;
  return controlled(entry, "tool", definition, run, options);
}

// The owner of `entry` under the controls its definition and the set declare; with strict
// inputs, the entry shows the strict form of its parameters.
function controlled(
  entry: ToolSetEntry,
  kind: CallableKind,
  callable: Callable,
  run: Owner["run"],
  options: ToolSetOptions,
): Owner {
  const owner = `toolSet: ${kind} '${entry.capability}/${entry.name}'`;
  // A hand-written definition's controls are checked here, as a factory's are where it is
  // written: a `needsApproval` that is neither a boolean nor a function must not run unasked.
  checkControlPlacement(callable, owner);
  const own = checkControls(callable.controls, owner);
  const defaults = defaultsFor(entry, options.controls);
  const { controls, shown } = resolveControls(kind, owner, entry.parameters, own, defaults);
  const approval = controls?.needsApproval !== undefined && { mayNeedApproval: true as const };
  const scopes = controls?.requiredScopes;
  return {
    entry: {
      ...entry,
      parameters: shown,
      ...approval,
      ...(scopes !== undefined && { requiredScopes: scopes }),
    },
    kind,
    callable,
    controls,
    ...(run !== undefined && { run }),
  };
}

// A toolbox that overrides `execute` is called through its override, which parses the
// arguments itself; what it throws is classified as the pipeline would have classified it.
function ownExecute(toolbox: Toolbox, name: string): NonNullable<Owner["run"]> {
  return async (call) => {
    try {
      return { kind: "value", value: await toolbox.execute(name, call.args, call.ctx) };
    } catch (error) {
      return { kind: "worded", name, failure: callFailure(kindOf(error), messageOf(error), error) };
    }
  };
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
    ...(definition.title !== undefined && { title: definition.title }),
    description: definition.description,
    parameters,
    ...(definition.returns !== undefined && { returns: definition.returns }),
    ...(definition.displayType !== undefined && { displayType: definition.displayType }),
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
    ...(definition.execution !== undefined && { execution: definition.execution }),
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

// What an override threw, as the pipeline would have classified it.
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
