/**
 * `toolSet`: one flat namespace over many capabilities, whose calls run through the one
 * pipeline under each entry's controls and the set's, every failure worded for a model.
 *
 * @module
 */

import type { Site } from "../call/call";
import { failureWithin, modelContent } from "../call/content";
import { checkControlPlacement, checkTimeout, type FormatError } from "../call/controls";
import {
  type ApprovalDecision,
  type ApprovalRequest,
  type CallOutcome,
  type CallPending,
  callFailure,
} from "../call/outcome";
import { type CallMode, runFound } from "../call/pipeline";
import { formatted } from "../call/stages/error-text";
import { recorded } from "../call/stages/recording";
import { Capability } from "../core/capability";
import { clip } from "../core/clip";
import { describeValue, nameText } from "../core/describe";
import type { ContentPart } from "../core/model-output";
import { roundTrip } from "../core/playbook";
import { projectParameters, projectReturns } from "../core/projection";
import type { ToolExecutionContext } from "../core/tool-definition";
import type { JsonSchemaTarget } from "../zod/json-schema";
import { accessOf, type Found, isVisible, lookedUp, NOTHING } from "./access";
import { readDecision } from "./approval-decision";
import {
  type ApprovalSigner,
  approvalSigner,
  expiry,
  readRequest,
  SettledApprovals,
  type UnreadableRequest,
} from "./approval-requests";
import type { ToolSetCallables } from "./callables";
import { DESCRIBE_TOOLS, deferredListing, SEARCH_TOOLS } from "./catalog-listing";
import { type ContractTarget, contractListing } from "./contract/contract-listing";
import type { ToolContract } from "./contract/listing-changes";
import { listingFingerprint } from "./contract/listing-fingerprint";
import { contractProblem } from "./contract/request-contract";
import { denied, notObtained, setFailure, shaped } from "./failure-text";
import { add, deferLoading, type Owner, ownersOf } from "./owners";
import { checkSetControls } from "./policy";
import { withSetLog } from "./tool-log";
import type {
  ToolCallRecord,
  ToolCallRequest,
  ToolLogEntry,
  ToolSet,
  ToolSetEntry,
  ToolSetOptions,
  ToolSetSchema,
} from "./types";

export type { ApprovalPolicy, ApprovalQuery, SetControls, VisibilityQuery } from "./policy";
export type {
  ToolCallRecord,
  ToolCallRequest,
  ToolLogEntry,
  ToolSet,
  ToolSetEntry,
  ToolSetEntryKind,
  ToolSetOptions,
  ToolSetSchema,
} from "./types";

/** What every view of one set (the set and its plan view) shares. */
interface Shared {
  readonly capabilities: readonly Capability[];
  readonly recorder: ((record: ToolCallRecord) => void) | undefined;
  readonly onLog: ((entry: ToolLogEntry) => void) | undefined;
  /** With `deferLoading`: the catalog tools over given owners (the plan view's). */
  readonly catalogFor: ((owners: readonly Owner[]) => Owner[]) | undefined;
  readonly signer: ApprovalSigner;
  readonly formatError: FormatError | undefined;
  readonly outputBudget: number | undefined;
  readonly settled: SettledApprovals;
  readonly approvalMaxAgeMs: number | undefined;
  readonly approvalContract: ToolSetOptions["approvalContract"];
  /** How calls of tools, and of plays, are settled in this set. */
  readonly sites: Readonly<Record<Owner["kind"], Site<Owner, CallOutcome>>>;
}

class FlatToolSet implements ToolSet {
  readonly #owners: ReadonlyMap<string, Owner>;
  readonly #recorder: ((record: ToolCallRecord) => void) | undefined;
  readonly #shared: Shared;
  readonly #mode: string;
  /** Whether any entry has a `visible` check: without one, every caller sees them all. */
  readonly #gated: boolean;
  #plan: FlatToolSet | undefined;

  constructor(owners: ReadonlyMap<string, Owner>, shared: Shared, mode = "") {
    this.#owners = owners;
    this.#recorder = shared.recorder;
    this.#shared = shared;
    this.#mode = mode;
    this.#gated = [...owners.values()].some((owner) => owner.controls?.hiddenBecause);
  }

  get capabilities(): readonly Capability[] {
    return this.#shared.capabilities;
  }

