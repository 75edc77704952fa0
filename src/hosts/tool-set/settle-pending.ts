/**
 * The step every provider helper shares for a call that came back pending: ask the host's
 * `approve` handler, and resume the call with its decision.
 *
 * @module
 */

import type { ApprovalHandler, CallOutcome } from "../../core/call-outcome";
import { messageOf } from "../../core/describe";
import type { ToolExecutionContext } from "../../core/tool-definition";
import type { ToolSet } from "../tool-set";

/**
 * `outcome` settled: when it is pending and `approve` is given, the call resumed with what
 * `approve` decides (a handler that throws denies, with its message as the reason); any
 * other outcome, or without `approve`, as it is. Never rejects.
 *
 * @example
 * ```ts
 * const outcome = await settlePending(set, await set.call(name, args), askUser);
 * ```
 */
export async function settlePending<T>(
  set: ToolSet,
  outcome: CallOutcome<T>,
  approve: ApprovalHandler | undefined,
  ctx?: ToolExecutionContext,
): Promise<CallOutcome<T>> {
  if (approve === undefined || outcome.ok || !("approval" in outcome)) return outcome;
  const request = outcome.approval;
  let decision: Awaited<ReturnType<ApprovalHandler>>;
  try {
    decision = await approve(request);
  } catch (error) {
    decision = { approved: false, reason: `approval could not be asked: ${messageOf(error)}` };
  }
  return (await set.resume(request, decision, ctx)) as CallOutcome<T>;
}
