/**
 * `toolSet()`: one flat namespace over the tools, plays and manual tools of many
 * capabilities, with failure as data, a read-only plan view, ordered batches and a
 * call recorder. Every host adapter dispatches through it.
 *
 * @module
 */
import { runCall } from "../core/boundary";
import { overridesMethod } from "../core/brand";
import {
  type CallFailure,
  type CallFailureKind,
  type CallOutcome,
  callFailure,
} from "../core/call-outcome";
import type { ArgsOf, ResultOf } from "../core/call-types";
import type { Capability, CapabilityTool } from "../core/capability";
import { describeValue, messageOf } from "../core/describe";
import { ToolwrightError } from "../core/errors";
import { ManualToolbox } from "../core/manual-toolbox";
import { type Playbook, playOutcomeCaller } from "../core/playbook";
import { projectParameters, projectReturns } from "../core/projection";
import type { ToolAnnotations, ToolExecutionContext } from "../core/tool-definition";
import { type Toolbox, toolOutcomeCaller } from "../core/toolbox";
import type { JsonSchema, JsonSchemaTarget } from "../zod/json-schema";
import { parametersSchema } from "../zod/raw-shape";
import type { AnySchema } from "../zod/schema";
import { watchAbort } from "./abort-watch";
import type { ToolSetCallables } from "./tool-set-callables";

/** What a name in a tool set stands for. `"manual"`: a `ManualToolbox` tool over a capability's manual. */
export type ToolSetEntryKind = "tool" | "play" | "manual";

/** One callable of a {@link ToolSet}: where it comes from and what a model is shown of it. */
export interface ToolSetEntry {
  /** The name, unique across the whole set. */
  readonly name: string;
  /** A tool, a play, or a manual-reading tool. */
  readonly kind: ToolSetEntryKind;
  /** The name of the capability that owns it. */
  readonly capability: string;
  /** What it does, for the model. */
  readonly description: string;
  /** The schema of its arguments. */
  readonly parameters: AnySchema;
  /** The schema of its result, when declared. */
  readonly returns?: AnySchema;
  /** What it does to the world, when declared. */
  readonly annotations?: ToolAnnotations;
  /** Calling it ends the run. */
  readonly terminal?: boolean;
  /** A hint for how a host UI should render the result. */
  readonly displayType?: string;
}

/** What a model is shown of one entry, with JSON Schema in a chosen dialect. */
export interface ToolSetSchema {
  readonly name: string;
  readonly kind: ToolSetEntryKind;
  readonly capability: string;
  readonly description: string;
  /** JSON Schema of the arguments (input side), `type: "object"` at the root. Deep-frozen. */
  readonly parameters: JsonSchema;
  /** JSON Schema of the result (output side), when declared. Deep-frozen. */
  readonly returns?: JsonSchema;
  readonly annotations?: ToolAnnotations;
}

/** One call of a {@link ToolSet.callMany} batch. */
export interface ToolCallRequest {
  readonly name: string;
  readonly args: unknown;
  /** This call's context; falls back to the batch's. */
  readonly ctx?: ToolExecutionContext;
}

/** What the recorder receives once per settled call. */
export interface ToolCallRecord {
  readonly name: string;
  readonly args: unknown;
  readonly outcome: CallOutcome;
  /** Milliseconds between being asked for and starting (waiting behind a mutating call). */
  readonly queuedMs: number;
  /** Milliseconds from start to settling. */
  readonly durationMs: number;
}

/** Options of {@link toolSet}. */
export interface ToolSetOptions {
  /**
   * Add each capability's manual as two read-only tools (`list_<manual>_sections`,
   * `read_<manual>_section`, from `ManualToolbox`), so a model that only sees tools can
   * read it. Their names join the namespace and its collision check. @default true
   */
  readonly manuals?: boolean;
  /** Receives every settled call, after it settles. A throwing recorder is ignored. */
  readonly recorder?: (record: ToolCallRecord) => void;
}

interface Owner {
  readonly entry: ToolSetEntry;
  readonly run: (args: unknown, ctx: ToolExecutionContext | undefined) => Promise<CallOutcome>;
}

