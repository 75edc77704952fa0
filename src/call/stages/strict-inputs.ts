/**
 * Strict inputs: an argument key `parameters` does not declare is refused by name instead
 * of being stripped, before anything is parsed. Root level only, as Zod's own `.strict()`.
 *
 * @module
 */
import type { Stage } from "../call";

export const strictInputs: Stage = (call, next) => {
  const accepted = call.controls?.accepted;
  if (accepted === undefined) return next(call);
  const keys = unknownKeys(call.args, accepted);
  if (keys.length === 0) return next(call);
  return Promise.resolve({ kind: "unknown-arguments", name: call.name, keys, accepted });
};

// Arguments that are not an object are left to `parameters`, which rejects them.
function unknownKeys(args: unknown, accepted: readonly string[]): string[] {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return [];
  return Object.keys(args).filter((key) => !accepted.includes(key));
}
