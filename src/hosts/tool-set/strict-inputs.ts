/**
 * Strict inputs: an argument key `parameters` does not declare is refused by name
 * instead of being stripped, and the schema a model is shown closes the object
 * (`additionalProperties: false`). Root level only, as Zod's own `.strict()`.
 *
 * @module
 */
import { type CallFailure, callFailure } from "../../core/call-outcome";
import type { CallableKind } from "../../core/errors";
import type { AnySchema } from "../../zod/schema";

/**
 * The strict form of an object schema, for the model to be shown; a `TypeError` naming the
 * callable for any other schema, which has no keys of its own to hold a call to.
 */
export function strictParameters(label: string, parameters: AnySchema): AnySchema {
  const strict = (parameters as { strict?: unknown }).strict;
  if (typeof strict !== "function") {
    throw new TypeError(
      `toolSet: ${label} has strictInputs, but its parameters are not a plain z.object (no .strict()); declare them as z.object({...}) or turn strictInputs off for it`,
    );
  }
  return strict.call(parameters) as AnySchema;
}

/**
 * The failure for arguments holding keys not in `accepted`, or `undefined` when they hold
 * none (or are not an object, which `parameters` itself then rejects).
 */
export function unknownArguments(
  kind: CallableKind,
  name: string,
  args: unknown,
  accepted: readonly string[],
): CallFailure | undefined {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined;
  const unknown = Object.keys(args).filter((key) => !accepted.includes(key));
  if (unknown.length === 0) return undefined;
  const quoted = unknown.map((key) => `'${key}'`).join(", ");
  const what =
    unknown.length === 1 ? `an unknown argument ${quoted}` : `unknown arguments ${quoted}`;
  const accepts = accepted.length > 0 ? `it accepts ${accepted.join(", ")}` : "it accepts none";
  return callFailure("invalid-arguments", `${kind} '${name}' received ${what}; ${accepts}`);
}
