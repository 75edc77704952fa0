/**
 * Error text: what a model reads of a failed call, in the words of its `formatError`
 * hooks (the definition's, then the set's): the first that returns a string decides; one
 * that throws or returns nothing keeps the text as it is. A hook's text is marked as written:
 * a host shows it as it is, with no prefix of its own. Values pass untouched.
 *
 * @module
 */
import type { FailedCall, FormatError } from "../controls";
import { asWritten, type CallOutcome } from "../outcome";

export function formatted<T>(
  outcome: CallOutcome<T>,
  formatters: readonly FormatError[],
  call: FailedCall,
): CallOutcome<T> {
  if (outcome.ok) return outcome;
  for (const format of formatters) {
    let text: unknown;
    try {
      // A frozen copy: a hook reads the failure, it cannot turn it into a success.
      text = format(Object.freeze({ ...outcome }), call);
    } catch {
      continue; // a hook that fails must not lose the failure it was shaping
    }
    if (typeof text === "string") return asWritten({ ...outcome, error: text });
  }
  return outcome;
}
