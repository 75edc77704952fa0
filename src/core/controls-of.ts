/**
 * The call controls a factory copies from its config onto the definition it builds,
 * checked there, so that a bad value fails where it is written rather than at a call.
 *
 * @module
 */
import type { CallControls } from "./call-controls";
import { describeValue } from "./describe";

/** The controls `config` declares, validated; absent ones stay absent. */
export function controlsOf(config: CallControls<never>, factory: string): CallControls {
  const { needsApproval, timeoutMs, strictInputs, formatError } = config;
  if (needsApproval !== undefined && typeof needsApproval !== "boolean") {
    expect(
      typeof needsApproval === "function",
      `${factory}: needsApproval`,
      "a boolean or a function",
      needsApproval,
    );
  }
  if (timeoutMs !== undefined) checkTimeout(timeoutMs, `${factory}: timeoutMs`);
  if (strictInputs !== undefined) {
    expect(
      typeof strictInputs === "boolean",
      `${factory}: strictInputs`,
      "a boolean",
      strictInputs,
    );
  }
  if (formatError !== undefined) {
    expect(typeof formatError === "function", `${factory}: formatError`, "a function", formatError);
  }
  return {
    ...(needsApproval !== undefined && {
      needsApproval: needsApproval as CallControls["needsApproval"],
    }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(strictInputs !== undefined && { strictInputs }),
    ...(formatError !== undefined && { formatError }),
  };
}

/** Throws a `TypeError` unless `value` is a positive, finite number of milliseconds. */
export function checkTimeout(value: unknown, option: string): void {
  expect(
    typeof value === "number" && Number.isFinite(value) && value > 0,
    option,
    "a positive, finite number of milliseconds",
    value,
  );
}

function expect(ok: boolean, option: string, wanted: string, value: unknown): void {
  if (!ok) throw new TypeError(`${option} must be ${wanted}, received ${describeValue(value)}`);
}