/**
 * One flat namespace over many capabilities. Build it with {@link toolSet}.
 *
 * `call` never rejects: every failure, an unknown name among them, is `{ ok: false, error }`.
 * `T` is what it can call by name (see {@link ToolSetCallables}): `toolSet()` over
 * capabilities built with the factories types `call` by name. A plain `ToolSet` takes
 * any name and any arguments, as a host that dispatches a model's calls does, and every
 * typed set is one: its default is `any`, the one type argument that every record is
 * assignable to and that still leaves every name callable.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above; `call` reads it as unknown arguments and results.
export interface ToolSet<T = any> {
  /** Every name, in capability order (tools, then plays, then manual tools). */
  readonly names: readonly string[];
  /** Every entry, in the order of {@link ToolSet.names}. */
  entries(): readonly ToolSetEntry[];
  /** The entry of that name, or `undefined`. */
  get(name: string): ToolSetEntry | undefined;
  /**
   * What a model is shown of every entry. `parameters` and `returns` are the cached,
   * deep-frozen projections: copy them before changing them. Throws
   * `SchemaProjectionError` naming the tool when a schema cannot be projected.
   */
  schemas(target?: JsonSchemaTarget): ToolSetSchema[];
  /**
   * The plan view: the same set holding only the entries annotated `readOnly: true`
   * (tools, plays and manual tools). Calling anything else through it fails as data,
   * naming what plan mode offers.
   */
  readonly plan: ToolSet<T>;
  /**
   * Calls a tool, play or manual tool by name. Tools go through `Toolbox.execute`
   * (arguments parsed once, errors named after the tool), plays through
   * `Playbook.execute`. Never rejects. When `ctx.signal` aborts, the call settles at
   * once as `{ ok: false }`, whether or not the tool honours the signal.
   *
   * @example
   * ```ts
   * const tools = toolSet([meetings, billing]);
   * const result = await tools.call("list_meetings", { day: "2025-06-01" });
   * if (!result.ok) console.error(result.error);
   * ```
   */
  call<K extends keyof T & string>(
    name: K,
    args: ArgsOf<T[K]>,
    ctx?: ToolExecutionContext,
  ): Promise<CallOutcome<ResultOf<T[K]>>>;
  /**
   * Calls several tools, results in the order asked. Adjacent read-only tools run
   * concurrently; any other call runs alone, after everything before it settled.
   * `ctx` is the context of every call that brings none of its own.
   */
  callMany(calls: readonly ToolCallRequest[], ctx?: ToolExecutionContext): Promise<CallOutcome[]>;
}

class FlatToolSet implements ToolSet {
  readonly #owners: ReadonlyMap<string, Owner>;
  readonly #recorder: ((record: ToolCallRecord) => void) | undefined;
  readonly #mode: string;
  #plan: FlatToolSet | undefined;

  constructor(
    owners: ReadonlyMap<string, Owner>,
    recorder: ((record: ToolCallRecord) => void) | undefined,
    mode = "",
  ) {
    this.#owners = owners;
    this.#recorder = recorder;
    this.#mode = mode;
  }

