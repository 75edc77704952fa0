/**
 * How a call comes back to a host: a value, a failure as data (with what kind of failure
 * it is and what caused it), or a call waiting for approval, so that a host decides what
 * a model or a client sees.
 *
 * @module
 */
import type { ToolContract } from "../set/contract/listing-changes";

/**
 * Why a call failed.
 *
 * - `unknown-name`: nothing of that name (in this view of the set);
 * - `invalid-arguments`: the arguments failed `parameters` (or, with strict inputs, held
 *   a key it does not declare), or parsing them threw;
 * - `invalid-output`: the result failed `returns`;
 * - `unserialisable`: the result is something JSON cannot carry;
 * - `thrown`: the tool or play threw;
 * - `cancelled`: `ctx.signal` aborted;
 * - `timeout`: the call ran past its `timeoutMs`;
 * - `approval-required`: the call needs approval and has not run (a {@link CallPending});
 * - `denied`: the approval was refused, or did not match the call it was given for;
 * - `forbidden`: the caller (`ctx.auth`) lacks a scope the tool requires; it has not run.
 */
export type CallFailureKind =
  | "unknown-name"
  | "invalid-arguments"
  | "invalid-output"
  | "unserialisable"
  | "thrown"
  | "cancelled"
  | "timeout"
  | "approval-required"
  | "denied"
  | "forbidden";

/**
 * The kinds of a settled failure: all but `approval-required`, which only a
 * {@link CallPending} has, so that testing `kind` tells the two apart.
 */
export type SettledFailureKind = Exclude<CallFailureKind, "approval-required">;

/** A failed call, as data. */
export interface CallFailure {
  readonly ok: false;
  /** What went wrong, readable; never a stack. What a model is shown (see `formatError`). */
  readonly error: string;
  /** Which kind of failure it is. */
  readonly kind: SettledFailureKind;
  /**
   * What caused it, for the host's logs: the value the tool threw, the `ZodError`, the
   * abort reason, the `ToolTimeoutError`. toolwright never shows it to a model or a client.
   */
  readonly cause?: unknown;
}

/**
 * A call that needs approval, as JSON: store it, show it to a person, and hand it back
 * to `toolSet.resume` with their decision, in this process or another one after a
 * restart. `hash` binds it to `tool` and `args`: a request whose tool or arguments were
 * changed is refused.
 */
export interface ApprovalRequest {
  /** Unique per request. */
  readonly id: string;
  /** The tool or play the call is for. */
  readonly tool: string;
  /** The arguments, as `parameters` parsed them. */
  readonly args: unknown;
  /** When it was asked for, as an ISO 8601 timestamp. */
  readonly requestedAt: string;
  /**
   * An HMAC-SHA-256 over `id`, `tool`, `args`, `requestedAt` (and `contract`, when
   * recorded), keyed by the set's `approvalSecret`.
   */
  readonly hash: string;
  /**
   * The tool's contract when the request was made (`set.contract()` of the tool), recorded
   * by a set with `approvalContract`, so that `resume` can refuse a request whose tool has
   * changed since.
   */
  readonly contract?: ToolContract;
}

/** A person's answer to an {@link ApprovalRequest}. */
export type ApprovalDecision =
  | { readonly approved: true }
  | {
      readonly approved: false;
      /** Why, for the model: it reads it beside the denial. */
      readonly reason?: string;
      /**
       * What made a host deny without a person's answer (an approval handler that threw),
       * kept as the denial's `cause` for the host's logs and its recorder; a model never
       * reads it. With a cause, the model reads `tool '<name>' has not run: its approval
       * could not be obtained` instead of a person's denial (and `reason` is not shown).
       */
      readonly cause?: unknown;
    };

/**
 * Asks a person about an {@link ApprovalRequest} and returns their decision: what a host
 * passes the provider helpers' `approve` option. A handler that throws denies.
 */
export type ApprovalHandler = (
  request: ApprovalRequest,
) => ApprovalDecision | Promise<ApprovalDecision>;

/**
 * A call that did not run because it needs approval. `error` says so, readably, for a
 * host that does not ask; `approval` is the request to ask with.
 */
export interface CallPending {
  readonly ok: false;
  readonly kind: "approval-required";
  /** `tool '<name>' needs approval before it runs` (or what `formatError` made of it). */
  readonly error: string;
  /** The request to show a person and hand back to `toolSet.resume`. */
  readonly approval: ApprovalRequest;
  /** Nothing caused it (read beside a {@link CallFailure}'s `cause`). */
  readonly cause?: undefined;
}

/**
 * How a call comes back to a host: the value, a {@link CallFailure}, or a
 * {@link CallPending} waiting for approval. `T` is the value's type: a typed tool set's
 * `call` knows it by name; `unknown` otherwise. Every outcome that is not a value has
 * `ok: false` and a readable `error`.
 */
export type CallOutcome<T = unknown> =
  | { readonly ok: true; readonly value: T }
  | CallFailure
  | CallPending;

/** A failure of `kind` reading `error`, with its `cause` when there is one. */
export function callFailure(kind: SettledFailureKind, error: string, cause?: unknown): CallFailure {
  return cause === undefined ? { ok: false, error, kind } : { ok: false, error, kind, cause };
}

// The mark of a failure whose text a `formatError` hook chose: a model reads it as written,
// and a host adds nothing to it. Symbol.for and not enumerable: every copy of the package
// (and every entry bundling this module) reads it, and the outcome's data stays as it was.
const AS_WRITTEN = Symbol.for("toolwright.failure.asWritten");

/** `failure`, marked as worded for the model: a host shows its text as written. */
export function asWritten<T extends object>(failure: T): T {
  Object.defineProperty(failure, AS_WRITTEN, { value: true });
  return failure;
}

/** Whether `failure`'s text was chosen for the model, so that a host shows it as written. */
export function isAsWritten(failure: object): boolean {
  return Object.hasOwn(failure, AS_WRITTEN);
}

/** True for an outcome waiting for approval. */
export function isPending(outcome: CallOutcome<unknown>): outcome is CallPending {
  return !outcome.ok && "approval" in outcome;
}
