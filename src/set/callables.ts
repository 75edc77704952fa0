/**
 * What a tool set can call, by name, as one record type: the tools and plays of every
 * capability given to `toolSet()`, and the reading tools of their manuals. Types only.
 *
 * @module
 */
import type { Capability } from "../core/capability";
import type { PlayDefinition } from "../core/play-definition";
import type { ToolDefinition } from "../core/tool-definition";

/** The callables of a tool set, keyed by name: what `ToolSet` is typed by. */
export type CallableRecord = Readonly<Record<string, ToolDefinition | PlayDefinition>>;

/**
 * The two reading tools a manual adds (see `ManualToolbox`). Their names come from the
 * manual's name at run time, so only their form is known here, and their types are not.
 */
export interface ManualTools {
  readonly [name: `list_${string}_sections`]: ToolDefinition;
  readonly [name: `read_${string}_section`]: ToolDefinition;
}

// `unknown` where there is nothing to add: an intersection drops it.
type PlaysOf<C extends Capability> = [Exclude<C["playbook"], undefined>] extends [never]
  ? unknown
  : Exclude<C["playbook"], undefined>["plays"];

type ManualsOf<C extends Capability> = [Exclude<C["manual"], undefined>] extends [never]
  ? unknown
  : ManualTools;

/** One capability's callables: its toolbox's tools, its playbook's plays, its manual's tools. */
export type CapabilityCallables<C extends Capability> = C["toolbox"]["tools"] &
  PlaysOf<C> &
  ManualsOf<C>;

/**
 * The callables of capabilities `C` (a union, one member per capability) as one record:
 * the intersection of each one's. A capability built with `new Capability(...)` or over
 * a class-form toolbox adds every name, untyped; typed names stay typed beside it.
 */
export type ToolSetCallables<C extends Capability> = [C] extends [never]
  ? CallableRecord
  : (C extends Capability ? (callables: CapabilityCallables<C>) => void : never) extends (
        callables: infer Every,
      ) => void
    ? Every
    : never;
