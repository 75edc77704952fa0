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
  const deadline = performance.now() + timeoutMs;
  const expire = (): Outcome => {
    const error = new ToolTimeoutError(call.name, timeoutMs, call.controls?.kind);
    controller.abort(error);
    return { kind: "timeout", name: call.name, error };
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve(expire()), timeoutMs);
  });
  try {
    const outcome = await Promise.race([
      next({ ...call, ctx: { ...call.ctx, signal: controller.signal } }),
      expired,
    ]);
    // Settled past the deadline, seen first only because the loop was busy when the
    // timer fell due: late all the same.
    return outcome.kind !== "timeout" && performance.now() > deadline ? expire() : outcome;
  } finally {
    clearTimeout(timer);
    unwatch?.();
  }
}
