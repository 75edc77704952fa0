/**
 * What a model reads when a call does not give a value: the default texts, which say
 * what was wrong and what to send instead, and the `formatError` hooks that replace them.
 *
 * @module
 */
import type { FailedCall, FormatError } from "../../core/call-controls";
import {
  type ApprovalRequest,
  type CallFailure,
  type CallOutcome,
  type CallPending,
  callFailure,
} from "../../core/call-outcome";
import type { CallableKind } from "../../core/errors";

/** The outcome of a call that needs approval, before anyone has decided. */
export function pending(kind: CallableKind, approval: ApprovalRequest): CallPending {
  return {
    ok: false,
    kind: "approval-required",
    error: `${kind} '${approval.tool}' needs approval before it runs and has not run`,
    approval,
  };
}

/** The failure a refused approval comes back as; the model reads the person's reason. */
export function denied(kind: CallableKind, name: string, reason: string | undefined): CallFailure {
  const why = reason === undefined || reason === "" ? "" : `: ${reason}`;
  return callFailure(
    "denied",
    `the user denied the call to ${kind} '${name}'${why}; do not call it again with the same arguments unless the user asks`,
  );
}

/** A default text ending with the fields the callable accepts, when a model sent wrong ones. */
export function withExpected(failure: CallFailure, expected: string | undefined): CallFailure {
  if (failure.kind !== "invalid-arguments" || expected === undefined) return failure;
  return { ...failure, error: `${failure.error}; expected arguments: ${expected}` };
}

/**
 * `outcome` with its text as the first of `formatters` that returns one decides; a
 * formatter that throws or returns nothing keeps the text as it is. Values pass untouched.
 */
export function formatted<T>(
  outcome: CallOutcome<T>,
  formatters: readonly FormatError[],
  call: FailedCall,
): CallOutcome<T> {
  if (outcome.ok) return outcome;
  for (const format of formatters) {
    let text: unknown;
    try {
      text = format(outcome, call);
    } catch {
      continue; // a hook that fails must not lose the failure it was shaping
    }
    if (typeof text === "string") return { ...outcome, error: text };
  }
  return outcome;
}
