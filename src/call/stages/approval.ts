/**
 * Approval: a call that needs it (its definition's `needsApproval`, or the set's policy,
 * asked on the parsed arguments) does not run. Where the site can resume a call (a tool
 * set), it comes back pending with a signed request; anywhere else it fails closed. A call
 * resumed after a person approved it passes; arguments `parameters` rejects fail as
 * invalid before anyone is asked.
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
  if (!(await needsApproval(parsed.value, call.ctx))) {
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

/** What a call that is only asking learns when it needs no approval: it would run. */
const WOULD_RUN: Outcome = { kind: "value", value: undefined };
