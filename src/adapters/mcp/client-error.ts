/**
 * What an MCP client is told when a call fails: the text of the `isError` result. The
 * deployer decides through the `clientError` option; by default it is the failure's
 * message, naming the tool, and never a stack; a text the tool or a `formatError` chose
 * (a `ToolError`'s message, a hook's string) as written.
 *
 * @module
 */
import { type CallFailure, type CallFailureKind, type CallPending, ToolError } from "toolwright";
import { isAsWritten } from "../../call/outcome";
import { messageOf } from "../../core/describe";
import type { McpCallInfo } from "./server";

/** What the `clientError` option learns about one failed call. */
export interface McpCallFailure extends McpCallInfo {
  /** Which kind of failure it is. */
  readonly kind: CallFailureKind;
  /**
   * What the client is told by default: the failure's message, naming the tool; a
   * `ToolError`'s message, or a `formatError` text, as written.
   */
  readonly message: string;
  /** What caused it (the thrown value, the `ZodError`, the abort reason), for logs. */
  readonly cause?: unknown;
}

/** Decides the text of the `isError` result a client receives for a failed call. */
export type McpClientError = (failure: McpCallFailure) => string;

/**
 * The default text: the failure's message, which names the tool for every kind but a
 * thrown error; a thrown error's own message is prefixed with the tool it came from. A
 * `ToolError`'s message, and a text `formatError` chose, are what the model reads, as
 * they are.
 */
function defaultClientText(name: string, failure: CallFailure | CallPending): string {
  return isRawThrow(failure) ? `tool '${name}' failed: ${failure.error}` : failure.error;
}

// A thrown failure's text is the thrown value's message until a `formatError` replaces it
// (even with the same text); a `ToolError`'s message is the tool's own words for the model.
function isRawThrow(failure: CallFailure | CallPending): boolean {
  if (failure.kind !== "thrown" || isAsWritten(failure)) return false;
  if (!("cause" in failure)) return true;
  return !(failure.cause instanceof ToolError) && failure.error === messageOf(failure.cause);
}

/**
 * The text a client receives for `failure` of the call `info`: the deployer's hook when
 * there is one, else the default. A hook that throws or returns no string must not leak
 * what it was hiding, so it falls back to a text that names only the tool.
 */
export function clientText(
  hook: McpClientError | undefined,
  info: McpCallInfo,
  failure: CallFailure | CallPending,
): string {
  const message = defaultClientText(info.name, failure);
  if (hook === undefined) return message;
  try {
    const text = hook({
      ...info,
      kind: failure.kind,
      message,
      ...("cause" in failure && { cause: failure.cause }),
    });
    if (typeof text === "string") return text;
  } catch {
    // fall through to the neutral text
  }
  return `tool '${info.name}' failed`;
}
