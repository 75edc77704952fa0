/**
 * The `tools/call` answer for any outcome: `content` from the set's content parts (the
 * tool's `toModelOutput`, or the value as text; cut to the output budget) as MCP content
 * blocks, plus, for an object, the value as `structuredContent`; and a failure as an
 * `isError` result whose text the `clientError` hook decides.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallFailure, CallOutcome, CallPending, ContentPart } from "toolwright";
import { callFailure } from "../../call/outcome";
import { messageOf } from "../../core/describe";
import { toMcpContent } from "./content";

/**
 * The `tools/call` answer for an outcome: `content` from `contentOf`, plus, for an object,
 * the value as `structuredContent` (always the JSON value, whatever `content` says). A
 * failure, a value JSON cannot carry, and a non-object from a `structured` tool are
 * `isError` results whose text `describe` decides.
 */
export function toCallToolResult(
  name: string,
  outcome: CallOutcome,
  structured: boolean,
  describe: (failure: CallFailure | CallPending) => string,
  contentOf: (value: unknown) => readonly ContentPart[],
): CallToolResult {
  if (!outcome.ok) return failed(describe(outcome));
  const { value } = outcome;
  if (typeof value === "string" && !structured) return { content: toMcpContent(contentOf(value)) };
  let text: string;
  try {
    text = JSON.stringify(value ?? null);
  } catch (error) {
    const message = `tool '${name}' returned a value that cannot be serialised to JSON: ${messageOf(error)}`;
    return failed(describe(callFailure("unserialisable", message, error)));
  }
  const isRecord = typeof value === "object" && value !== null && !Array.isArray(value);
  if (structured && !isRecord) {
    const message = `tool '${name}' declares an object result but returned ${text}`;
    return failed(describe(callFailure("invalid-output", message)));
  }
  return {
    content: toMcpContent(contentOf(value)),
    ...(isRecord && { structuredContent: JSON.parse(text) as Record<string, unknown> }),
  };
}

/** An `isError` result carrying `message`, so the model reads why and the server keeps serving. */
export function failed(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
