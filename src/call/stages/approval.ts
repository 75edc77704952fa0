/**
 * Approval: a call that needs it (its definition's `needsApproval`, or the set's policy,
 * asked on the parsed arguments) does not run. Where the site can resume a call (a tool
 * set), it comes back pending with a signed request; anywhere else it fails closed. A call
 * resumed after a person approved it passes; arguments `parameters` rejects fail as
 * invalid before anyone is asked. A check that does not settle within the call's
 * `timeoutMs` (the time limit runs outside this stage), or within {@link CHECK_LIMIT_MS}
 * for a call without one, fails the call: it never runs unasked, nor waits forever.
 *
 * @module
 */
import { messageOf } from "../../core/describe";
import type { Call, Outcome, Stage } from "../call";
import type { Controls } from "../controls";
import { parseArguments } from "../run";

export const approval: Stage = (call, next) => {
  const needsApproval = call.controls?.needsApproval;
  if (needsApproval === undefined || call.approved === true) {
    return call.asking === true ? Promise.resolve(WOULD_RUN) : next(call);
  }
  return held(call, needsApproval, next);
};

async function held(
  call: Call,
  needsApproval: NonNullable<Controls["needsApproval"]>,
  next: (call: Call) => Promise<Outcome>,
): Promise<Outcome> {
  let parsed = parseArguments(call);
  if (parsed instanceof Promise) parsed = await parsed;
  if ("kind" in parsed) return parsed;
  const needed = await settledWithin(
    needsApproval(parsed.value, call.ctx),
    call.controls?.timeoutMs === undefined ? CHECK_LIMIT_MS : undefined,
  );
  if (needed === STUCK) {
    const message = `${call.controls?.kind ?? "tool"} '${call.name}' has not run: its needsApproval check did not settle within ${CHECK_LIMIT_MS} ms`;
    return { kind: "thrown", name: call.name, error: new Error(message), message };
  }
  if (!needed) {
    return call.asking === true ? WOULD_RUN : next({ ...call, parsed });
  }
  const { name, requestApproval } = call;
  if (requestApproval === undefined) return { kind: "approval-required", name };
  try {
    return { kind: "approval-required", name, request: await requestApproval(parsed.value) };
  } catch (error) {
    const kind = call.controls?.kind ?? "tool";
    const message = `${kind} '${name}' needs approval, but its arguments cannot be stored for it: ${messageOf(error)}`;
    return { kind: "thrown", name, error, message };
  }
}

/** How long a call without `timeoutMs` waits on its `needsApproval` check. */
const CHECK_LIMIT_MS = 30_000;

const STUCK: unique symbol = Symbol("stuck");

/** `answer`, or {@link STUCK} when `limitMs` passes first; without a limit, `answer`. */
async function settledWithin<T>(
  answer: T | Promise<T>,
  limitMs: number | undefined,
): Promise<T | typeof STUCK> {
  if (limitMs === undefined || !(answer instanceof Promise)) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<typeof STUCK>((resolve) => {
    timer = setTimeout(resolve, limitMs, STUCK);
  });
  try {
    return await Promise.race([answer, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a call that is only asking learns when it needs no approval: it would run. */
const WOULD_RUN: Outcome = { kind: "value", value: undefined };
