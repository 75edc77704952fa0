/**
 * The one way an adapter settles a call that came back pending: a strategy says what to do
 * with its request (a decision to resume it with, the reason nobody could be asked, or that
 * the call was aborted while asking), and `settle` resumes the call through the set, or
 * answers the model that it needs approval and has not run. The strategies: a host's
 * `approve` handler (OpenAI, Anthropic, Gemini), elicitation or a handler (MCP), and the
 * AI SDK's own approval, which asked before the call was run.
 *
 * @module
 */
import type {
  ApprovalDecision,
  ApprovalHandler,
  ApprovalRequest,
  CallOutcome,
} from "../call/outcome";
import type { ToolExecutionContext } from "../core/tool-definition";
import type { ToolSet } from "../set/types";

/** What came of asking about a pending call. */
export type ApprovalAnswer =
  | { readonly decision: ApprovalDecision }
  | { readonly unasked: string }
  | { readonly aborted: true };

/**
 * How an adapter gets a decision on a pending call; `undefined` leaves it pending, for the
 * host to ask in its own way. Never rejects.
 */
export type ApprovalStrategy = (request: ApprovalRequest) => Promise<ApprovalAnswer | undefined>;

/**
 * A strategy asking `handler`; one that throws or rejects denies, with its error kept as
 * the denial's `cause` (for the host's logs and its recorder, never for the model).
 */
export function asking(handler: ApprovalHandler): ApprovalStrategy {
  return async (request) => {
    try {
      return { decision: await handler(request) };
    } catch (error) {
      return { decision: { approved: false, cause: error } };
    }
  };
}

/**
 * `outcome` settled: when it is pending and `strategy` answers, the call resumed with the
 * decision, or its text saying why nobody was asked; any other outcome as it is. A call
 * whose signal aborted while asking settles as the set reports an aborted call. Never
 * rejects.
 */
export async function settle(
  set: ToolSet,
  outcome: CallOutcome,
  strategy: ApprovalStrategy | undefined,
  ctx: ToolExecutionContext | undefined,
): Promise<CallOutcome> {
  if (strategy === undefined || outcome.ok || outcome.kind !== "approval-required") return outcome;
  const request = outcome.approval;
  const answer = await strategy(request);
  if (answer === undefined) return outcome;
  if ("unasked" in answer) return { ...outcome, error: `${outcome.error}; ${answer.unasked}` };
  if ("aborted" in answer) return set.call(request.tool, request.args, ctx);
  return set.resume(request, answer.decision, ctx);
}
