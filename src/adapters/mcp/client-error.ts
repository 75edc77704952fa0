/**
 * What an MCP client is told when a call fails: the text of the `isError` result. The
 * deployer decides through the `clientError` option; by default it is the failure's
 * message, naming the tool, and never a stack.
 *
 * @module
 */
import type { CallFailure, CallFailureKind, CallPending } from "toolwright";
import { messageOf } from "../../core/describe";
import type { McpCallInfo } from "./server";

/** What the `clientError` option learns about one failed call. */
export interface McpCallFailure extends McpCallInfo {
  /** Which kind of failure it is. */
  readonly kind: CallFailureKind;
  /** What the client is told by default: the failure's message, naming the tool. */
  readonly message: string;
  /** What caused it (the thrown value, the `ZodError`, the abort reason), for logs. */
  readonly cause?: unknown;
}

/** Decides the text of the `isError` result a client receives for a failed call. */
export type McpClientError = (failure: McpCallFailure) => string;

/**
 * The default text: the failure's message, which names the tool for every kind but a
 * thrown error; a thrown error's own message is prefixed with the tool it came from. A
 * text `formatError` made of it is what the model reads, as it is.
 */
function defaultClientText(name: string, failure: CallFailure | CallPending): string {
  return isRawThrow(failure) ? `tool '${name}' failed: ${failure.error}` : failure.error;
}

// A thrown failure's text is the thrown value's message until a `formatError` replaces it;
// a text that differs from it was shaped for the model already.
function isRawThrow(failure: CallFailure | CallPending): boolean {
  if (failure.kind !== "thrown") return false;
  return !("cause" in failure) || failure.error === messageOf(failure.cause);
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
