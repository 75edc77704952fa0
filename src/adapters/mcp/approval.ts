/**
 * How the MCP server gets a decision on a call that needs approval, as a strategy of the
 * one approval mechanism every adapter shares (see `../approval.ts`): by asking the
 * client's user through elicitation, by a handler of the deployer's, or not at all.
 *
 * @module
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalDecision, ApprovalRequest } from "toolwright";
import { describeValue, messageOf } from "../../core/describe";
import { type ApprovalAnswer, type ApprovalStrategy, asking } from "../approval";
import type { McpCallInfo } from "./server";

/**
 * Decides on a call that needs approval, e.g. from a queue of the deployer's own: the
 * server resumes the call with the decision. A handler that throws or rejects denies.
 */
export type McpApprovalHandler = (
  request: ApprovalRequest,
  call: McpCallInfo,
) => ApprovalDecision | Promise<ApprovalDecision>;

/**
 * How the server settles a call that needs approval: ask the client's user through
 * elicitation (`"elicit"`), answer that approval is required (`"refuse"`), or ask a
 * {@link McpApprovalHandler}.
 */
export type McpApproval = "elicit" | "refuse" | McpApprovalHandler;

/** Throws a `TypeError` naming the option when `approval` is none of its forms. */
export function checkApproval(approval: unknown): void {
  if (approval === undefined || approval === "elicit" || approval === "refuse") return;
  if (typeof approval === "function") return;
  throw new TypeError(
    `createMcpServer: approval must be "elicit", "refuse" or a function, received ${describeValue(approval)}`,
  );
}

/** One `tools/call` that may wait for approval, and what asking about it may use. */
export interface WaitingCall {
  readonly info: McpCallInfo;
  /** The call's signal: asking stops when it aborts. */
  readonly signal: AbortSignal;
  readonly server: Server;
  /** Whether the transport can carry a request from the server to the client. */
  readonly clientRequests: boolean;
}

/** The strategy `approval` names, for `call`. */
export function approvalStrategy(approval: McpApproval, call: WaitingCall): ApprovalStrategy {
  return (request) => askApproval(approval, call, request);
}

/** Asks for a decision on `request` as `approval` says. Never rejects. */
function askApproval(
  approval: McpApproval,
  call: WaitingCall,
  request: ApprovalRequest,
): Promise<ApprovalAnswer> {
  if (call.signal.aborted) return Promise.resolve({ aborted: true });
  if (approval === "refuse") {
    return Promise.resolve({ unasked: "this server does not ask the user for approval" });
  }
  if (approval !== "elicit") {
    const ask = asking((asked) => approval(asked, call.info));
    return untilAborted(call.signal, ask(request) as Promise<ApprovalAnswer>);
  }
  if (!call.clientRequests) {
    return Promise.resolve({
      unasked: "this server cannot ask the user for approval over stateless HTTP",
    });
  }
  if (!asksForms(call.server)) {
    return Promise.resolve({ unasked: "this client cannot ask the user for approval" });
  }
  return byElicitation(call, request);
}

// Whether the client declared form elicitation: `elicitation: {}` means forms, as it did
// before URL elicitation existed.
export function asksForms(server: Server): boolean {
  const elicitation = server.getClientCapabilities()?.elicitation;
  if (elicitation === undefined) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

async function byElicitation(call: WaitingCall, request: ApprovalRequest): Promise<ApprovalAnswer> {
  const { server, signal, info } = call;
  let result: ElicitResult;
  try {
    // Related to the tools/call, so that a transport with streams per request sends it there.
    result = await server.elicitInput(approvalForm(request), {
      signal,
      relatedRequestId: info.requestId,
    });
  } catch (error) {
    if (signal.aborted) return { aborted: true };
    const reason = `the approval request to the client failed (${messageOf(error)})`;
    return { decision: { approved: false, reason } };
  }
  return { decision: decisionOf(result) };
}

/** The form a client shows its user: what would run, and a yes or no with an optional reason. */
function approvalForm(request: ApprovalRequest): ElicitRequestFormParams {
  return {
    mode: "form",
    message: `Allow the call to '${request.tool}' with these arguments?\n${argumentsText(request.args)}`,
    requestedSchema: {
      type: "object",
      properties: {
        approve: {
          type: "boolean",
          title: "Approve",
          description: `Run '${request.tool}' with the arguments shown`,
        },
        reason: {
          type: "string",
          title: "Reason",
          description: "Why, for the assistant (read when you deny)",
        },
      },
      required: ["approve"],
    },
  };
}

function argumentsText(args: unknown): string {
  try {
    return JSON.stringify(args ?? {}, null, 2);
  } catch {
    return describeValue(args); // a signed request's arguments are JSON; this is a guard
  }
}

// Only an accepted form saying `approve: true` approves; anything else denies, with the
// user's reason when they gave one.
function decisionOf(result: ElicitResult): ApprovalDecision {
  const content = result.action === "accept" ? result.content : undefined;
  if (content?.approve === true) return { approved: true };
  const given = typeof content?.reason === "string" ? content.reason.trim() : "";
  if (given !== "") return { approved: false, reason: given };
  if (result.action === "cancel") {
    return { approved: false, reason: "the user dismissed the approval request" };
  }
  return { approved: false };
}

// `work`'s answer, or `aborted` as soon as the signal aborts (a handler may not listen).
// The signal is this call's own (one per request), so one listener per call is what it
// holds; `watchAbort`, for signals many calls share, lives in another entry.
async function untilAborted(
  signal: AbortSignal,
  work: Promise<ApprovalAnswer>,
): Promise<ApprovalAnswer> {
  let stop = (): void => {};
  const aborted = new Promise<ApprovalAnswer>((resolve) => {
    const onAbort = () => resolve({ aborted: true });
    signal.addEventListener("abort", onAbort, { once: true });
    stop = () => signal.removeEventListener("abort", onAbort);
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    stop();
  }
}
