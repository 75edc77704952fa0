import type { FormatError } from "../core/call-controls";
import {
  type ApprovalDecision,
  type ApprovalRequest,
  type CallFailure,
  type CallOutcome,
  type CallPending,
  callFailure,
} from "../core/call-outcome";
import type { Capability } from "../core/capability";
import { describeValue, messageOf } from "../core/describe";
import type { ContentPart } from "../core/model-output";
import { projectParameters, projectReturns } from "../core/projection";
import type { ToolExecutionContext } from "../core/tool-definition";
import type { JsonSchemaTarget } from "../zod/json-schema";
import { parseWith } from "../zod/parse";
import { watchAbort } from "./abort-watch";
import { type ApprovalSigner, approvalSigner, expiry, SettledApprovals } from "./tool-set/approval";
import { runWithTimeout } from "./tool-set/call-timeout";
import { DESCRIBE_TOOLS, deferredListing, SEARCH_TOOLS } from "./tool-set/catalog";
import { expectedFields } from "./tool-set/expected-fields";
import { denied, formatted, pending } from "./tool-set/failure-text";
import { modelContent } from "./tool-set/model-content";
import { checkSetControls, type OwnerControls } from "./tool-set/owner-controls";
import { add, deferLoading, type Owner, ownersOf } from "./tool-set/owners";
import { unknownArguments } from "./tool-set/strict-inputs";
import type {
  ToolCallRecord,
  ToolCallRequest,
  ToolSet,
  ToolSetEntry,
  ToolSetOptions,
  ToolSetSchema,
} from "./tool-set/types";
import type { ToolSetCallables } from "./tool-set-callables";

export type { ApprovalPolicy, ApprovalQuery } from "./tool-set/owner-controls";
export type {
  ToolCallRecord,
  ToolCallRequest,
  ToolSet,
  ToolSetEntry,
  ToolSetEntryKind,
  ToolSetOptions,
  ToolSetSchema,
} from "./tool-set/types";

/** What every view of one set (the set and its plan view) shares. */
interface Shared {
  readonly recorder: ((record: ToolCallRecord) => void) | undefined;
  /** With `deferLoading`: the catalog tools over given entries (the plan view's). */
  readonly catalogFor: ((entries: readonly ToolSetEntry[]) => Owner[]) | undefined;
  readonly signer: ApprovalSigner;
  readonly formatError: FormatError | undefined;
  readonly outputBudget: number | undefined;
  readonly settled: SettledApprovals;
  readonly approvalMaxAgeMs: number | undefined;
}

class FlatToolSet implements ToolSet {
  readonly #owners: ReadonlyMap<string, Owner>;
  readonly #recorder: ((record: ToolCallRecord) => void) | undefined;
  readonly #shared: Shared;
  readonly #mode: string;
  #plan: FlatToolSet | undefined;

