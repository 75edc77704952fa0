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
import type { ApprovalRequest } from "../outcome";
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
  let request: ApprovalRequest;
  try {
    request = await requestApproval(parsed.value);
  } catch (error) {
    return unstorable(call, messageOf(error), error);
  }
  const problem = await roundTripProblem(call, parsed.value, request.args);
  return problem === undefined
    ? { kind: "approval-required", name, request }
    : unstorable(call, problem, new Error(problem));
}

/**
 * Why the stored arguments would not resume as the call that asked: `resume` parses the
 * JSON copy again, so a `z.date()`, a `Map` or a transform whose output the schema does
 * not accept as it is would fail there, or run on other arguments than were approved.
 * Found now, while the caller can still be told, not after a person approved.
 */
async function roundTripProblem(
  call: Call,
  parsed: unknown,
  stored: unknown,
): Promise<string | undefined> {
  let again = parseArguments({ ...call, args: stored });
  if (again instanceof Promise) again = await again;
  if ("kind" in again) {
    const detail = "detail" in again ? again.detail : again.kind;
    return `written as JSON they no longer parse (${detail}); declare types JSON carries, or z.coerce ones`;
  }
  return sameJson(again.value, parsed)
    ? undefined
    : "written as JSON and parsed again they change (a transform whose output the schema does not accept as it is)";
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    // The request was written from `b` already: only a value that changes when read throws here.
    return false;
  }
}

function unstorable(call: Call, problem: string, error: unknown): Outcome {
  const kind = call.controls?.kind ?? "tool";
  const message = `${kind} '${call.name}' needs approval, but its arguments cannot be stored for it: ${problem}`;
  return { kind: "thrown", name: call.name, error, message };
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