  get names(): readonly string[] {
    return [...this.#owners.keys()];
  }

  entries(): readonly ToolSetEntry[] {
    return [...this.#owners.values()].map((owner) => owner.entry);
  }

  get(name: string): ToolSetEntry | undefined {
    return this.#owners.get(name)?.entry;
  }

  schemas(target: JsonSchemaTarget = "draft-07"): ToolSetSchema[] {
    return this.entries().map((entry) => {
      const kind = entry.kind === "play" ? "play" : "tool";
      return {
        name: entry.name,
        kind: entry.kind,
        capability: entry.capability,
        description: entry.description,
        parameters: projectParameters(entry.name, entry.parameters, target, kind),
        ...(entry.returns !== undefined && {
          returns: projectReturns(entry.name, entry.returns, target, kind),
        }),
        ...(entry.annotations !== undefined && { annotations: entry.annotations }),
      };
    });
  }

  get plan(): ToolSet {
    if (this.#plan === undefined) {
      const readOnly = [...this.#owners].filter(([, owner]) => isReadOnly(owner.entry));
      this.#plan = new FlatToolSet(
        new Map(readOnly),
        this.#recorder,
        " in plan mode (read-only tools only)",
      );
      this.#plan.#plan = this.#plan;
    }
    return this.#plan;
  }

  call(name: string, args: unknown, ctx?: ToolExecutionContext): Promise<CallOutcome> {
    // Without a recorder there is nothing to time: no clock read, no extra async frame.
    if (this.#recorder === undefined) return this.#dispatch(name, args, ctx);
    return this.#timed(this.#recorder, name, args, ctx, performance.now());
  }

  async callMany(
    calls: readonly ToolCallRequest[],
    ctx?: ToolExecutionContext,
  ): Promise<CallOutcome[]> {
    const askedAt = performance.now();
    const outcomes: CallOutcome[] = [];
    let index = 0;
    while (index < calls.length) {
      let end = index + 1;
      if (this.#isReadOnly(calls[index]?.name)) {
        while (end < calls.length && this.#isReadOnly(calls[end]?.name)) end += 1;
      }
      const batch = calls
        .slice(index, end)
        .map((request) => this.#record(request.name, request.args, request.ctx ?? ctx, askedAt));
      outcomes.push(...(await Promise.all(batch)));
      index = end;
    }
    return outcomes;
  }

  #isReadOnly(name: string | undefined): boolean {
    const owner = name === undefined ? undefined : this.#owners.get(name);
    return owner !== undefined && isReadOnly(owner.entry);
  }

  #record(
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
    askedAt: number,
  ): Promise<CallOutcome> {
    // Without a recorder there is nothing to time: skip the extra async frame.
    if (this.#recorder === undefined) return this.#dispatch(name, args, ctx);
    return this.#timed(this.#recorder, name, args, ctx, askedAt);
  }

  async #timed(
    recorder: (record: ToolCallRecord) => void,
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
    askedAt: number,
  ): Promise<CallOutcome> {
    const startedAt = performance.now();
    const outcome = await this.#dispatch(name, args, ctx);
    const durationMs = performance.now() - startedAt;
    try {
      recorder({ name, args, outcome, queuedMs: startedAt - askedAt, durationMs });
    } catch {
      // A recorder is an observer: its failure must not change the call's outcome.
    }
    return outcome;
  }

  #dispatch(
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
  ): Promise<CallOutcome> {
    const owner = typeof name === "string" ? this.#owners.get(name) : undefined;
    if (owner === undefined) {
      const available = this.names.join(", ") || "(none)";
      return Promise.resolve(
        callFailure(
          "unknown-name",
          `unknown tool '${String(name)}'${this.#mode}; available tools: ${available}`,
        ),
      );
    }
    const signal = ctx?.signal;
    if (signal === undefined) return owner.run(args, ctx);
    if (signal.aborted) return Promise.resolve(cancelled(name, signal));
    return raceAbort(name, owner.run(args, ctx), signal);
  }
}

// Settles as cancelled the moment the signal aborts, whether or not the tool honours it.
async function raceAbort(
  name: string,
  running: Promise<CallOutcome>,
  signal: AbortSignal,
): Promise<CallOutcome> {
  let stop = (): void => {};
  const aborted = new Promise<CallOutcome>((resolve) => {
    stop = watchAbort(signal, () => resolve(cancelled(name, signal)));
  });
  try {
    return await Promise.race([running, aborted]);
  } finally {
    stop();
  }
}

function isReadOnly(entry: ToolSetEntry): boolean {
  return entry.annotations?.readOnly === true;
}

function cancelled(name: string, signal: AbortSignal): CallFailure {
  // An abort reason is any value, a hostile one included: described, never read raw.
  const reason = isError(signal.reason) ? `: ${messageOf(signal.reason)}` : "";
  return callFailure("cancelled", `call to '${name}' was cancelled${reason}`, signal.reason);
}

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
  return (args, ctx) => runCall(toolOutcomeCaller, toolbox, name, args, ctx);
}

// Plays get no context, as in `Playbook.execute`, and settle exactly as it does.
function playRunner(playbook: Playbook, name: string): Owner["run"] {
  return (args) => runCall(playOutcomeCaller, playbook, name, args, undefined);
}

/**
 * Flattens the tools and plays of many capabilities (and, by default, a reading tool
 * pair per manual) into one namespace. A name held twice, by two tools, two plays, or
 * a tool and a play, in one capability or across several, throws a `TypeError` at
 * construction naming both owners as `capability/name`.
 *
 * Calls run through the same boundary as `Toolbox.execute` and `Playbook.execute`: a
 * play's declared result is a success whatever its shape. A toolbox that overrides
 * `execute` is called through its override; a playbook that overrides `execute` is
 * refused (its `{ error }` envelopes could not be told from results), naming it.
 *
 * Only entries annotated `readOnly: true` count as read-only (plan view, concurrency in
 * `callMany`); anything unannotated is treated as mutating.
 *
 * @example
 * ```ts
 * const tools = toolSet([meetings, billing], {
 *   recorder: (r) => console.log(r.name, r.outcome.ok, r.durationMs),
 * });
 * const [a, b] = await tools.callMany([
 *   { name: "list_meetings", args: { day: "2025-06-01" } },
 *   { name: "get_invoice", args: { id: "inv_1" } },
 * ]);
 * const planning = tools.plan; // read-only tools only
 * ```
 */
export function toolSet<C extends Capability>(
  capabilities: readonly C[],
  options: ToolSetOptions = {},
): ToolSet<ToolSetCallables<C>> {
  if (!Array.isArray(capabilities)) {
    throw new TypeError(
      `toolSet: expected an array of capabilities, received ${describeValue(capabilities)}; pass toolSet([capability])`,
    );
  }
  const owners = new Map<string, Owner>();
  for (const capability of capabilities) {
    for (const owner of ownersOf(capability, options.manuals ?? true)) add(owners, owner);
  }
  // One class for every set; only the type knows the names.
  return new FlatToolSet(owners, options.recorder) as ToolSet<ToolSetCallables<C>>;
}

function add(owners: Map<string, Owner>, owner: Owner): void {
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
function ownersOf(capability: Capability, manuals: boolean): Owner[] {
  const { playbook } = capability;
  if (playbook !== undefined && overridesMethod(playbook, "execute", "Playbook")) {
    throw new TypeError(
      `toolSet: playbook '${playbook.name}' of capability '${capability.name}' overrides execute(); hosts run plays through the boundary on playbook.plays, so move what the override does into its plays`,
    );
  }
  const owners = capability.getTools().map((offered) => ownerOf(capability, offered));
  if (manuals && capability.manual !== undefined) {
    const reader = new ManualToolbox(capability.manual);
    for (const [name, definition] of Object.entries(reader.tools)) {
      owners.push({
        entry: { ...entryOf(capability, name, definition), kind: "manual" },
        run: toolRunner(reader, name),
      });
    }
  }
  return owners;
}

function ownerOf(capability: Capability, offered: CapabilityTool): Owner {
  const { name, definition } = offered;
  if (offered.kind === "play") {
    return {
      entry: { ...entryOf(capability, name, definition), kind: "play" },
      run: playRunner(capability.playbook as Playbook, name),
    };
  }
  const terminal = offered.definition.terminal;
  return {
    entry: {
      ...entryOf(capability, name, definition),
      kind: "tool",
      ...(terminal !== undefined && { terminal }),
    },
    run: toolRunner(capability.toolbox, name),
  };
}

function entryOf(
  capability: Capability,
  name: string,
  definition: CapabilityTool["definition"],
): Omit<ToolSetEntry, "kind"> {
  return {
    name,
    capability: capability.name,
    description: definition.description,
    parameters: entryParameters(capability, name, definition.parameters),
    ...(definition.returns !== undefined && { returns: definition.returns }),
    ...(definition.displayType !== undefined && { displayType: definition.displayType }),
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
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
function kindOf(error: unknown): CallFailureKind {
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

function isError(value: unknown): boolean {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}
