/**
 * Time limits: a call given `timeoutMs` runs with a `ctx.signal` of its own, aborted
 * with a `ToolTimeoutError` when the time is up, and settles then as a `timeout`
 * failure; whatever it returns later is discarded.
 *
 * @module
 */
import { type CallOutcome, callFailure } from "../../core/call-outcome";
import { type CallableKind, ToolTimeoutError } from "../../core/errors";
import type { ToolExecutionContext } from "../../core/tool-definition";
import { watchAbort } from "../abort-watch";

/**
 * Runs `run` with a signal that aborts after `timeoutMs` (or when the caller's does), and
 * settles as a `timeout` failure naming the call and the limit if it has not settled by then.
 */
export async function runWithTimeout(
  name: string,
  kind: CallableKind,
  timeoutMs: number,
  ctx: ToolExecutionContext | undefined,
  run: (ctx: ToolExecutionContext) => Promise<CallOutcome>,
): Promise<CallOutcome> {
  const controller = new AbortController();
  const outer = ctx?.signal;
  // One listener per shared signal (see abort-watch), never AbortSignal.any's one per call.
  const unwatch =
    outer === undefined ? undefined : watchAbort(outer, () => controller.abort(outer.reason));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<CallOutcome>((resolve) => {
    timer = setTimeout(() => {
      const error = new ToolTimeoutError(name, timeoutMs, kind);
      controller.abort(error);
      resolve(callFailure("timeout", error.message, error));
    }, timeoutMs);
  });
  try {
    return await Promise.race([run({ ...ctx, signal: controller.signal }), expired]);
  } finally {
    clearTimeout(timer);
    unwatch?.();
  }
}
