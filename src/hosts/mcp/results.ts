/**
 * The MCP shapes of a tool set: a listed `Tool` from a tool's schemas and hints, and a
 * `CallToolResult` from a call's outcome.
 *
 * @module
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type {
  CallFailure,
  CallOutcome,
  CallPending,
  ContentPart,
  ToolAnnotations,
  ToolSetSchema,
} from "toolwright";
import { callFailure } from "../../core/call-outcome";
import { messageOf } from "../../core/describe";
import { toMcpContent } from "./content";

/**
 * The `tools/list` entry of one tool: its 2020-12 parameters as `inputSchema`, its
 * `returns` as `outputSchema` when the root is an object (MCP's structured content must
 * be one), its hints as MCP annotations, and its kind and capability in `_meta` (and,
 * for a deferred entry, `"toolwright/deferred": true`: `describe_tools` has the rest).
 */
export function toMcpTool(schema: ToolSetSchema): Tool {
  const hints = schema.annotations;
  const annotations = toMcpAnnotations(hints);
  return {
    name: schema.name,
    ...(hints?.title !== undefined && { title: hints.title }),
    description: schema.description,
    inputSchema: structuredClone(schema.parameters) as Tool["inputSchema"],
    ...(schema.returns?.type === "object" && {
      outputSchema: structuredClone(schema.returns) as NonNullable<Tool["outputSchema"]>,
    }),
    ...(Object.keys(annotations).length > 0 && { annotations }),
    _meta: {
      "toolwright/kind": schema.kind,
      "toolwright/capability": schema.capability,
      ...(schema.deferred && { "toolwright/deferred": true }),
    },
  };
}

function toMcpAnnotations(hints: ToolAnnotations | undefined): NonNullable<Tool["annotations"]> {
  return {
    ...(hints?.title !== undefined && { title: hints.title }),
    ...(hints?.readOnly !== undefined && { readOnlyHint: hints.readOnly }),
    ...(hints?.destructive !== undefined && { destructiveHint: hints.destructive }),
    ...(hints?.idempotent !== undefined && { idempotentHint: hints.idempotent }),
    ...(hints?.openWorld !== undefined && { openWorldHint: hints.openWorld }),
  };
}

/**
 * The `tools/call` answer for an outcome: `content` from `contentOf` (the set's
 * `set.content`: the tool's `toModelOutput` parts, or the value as text, a string as it is
 * and anything else as JSON; cut to the output budget), plus, for an object, the value as
 * `structuredContent` (always the JSON value, whatever `content` says). A failure, a value
 * JSON cannot carry, and a non-object from a `structured` tool are `isError` results whose
 * text `describe` decides.
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