  get names(): readonly string[] {
    return [...this.#owners.keys()];
  }

  entries(ctx?: ToolExecutionContext): readonly ToolSetEntry[] {
    return this.#visible(ctx).map((owner) => owner.entry);
  }

  get(name: string, ctx?: ToolExecutionContext): ToolSetEntry | undefined {
    const found = this.#lookUp(name, ctx);
    return "hidden" in found ? undefined : found.entry;
  }

  schemas(target: JsonSchemaTarget = "draft-07", ctx?: ToolExecutionContext): ToolSetSchema[] {
    return this.entries(ctx).map((entry) => {
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

  contract(target: ContractTarget = "toolwright", ctx?: ToolExecutionContext): ToolContract[] {
    return contractListing(this.entries(ctx), target);
  }

  async fingerprint(
    target: ContractTarget = "toolwright",
    ctx?: ToolExecutionContext,
  ): Promise<string> {
    return listingFingerprint(this.contract(target, ctx));
  }

  get plan(): ToolSet {
    if (this.#plan === undefined) {
      const readOnly = new Map([...this.#owners].filter(([, owner]) => isReadOnly(owner.entry)));
      const { catalogFor } = this.#shared;
      if (catalogFor !== undefined) {
        // The plan view's catalog finds and describes only what the plan view can call.
        const owners = [...readOnly.values()].filter(
          ({ entry }) => entry.name !== SEARCH_TOOLS && entry.name !== DESCRIBE_TOOLS,
        );
        for (const owner of catalogFor(owners)) readOnly.set(owner.entry.name, owner);
      }
      this.#plan = new FlatToolSet(readOnly, this.#shared, " in plan mode (read-only tools only)");
      this.#plan.#plan = this.#plan;
    }
    return this.#plan;
  }

  call(name: string, args: unknown, ctx?: ToolExecutionContext): Promise<CallOutcome> {
    // Without a recorder there is nothing to time: no clock read.
    return this.#record(name, args, ctx, this.#recorder === undefined ? 0 : performance.now());
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
    // Read once: what is checked is what runs, and what is recorded.
    const read = readRequest(request);
    const logged = withSetLog(ctx, read.tool, this.#shared.onLog);
    const found = this.#lookUp(read.tool, logged);
    const settle = () => this.#settleApproval(read, readDecision(decision), found, logged);
    if (this.#recorder === undefined) return this.#withinBudget(settle());
    const args = "problem" in read ? undefined : read.args;
    const access = (outcome: CallOutcome) => accessOf(found, outcome);
    return this.#withinBudget(
      recorded(this.#recorder, read.tool, args, settle, performance.now(), callerOf(ctx), access),
    );
  }

  async approvalFor(
    name: string,
    args: unknown,
    ctx?: ToolExecutionContext,
  ): Promise<ApprovalRequest | undefined> {
    const found = this.#lookUp(name, ctx);
    if ("hidden" in found || found.controls?.needsApproval === undefined) return undefined;
    const outcome = await this.#run(found, name, args, ctx, { asking: true });
    return isPendingOutcome(outcome) ? outcome.approval : undefined;
  }

  content(name: string, value: unknown): ContentPart[] {
    const entry = this.#owners.get(name)?.entry;
    return modelContent(name, value, entry?.toModelOutput, this.#shared.outputBudget);
  }

  async #settleApproval(
    request: ApprovalRequest | UnreadableRequest,
    decision: ApprovalDecision | undefined,
    found: Found,
    ctx: ToolExecutionContext | undefined,
  ): Promise<CallOutcome> {
    const name = request.tool;
    if ("problem" in request) return refused(name, request.problem);
    // Before the request is settled: a caller who may not see the tool cannot spend it.
    if ("hidden" in found) return this.#unknown(request.tool, request.args, ctx);
    const problem =
      (await this.#shared.signer.problem(request)) ??
      expiry(request, this.#shared.approvalMaxAgeMs, Date.now()) ??
      contractProblem(request, found.entry, this.#shared.approvalContract) ??
      (decision !== undefined && !this.#shared.settled.settle(request.id)
        ? "it was already settled by this tool set (an approval runs its call once)"
        : undefined);
    if (problem !== undefined) return refused(name, problem);
    const owner = found;
    const call = { args: request.args, controls: owner.controls };
    if (decision === undefined) {
      const reason = "the decision was not { approved: true } or { approved: false }";
      return shaped(denied(owner.kind, name, reason), owner.entry, call);
    }
    if (!decision.approved) {
      const failure =
        decision.cause === undefined
          ? denied(owner.kind, name, decision.reason)
          : notObtained(owner.kind, name, decision.cause);
      return shaped(failure, owner.entry, call);
    }
    return this.#run(owner, name, request.args, ctx, { approved: true });
  }

  /** The owner of `name` as the caller of `ctx` may see it, or why there is none. */
  #lookUp(name: unknown, ctx: ToolExecutionContext | undefined): Found {
    const owner = typeof name === "string" ? this.#owners.get(name) : undefined;
    return this.#gated ? lookedUp(owner, ctx) : (owner ?? NOTHING);
  }

  /** The owners the caller of `ctx` may see, in order. */
  #visible(ctx: ToolExecutionContext | undefined): Owner[] {
    const owners = [...this.#owners.values()];
    return this.#gated ? owners.filter((owner) => isVisible(owner, ctx)) : owners;
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
    ctx = withSetLog(ctx, name, this.#shared.onLog);
    const found = this.#lookUp(name, ctx);
    // Without a recorder there is nothing to time: skip the extra async frame.
    const running =
      this.#recorder === undefined
        ? this.#dispatch(found, name, args, ctx)
        : recorded(
            this.#recorder,
            name,
            args,
            () => this.#dispatch(found, name, args, ctx),
            askedAt,
            callerOf(ctx),
            (outcome) => accessOf(found, outcome),
          );
    return this.#withinBudget(running);
  }

  /** A failure's text cut to the output budget, as a value's content is; the recorder saw it whole. */
  #withinBudget(running: Promise<CallOutcome>): Promise<CallOutcome> {
    const budget = this.#shared.outputBudget;
    return budget === undefined
      ? running
      : running.then((outcome) => failureWithin(outcome, budget));
  }

  #dispatch(
    found: Found,
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
  ): Promise<CallOutcome> {
    if ("hidden" in found) return Promise.resolve(this.#unknown(name, args, ctx));
    return this.#run(found, name, args, ctx);
  }

  #run(
    owner: Owner,
    name: string,
    args: unknown,
    ctx: ToolExecutionContext | undefined,
    mode?: CallMode,
  ): Promise<CallOutcome> {
    const site = this.#shared.sites[owner.kind];
    const run = owner.run === undefined ? mode : { ...mode, run: owner.run };
    return runFound(site, owner, name, owner.callable, args, ctx, run);
  }

  /** A name absent or hidden: the same text either way, listing what the caller may see. */
  #unknown(name: unknown, args: unknown, ctx: ToolExecutionContext | undefined): CallOutcome {
    const available =
      this.#visible(ctx)
        .map((owner) => owner.entry.name)
        .join(", ") || "(none)";
    const shown = nameText(name);
    const failure = callFailure(
      "unknown-name",
      `unknown tool '${clip(shown)}'${this.#mode}; available tools: ${available}`,
    );
    const format = this.#shared.formatError;
    return format === undefined ? failure : formatted(failure, [format], { name: shown, args });
  }
}

/** How a set settles calls: tools as their values, plays JSON round-tripped as a host gets them. */
function sitesOf(
  signer: ApprovalSigner,
  checked: ToolSetOptions["approvalContract"],
): Shared["sites"] {
  const site = (value: Site<Owner, CallOutcome>["value"]): Site<Owner, CallOutcome> => ({
    looksUpVisible: true,
    controls: (owner) => owner.controls,
    value,
    failure: (outcome, owner, call) =>
      // The set finds every name it calls, so `unknown-name` only comes from an override.
      outcome.kind === "unknown-name"
        ? callFailure("unknown-name", `unknown tool '${clip(outcome.name)}'`)
        : setFailure(outcome, owner.entry, owner.kind, call),
    // With a contract check, the request records what it was made against.
    requestApproval: async (owner, name, args) =>
      signer.request(name, args, checked === undefined ? undefined : toolContract(owner.entry)),
  });
  return {
    tool: site((value) => ({ ok: true, value })),
    play: site((value, _owner, name) => roundTrip(name, value)),
  };
}

// The subject of `ctx.auth`, for the recorder; read safely (a host's ctx may be anything).
function callerOf(ctx: ToolExecutionContext | undefined): string | undefined {
  try {
    const subject = ctx?.auth?.subject;
    return typeof subject === "string" ? subject : undefined;
  } catch {
    return undefined;
  }
}

/** An entry's contract as the neutral listing reads it: what an approval request records. */
function toolContract(entry: ToolSetEntry): ToolContract | undefined {
  return contractListing([entry], "toolwright")[0];
}

function refused(name: string, problem: string): CallOutcome {
  return callFailure("denied", `the approval for '${name}' was refused: ${problem}`);
}

function isPendingOutcome(outcome: CallOutcome): outcome is CallPending {
  return !outcome.ok && outcome.kind === "approval-required";
}

function isReadOnly(entry: ToolSetEntry): boolean {
  return entry.annotations?.readOnly === true;
}

/**
 * Flattens the tools and plays of many capabilities (and, by default, a reading tool
 * pair per manual) into one namespace. A name held twice, by two tools, two plays, or
 * a tool and a play, in one capability or across several, throws a `TypeError` at
 * construction naming both owners as `capability/name`.
 *
 * Calls run through the same pipeline as `Toolbox.execute` and `Playbook.execute`, under
 * each definition's `controls` and the set's own: a play's declared result is a success
 * whatever its shape. A toolbox that overrides `execute` is called through its override; a
 * playbook that overrides `execute` is refused (its `{ error }` envelopes could not be
 * told from results), naming it.
 *
 * Only entries annotated `readOnly: true` count as read-only (plan view, concurrency in
 * `callMany`); anything unannotated is treated as mutating.
 *
 * @example
 * ```ts
 * const tools = toolSet([meetings, billing], {
 *   controls: { needsApproval: "destructive", timeoutMs: 10_000 },
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
  checkOptions(options);
  for (const [index, owner] of capabilities.entries()) {
    if (!(owner instanceof Capability)) {
      throw new TypeError(
        `toolSet: capability ${index} is not a Capability (build one with capability({...}) or new Capability(...)), received ${describeValue(owner)}`,
      );
    }
  }
  const owners = new Map<string, Owner>();
  for (const capability of capabilities) {
    for (const owner of ownersOf(capability, options)) add(owners, owner);
  }
  const catalogFor =
    options.deferLoading !== undefined && options.deferLoading !== false
      ? deferLoading(owners, options.deferLoading === true ? {} : options.deferLoading, options)
      : undefined;
  const signer = approvalSigner(options.approvalSecret);
  const shared: Shared = {
    capabilities: Object.freeze([...capabilities]),
    catalogFor,
    recorder: options.recorder,
    onLog: options.onLog,
    signer,
    formatError: options.controls?.formatError,
    outputBudget: options.outputBudget,
    settled: new SettledApprovals(),
    approvalMaxAgeMs: options.approvalMaxAgeMs,
    approvalContract: options.approvalContract,
    sites: sitesOf(signer, options.approvalContract),
  };
  // One class for every set; only the type knows the names.
  return new FlatToolSet(owners, shared) as ToolSet<ToolSetCallables<C>>;
}

/** Checks the set-wide options once, naming the bad one. */
function checkOptions(options: ToolSetOptions): void {
  checkControlPlacement(options, "toolSet");
  checkSetControls(options.controls);
  const budget = options.outputBudget;
  if (budget !== undefined && !(Number.isInteger(budget) && budget >= 0)) {
    throw new TypeError(
      `toolSet: outputBudget must be a whole number of characters (0 or more), received ${JSON.stringify(budget) ?? typeof budget}`,
    );
  }
  const contract = options.approvalContract;
  if (contract !== undefined && contract !== "breaking" && contract !== "any") {
    throw new TypeError(
      `toolSet: approvalContract must be "breaking" or "any" (or left out), received ${describeValue(contract)}`,
    );
  }
  if (options.approvalMaxAgeMs !== undefined) {
    checkTimeout(options.approvalMaxAgeMs, "toolSet: approvalMaxAgeMs");
  }
  for (const hook of ["recorder", "onLog"] as const) {
    if (options[hook] !== undefined && typeof options[hook] !== "function") {
      throw new TypeError(
        `toolSet: ${hook} must be a function, received ${describeValue(options[hook])}`,
      );
    }
  }
}
