/**
 * How a tool set words an outcome for a model: the pipeline's shared texts, an unknown
 * name with the names there are, invalid arguments ending with the fields the entry
 * accepts, a call held for approval, and a refused approval with the person's reason;
 * then each entry's `formatError` hooks.
 *
 * @module
 */
import type { FailedCallInfo, FailedOutcome } from "../call/call";
import { failureOf } from "../call/failure-text";
import {
  type ApprovalRequest,
  type CallFailure,
  type CallOutcome,
  type CallPending,
  callFailure,
} from "../call/outcome";
import { formatted } from "../call/stages/error-text";
import type { CallableKind } from "../core/errors";
import { expectedFields } from "./expected-fields";
import type { ToolSetEntry } from "./types";

/** The outcome a model reads of a failed call of `entry`, in its hooks' words. */
export function setFailure(
  outcome: Exclude<FailedOutcome, { kind: "unknown-name" }>,
  entry: ToolSetEntry,
  kind: CallableKind,
  call: FailedCallInfo,
): CallFailure | CallPending {
  const failure =
    outcome.kind === "approval-required" ? held(outcome, kind) : worded(outcome, entry, kind);
  const formatters = call.controls?.formatters ?? [];
  if (formatters.length === 0) return failure;
  const expected = expectedFields(entry.name, entry.parameters);
  return formatted(failure, formatters, { name: entry.name, args: call.args, expected }) as
    | CallFailure
    | CallPending;
}

function worded(
  outcome: Exclude<FailedOutcome, { kind: "unknown-name" | "approval-required" }>,
  entry: ToolSetEntry,
  kind: CallableKind,
): CallFailure {
  const failure = failureOf(outcome, kind);
  if (outcome.kind !== "invalid-arguments") return failure;
  // What to send instead: the fields the model was shown.
  const expected = expectedFields(entry.name, entry.parameters);
  return expected === undefined
    ? failure
    : { ...failure, error: `${failure.error}; expected arguments: ${expected}` };
}

// A tool set always signs its requests: a held call comes back with one.
function held(
  outcome: Extract<FailedOutcome, { kind: "approval-required" }>,
  kind: CallableKind,
): CallPending {
  return pending(kind, outcome.request as ApprovalRequest);
}

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

/**
 * The failure of a call whose approval a host could not ask for (its handler threw): no
 * person decided, so the model is not told one did, nor that it must not try again.
 */
export function notObtained(kind: CallableKind, name: string, cause: unknown): CallFailure {
  return callFailure(
    "denied",
    `${kind} '${name}' has not run: its approval could not be obtained`,
    cause,
  );
}

/** A failure the set words itself (a denial), in the hooks' words of the entry it is for. */
export function shaped(
  failure: CallFailure,
  entry: ToolSetEntry,
  call: FailedCallInfo,
): CallOutcome {
  const formatters = call.controls?.formatters ?? [];
  if (formatters.length === 0) return failure;
  const expected = expectedFields(entry.name, entry.parameters);
  return formatted(failure, formatters, { name: entry.name, args: call.args, expected });
}
