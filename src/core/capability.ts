/**
 * `Capability`: a toolbox, with an optional manual and playbook, as one frozen unit
 * an agent is given; and the `capability()` factory.
 *
 * @module
 */
import { isInstance } from "./brand";
import { describeValue } from "./describe";
import type { Manual } from "./manual";
import type { PlayDefinition } from "./play-definition";
import type { Playbook } from "./playbook";
import type { ToolDefinition } from "./tool-definition";
import type { Toolbox } from "./toolbox";

/** One callable a capability offers: a tool of its toolbox or a play of its playbook. */
export type CapabilityTool =
  | { readonly kind: "tool"; readonly name: string; readonly definition: ToolDefinition }
  | { readonly kind: "play"; readonly name: string; readonly definition: PlayDefinition };

/**
 * A toolbox with its manual and playbook, frozen at construction.
 *
 * @example
 * ```ts
 * const meetings = new Capability("meetings", "Meeting management", new MeetingToolbox(),
 *   new TextManual("meetings-manual", "Use list_meetings to see the day's schedule."));
 * ```
 */
export class Capability {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "Capability");
  }

  /** The mark every copy of toolwright gives a `Capability` (see `brand.ts`). */
  get "~toolwright.Capability"(): true {
    return true;
  }

  readonly name: string;
  readonly description: string;
  readonly toolbox: Toolbox;
  readonly manual: Manual | undefined;
  readonly playbook: Playbook | undefined;

  constructor(
    name: string,
    description: string,
    toolbox: Toolbox,
    manual?: Manual,
    playbook?: Playbook,
  ) {
    assertShape(name, "toolbox", toolbox, "tools");
    if (manual !== undefined) assertShape(name, "manual", manual, "toPrompt");
    if (playbook !== undefined) assertShape(name, "playbook", playbook, "plays");
    this.name = name;
    this.description = description;
    this.toolbox = toolbox;
    this.manual = manual;
    this.playbook = playbook;
    Object.freeze(this);
  }

  /** The toolbox's tools, then the playbook's plays, in record order. */
  getTools(): CapabilityTool[] {
    const tools = Object.entries(this.toolbox.tools).map(
      ([name, definition]): CapabilityTool => ({ kind: "tool", name, definition }),
    );
    const plays = Object.entries(this.playbook?.plays ?? {}).map(
      ([name, definition]): CapabilityTool => ({ kind: "play", name, definition }),
    );
    return [...tools, ...plays];
  }

  /** The capability as prompt text: what it is for, what it offers, and its manual. */
  toPrompt(): string {
    const lines = [`# ${this.name}`, this.description];
    const offered = this.getTools();
    const tools = offered.filter((entry) => entry.kind === "tool");
    const plays = offered.filter((entry) => entry.kind === "play");
    if (tools.length > 0) lines.push("", "## Tools", ...tools.map(bullet));
    if (plays.length > 0) lines.push("", "## Plays", ...plays.map(bullet));
    if (this.manual !== undefined) {
      lines.push("", `## Manual: ${this.manual.name}`, this.manual.toPrompt());
    }
    return lines.join("\n");
  }
}

function bullet(entry: CapabilityTool): string {
  return `- ${entry.name}: ${entry.definition.description}`;
}

function assertShape(capability: string, role: string, value: unknown, member: string): void {
  if (typeof value !== "object" || value === null || !(member in value)) {
    throw new TypeError(
      `capability '${capability}': expected a ${role} (an object with '${member}'), received ${describeValue(value)}`,
    );
  }
}

/** The argument of {@link capability}. */
export interface CapabilityConfig<
  TB extends Toolbox = Toolbox,
  PB extends Playbook | undefined = Playbook | undefined,
  M extends Manual | undefined = Manual | undefined,
> {
  /** The capability's name. */
  readonly name: string;
  /** What the capability is for. */
  readonly description: string;
  /** The tools it offers. */
  readonly toolbox: TB;
  /** Prose a model reads to use it well. */
  readonly manual?: M;
  /** Named recipes it offers beside its tools. */
  readonly playbook?: PB;
}

/**
 * A `Capability` as `capability()` builds it: the same frozen class at run time, whose
 * type keeps the toolbox, playbook and manual it was given, so that
 * `meetings.toolbox.execute(...)` and `toolSet([meetings])` are typed by name.
 */
export interface TypedCapability<
  TB extends Toolbox = Toolbox,
  PB extends Playbook | undefined = Playbook | undefined,
  M extends Manual | undefined = Manual | undefined,
> extends Capability {
  readonly toolbox: TB;
  readonly playbook: PB;
  readonly manual: M;
}

/**
 * Builds the same frozen `Capability` as the constructor, from named fields, typed by
 * what it is given (see {@link TypedCapability}).
 *
 * @example
 * ```ts
 * const meetings = capability({ name: "meetings", description: "Meeting management", toolbox: meetingTools });
 * ```
 */
export function capability<
  TB extends Toolbox,
  PB extends Playbook | undefined = undefined,
  M extends Manual | undefined = undefined,
>(config: CapabilityConfig<TB, PB, M>): TypedCapability<TB, PB, M> {
  // The constructor keeps what it is given; only the type remembers which toolbox it was.
  return new Capability(
    config.name,
    config.description,
    config.toolbox,
    config.manual,
    config.playbook,
  ) as TypedCapability<TB, PB, M>;
}
