/**
 * How a call comes back to a host: a value, or a failure as data, with what kind of
 * failure it is and what caused it, so that a host decides what a model or a client sees.
 *
 * @module
 */
import type { FailedOutcome } from "./boundary";

/**
 * Why a call failed.
 *
 * - `unknown-name`: nothing of that name (in this view of the set);
 * - `invalid-arguments`: the arguments failed `parameters`, or parsing them threw;
 * - `invalid-output`: the result failed `returns`;
 * - `unserialisable`: the result is something JSON cannot carry;
 * - `thrown`: the tool or play threw;
 * - `cancelled`: `ctx.signal` aborted.
 */
export type CallFailureKind =
  | "unknown-name"
  | "invalid-arguments"
  | "invalid-output"
  | "unserialisable"
  | "thrown"
  | "cancelled";

/** A failed call, as data. */
export interface CallFailure {
  readonly ok: false;
  /** What went wrong, readable; never a stack. */
  readonly error: string;
  /** Which kind of failure it is. */
  readonly kind: CallFailureKind;
  /**
   * What caused it, for the host's logs: the value the tool threw, the `ZodError`, the
   * abort reason. toolwright never shows it to a model or a client.
   */
  readonly cause?: unknown;
}

/**
 * How a call comes back to a host: the value, or a {@link CallFailure}. `T` is the value's
 * type: a typed tool set's `call` knows it by name; `unknown` otherwise.
 */
export type CallOutcome<T = unknown> = { readonly ok: true; readonly value: T } | CallFailure;

/** A failure of `kind` reading `error`, with its `cause` when there is one. */
export function callFailure(kind: CallFailureKind, error: string, cause?: unknown): CallFailure {
  return cause === undefined ? { ok: false, error, kind } : { ok: false, error, kind, cause };
}

/** The host's failure for an outcome of the boundary, reading `error`. */
export function failureOf(outcome: FailedOutcome, error: string): CallFailure {
  const cause = outcome.kind === "unknown-name" ? undefined : outcome.error;
  return callFailure(outcome.kind, error, cause);
}
