/**
 * Abort: a call whose `ctx.signal` has aborted settles at once as cancelled, and one whose
 * signal aborts while it runs settles the moment it does, whether or not the tool honours
 * the signal (it should: the signal is how its work stops too).
 *
 * @module
 */
import { watchAbort } from "../abort-watch";
import type { Call, Outcome, Stage } from "../call";

export const abort: Stage = (call, next) => {
  const signal = call.ctx?.signal;
  if (signal === undefined) return next(call);
  if (signal.aborted) return Promise.resolve(cancelled(call, signal));
  return untilAborted(next(call), call, signal);
};

async function untilAborted(
  running: Promise<Outcome>,
  call: Call,
  signal: AbortSignal,
): Promise<Outcome> {
  let stop = (): void => {};
  const aborted = new Promise<Outcome>((resolve) => {
    stop = watchAbort(signal, () => resolve(cancelled(call, signal)));
  });
  try {
    return await Promise.race([running, aborted]);
  } finally {
    stop();
  }
}

function cancelled(call: Call, signal: AbortSignal): Outcome {
  return { kind: "cancelled", name: call.name, reason: signal.reason };
}
