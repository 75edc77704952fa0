/**
 * The two describers every message uses: the readable message of anything thrown, and
 * a short description of a value. Class-free, so a host adapter may bundle them.
 *
 * @module
 */
export { describeValue } from "../../lint/describe-value";

/**
 * The readable message of anything thrown: an error's `message`, or the value as text.
 * Never throws, whatever was thrown (a throwing getter, a null-prototype object).
 */
export function messageOf(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    return String(error);
  } catch {
    return "(a thrown value whose message cannot be read)";
  }
}