  constructor(owners: ReadonlyMap<string, Owner>, shared: Shared, mode = "") {
    this.#owners = owners;
    this.#recorder = shared.recorder;
    this.#shared = shared;
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
      if (entry.deferred) {
        return {
          name: entry.name,
          kind: entry.kind,
          capability: entry.capability,
          ...deferredListing(entry.description),
          // Hints stay: a host decides on confirmations from them before any describe.
          ...(entry.annotations !== undefined && { annotations: entry.annotations }),
          deferred: true,
        };
      }
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
        ...(entry.examples !== undefined && { examples: entry.examples }),
      };
    });
  }

  get plan(): ToolSet {
    if (this.#plan === undefined) {
      const readOnly = new Map([...this.#owners].filter(([, owner]) => isReadOnly(owner.entry)));
      const { catalogFor } = this.#shared;
      if (catalogFor !== undefined) {
        // The plan view's catalog finds and describes only what the plan view can call.
        const entries = [...readOnly.values()]
          .map((owner) => owner.entry)
          .filter((entry) => entry.name !== SEARCH_TOOLS && entry.name !== DESCRIBE_TOOLS);
        for (const owner of catalogFor(entries)) readOnly.set(owner.entry.name, owner);
      }
      this.#plan = new FlatToolSet(readOnly, this.#shared, " in plan mode (read-only tools only)");
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

  resume(
    request: ApprovalRequest,
    decision: ApprovalDecision,
    ctx?: ToolExecutionContext,
  ): Promise<CallOutcome> {
    const name = describedTool(request);
    const settle = () => this.#settleApproval(request, decision, ctx);
    if (this.#recorder === undefined) return settle();
    return this.#timedWith(this.#recorder, name, argsOf(request), settle, performance.now());
  }

  async approvalFor(
    name: string,
    args: unknown,
    ctx?: ToolExecutionContext,
  ): Promise<ApprovalRequest | undefined> {
    const owner = typeof name === "string" ? this.#owners.get(name) : undefined;
    const controls = owner?.controls;
    if (controls?.approval === undefined) return undefined;
    if (controls.accepted !== undefined) {
      if (unknownArguments(controls.kind, name, args, controls.accepted)) return undefined;
    }
    try {
      const gate = await this.#gate(controls, name, args, ctx);
      return gate?.approval;
    } catch {
      return undefined; // the call itself reports what is wrong with its arguments
    }
  }

  async #settleApproval(
    request: ApprovalRequest,
    decision: ApprovalDecision,
    ctx: ToolExecutionContext | undefined,
  ): Promise<CallOutcome> {
    const name = describedTool(request);
    const problem =
      (await this.#shared.signer.problem(request)) ??
      expiry(request, this.#shared.approvalMaxAgeMs, Date.now()) ??
      (isApproval(decision) && !this.#shared.settled.settle(request.id)
        ? "it was already settled by this tool set (an approval runs its call once)"
        : undefined);
    if (problem !== undefined) {
      return callFailure("denied", `the approval for '${name}' was refused: ${problem}`);
    }
    const owner = this.#owners.get(request.tool);
    if (owner === undefined) return this.#unknown(request.tool, request.args);
    const { controls } = owner;
    const kind = controls?.kind ?? "tool";
    const call = { name, args: request.args };
    if (!isApproval(decision)) {
      const reason = "the decision was not { approved: true } or { approved: false }";
      return this.#format(owner, denied(kind, name, reason), call);
    }
    if (!decision.approved) return this.#format(owner, denied(kind, name, decision.reason), call);
    return this.#format(owner, await this.#execute(owner, name, request.args, ctx), call);
  }

  content(name: string, value: unknown): ContentPart[] {
    const entry = this.#owners.get(name)?.entry;
    return modelContent(name, value, entry?.toModelOutput, this.#shared.outputBudget);
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

  #timed(
    recorder: (record: ToolCallRecord) => void,
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
    askedAt: number,
  ): Promise<CallOutcome> {
    return this.#timedWith(recorder, name, args, () => this.#dispatch(name, args, ctx), askedAt);
  }

  async #timedWith(
    recorder: (record: ToolCallRecord) => void,
    name: string,
    args: unknown,
    run: () => Promise<CallOutcome>,
    askedAt: number,
  ): Promise<CallOutcome> {
    const startedAt = performance.now();
    const outcome = await run();
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
    if (owner === undefined) return Promise.resolve(this.#unknown(name, args));
    // The common case, nothing declared: straight through, no frame of its own.
    if (owner.controls === undefined) return this.#execute(owner, name, args, ctx);
    return this.#controlled(owner, owner.controls, name, args, ctx);
  }

  #unknown(name: unknown, args: unknown): CallOutcome {
    const available = this.names.join(", ") || "(none)";
    const failure = callFailure(
      "unknown-name",
      `unknown tool '${String(name)}'${this.#mode}; available tools: ${available}`,
    );
    const format = this.#shared.formatError;
    return format === undefined
      ? failure
      : formatted(failure, [format], { name: String(name), args });
  }

  /** A call under its entry's controls: strict inputs, then approval, then run, then formatted. */
  async #controlled(
    owner: Owner,
    controls: OwnerControls,
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
  ): Promise<CallOutcome> {
    const call = { name, args };
    if (ctx?.signal?.aborted) return this.#format(owner, cancelled(name, ctx.signal), call);
    if (controls.accepted !== undefined) {
      const refused = unknownArguments(controls.kind, name, args, controls.accepted);
      if (refused !== undefined) return this.#format(owner, refused, call);
    }
    if (controls.approval !== undefined) {
      let gate: CallPending | undefined;
      try {
        gate = await this.#gate(controls, name, args, ctx);
      } catch (error) {
        const message = `${controls.kind} '${name}' needs approval, but its arguments cannot be stored for it: ${messageOf(error)}`;
        return this.#format(owner, callFailure("thrown", message, error), call);
      }
      if (gate !== undefined) return this.#format(owner, gate, call);
    }
    return this.#format(owner, await this.#execute(owner, name, args, ctx), call);
  }

  /**
   * The pending outcome when a call on `args` needs approval; `undefined` when it runs
   * as it is (arguments `parameters` rejects included: the call reports them). Rejects
   * when the request cannot be made.
   */
  async #gate(
    controls: OwnerControls,
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
  ): Promise<CallPending | undefined> {
    const approval = controls.approval;
    if (approval === undefined) return undefined;
    let parsed: Awaited<ReturnType<typeof parseWith>>;
    try {
      parsed = await parseWith(controls.parameters, args);
    } catch {
      return undefined;
    }
    if (!parsed.success || !(await approval(parsed.data, ctx))) return undefined;
    return pending(controls.kind, await this.#shared.signer.request(name, parsed.data));
  }

  /** Runs the call, within its time limit and the caller's signal. */
  #execute(
    owner: Owner,
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
  ): Promise<CallOutcome> {
    const signal = ctx?.signal;
    if (signal?.aborted) return Promise.resolve(cancelled(name, signal));
    const timeoutMs = owner.controls?.timeoutMs;
    const running =
      timeoutMs === undefined
        ? owner.run(args, ctx)
        : runWithTimeout(name, owner.controls?.kind ?? "tool", timeoutMs, ctx, (limited) =>
            owner.run(args, limited),
          );
    return signal === undefined ? running : raceAbort(name, running, signal);
  }

  #format(owner: Owner, outcome: CallOutcome, call: { name: string; args: unknown }): CallOutcome {
    if (outcome.ok) return outcome;
    const formatters = owner.controls?.formatters ?? [];
    if (formatters.length === 0) return outcome;
    return formatted(outcome, formatters, {
      ...call,
      expected: expectedFields(owner.entry.name, owner.entry.parameters),
    });
  }
}

function isApproval(decision: unknown): decision is ApprovalDecision {
  return (
    typeof decision === "object" &&
    decision !== null &&
    typeof (decision as { approved?: unknown }).approved === "boolean"
  );
}

function describedTool(request: unknown): string {
  const tool = (request as { tool?: unknown } | null)?.tool;
  return typeof tool === "string" ? tool : String(tool);
}

function argsOf(request: unknown): unknown {
  return (request as { args?: unknown } | null)?.args;
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
  checkSetControls(options);
  const owners = new Map<string, Owner>();
  for (const capability of capabilities) {
    for (const owner of ownersOf(capability, options)) add(owners, owner);
  }
  const catalogFor =
    options.deferLoading !== undefined && options.deferLoading !== false
      ? deferLoading(owners, options.deferLoading === true ? {} : options.deferLoading, options)
      : undefined;
  const shared: Shared = {
    catalogFor,
    recorder: options.recorder,
    signer: approvalSigner(options.approvalSecret),
    formatError: options.formatError,
    outputBudget: options.outputBudget,
    settled: new SettledApprovals(),
    approvalMaxAgeMs: options.approvalMaxAgeMs,
  };
  // One class for every set; only the type knows the names.
  return new FlatToolSet(owners, shared) as ToolSet<ToolSetCallables<C>>;
}

function isError(value: unknown): boolean {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}
