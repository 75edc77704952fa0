/**
 * What a model reads of a failed call: one text per kind of failure, the same wherever
 * the call was made (a playbook's `{ error }`, a tool set's `CallFailure`, and so every
 * adapter), and the kind a host branches on. Only an unknown name and a call held for
 * approval are worded by the site, which knows its own container.
 *
 * @module
 */
import { messageOf } from "../core/describe";
import {
  type CallableKind,
  ClientToolError,
  PartialResultError,
  ToolForbiddenError,
} from "../core/errors";
import type { FailedOutcome } from "./call";
import { type CallFailure, callFailure } from "./outcome";

/** A failure every site words alike. */
export type SharedFailure = Exclude<FailedOutcome, { kind: "unknown-name" | "approval-required" }>;

/** The failure a host reads for `outcome` of a call of a `kind`. */
export function failureOf(outcome: SharedFailure, kind: CallableKind): CallFailure {
  const { name } = outcome;
  switch (outcome.kind) {
    case "invalid-arguments":
      return callFailure(
        "invalid-arguments",
        `${kind} '${name}' received invalid arguments: ${outcome.detail}`,
        outcome.error,
      );
    case "unknown-arguments":
      return callFailure("invalid-arguments", unknownArgumentsText(kind, outcome));
    case "invalid-output":
      return callFailure(
        "invalid-output",
        `${kind} '${name}' output violated its returns schema: ${outcome.detail}`,
        outcome.error,
      );
    case "thrown":
      // A streamed partial its schema rejected is the callable's invalid output.
      if (outcome.error instanceof PartialResultError) {
        return callFailure(
          "invalid-output",
          `${kind} '${name}' ${outcome.error.message}`,
          outcome.error,
        );
      }
      // A declared-only tool: named, as it cannot say its own name.
      if (outcome.error instanceof ClientToolError) {
        return callFailure("thrown", `${kind} '${name}' ${outcome.error.message}`, outcome.error);
      }
      return callFailure("thrown", outcome.message ?? messageOf(outcome.error), outcome.error);
    case "timeout":
      return callFailure("timeout", outcome.error.message, outcome.error);
    case "cancelled":
      return callFailure("cancelled", cancelledText(name, outcome.reason), outcome.reason);
    case "forbidden": {
      const error = new ToolForbiddenError(name, outcome.missing, outcome.required, kind);
      return callFailure("forbidden", error.message, error);
    }
    case "worded":
      return outcome.failure;
    default:
      return outcome satisfies never;
  }
}

/** `tool 'x' received an unknown argument 'foo'; it accepts a, b`. */
export function unknownArgumentsText(
  kind: CallableKind,
  outcome: {
    readonly name: string;
    readonly keys: readonly string[];
    readonly accepted: readonly string[];
  },
): string {
  const quoted = outcome.keys.map((key) => `'${key}'`).join(", ");
  const what =
    outcome.keys.length === 1 ? `an unknown argument ${quoted}` : `unknown arguments ${quoted}`;
  const accepts =
    outcome.accepted.length > 0 ? `it accepts ${outcome.accepted.join(", ")}` : "it accepts none";
  return `${kind} '${outcome.name}' received ${what}; ${accepts}`;
}

// An abort reason is any value, a hostile one included: described, never read raw.
function cancelledText(name: string, reason: unknown): string {
  const why = isError(reason) ? `: ${messageOf(reason)}` : "";
  return `call to '${name}' was cancelled${why}`;
}

function isError(value: unknown): boolean {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}
