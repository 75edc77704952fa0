/**
 * The two describers every message uses: the readable message of anything thrown, and
 * a short description of a value. Class-free, so a host adapter may bundle them.
 *
 * @module
 */
import { describeValue } from "../../lint/describe-value";

export { describeValue };

/**
 * The readable message of anything thrown: an error's `message`, or the value as text.
 * Never throws, and never hangs, whatever was thrown (a throwing getter, a null-prototype
 * object, an array whose Proxy claims 2^32 elements).
 */
export function messageOf(error: unknown): string {
  try {
    return asText(error instanceof Error ? error.message : error);
  } catch {
    return "(a thrown value whose message cannot be read)";
  }
}

// `String` of an array joins every element up to its `length`, which a Proxy may claim is
// 2^32: an array is described instead, as `nameText` describes any object.
function asText(value: unknown): string {
  return Array.isArray(value) ? describeValue(value) : String(value);
}

/**
 * `value` as text for a name that may not be one (a caller's `name` is unchecked at run
 * time): a primitive as `String` makes it, anything else described, never converted (an
 * object's `toString` may throw, or join a Proxy claiming 2^32 elements). Never throws.
 */
export function nameText(value: unknown): string {
  if (typeof value === "string") return value;
  const primitive = value === null || (typeof value !== "object" && typeof value !== "function");
  return primitive && typeof value !== "symbol" ? String(value) : describeValue(value);
}
