/**
 * Time limits: a call given `timeoutMs` runs with a `ctx.signal` of its own, aborted with
 * a `ToolTimeoutError` when the time is up, and settles then as a timeout; whatever it
 * returns later is discarded. The caller's own signal still aborts it.
 *
 * @module
 */
import { ToolTimeoutError } from "../../core/errors";
import { watchAbort } from "../abort-watch";
import type { Call, Outcome, Stage } from "../call";

export const timeLimit: Stage = (call, next) => {
  const timeoutMs = call.controls?.timeoutMs;
  return timeoutMs === undefined ? next(call) : limited(call, timeoutMs, next);
};

async function limited(
  call: Call,
  timeoutMs: number,
  next: (call: Call) => Promise<Outcome>,
): Promise<Outcome> {
  const controller = new AbortController();
  const outer = call.ctx?.signal;
  // One listener per shared signal (see abort-watch), never AbortSignal.any's one per call.
  const unwatch =
    outer === undefined ? undefined : watchAbort(outer, () => controller.abort(outer.reason));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      const error = new ToolTimeoutError(call.name, timeoutMs, call.controls?.kind);
      controller.abort(error);
      resolve({ kind: "timeout", name: call.name, error });
    }, timeoutMs);
  });
  try {
    return await Promise.race([
      next({ ...call, ctx: { ...call.ctx, signal: controller.signal } }),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
    unwatch?.();
  }
}
