/**
 * The `tools/list` answer of a tool set: each entry as an MCP `Tool`, its examples folded
 * into its description when asked (MCP has no field for them), and a deferred entry (a set
 * built with `deferLoading`; MCP has no deferred loading of its own) as `set.schemas` lists
 * it: its one-line summary and an arguments schema that takes any object, read in full
 * through `describe_tools`.
 *
 * @module
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { describeWithExamples, type ToolSet, type ToolSetSchema } from "toolwright";
import { describeValue } from "../../core/describe";
import { toMcpTool } from "./results";

/** Where a tool's input examples go in `tools/list`: into its description, or nowhere. */
export type McpExamples = "description";

/** Throws a `TypeError` naming the option when `examples` is none of its forms. */
export function checkExamplesOption(examples: unknown): void {
  if (examples === undefined || examples === "description") return;
  throw new TypeError(
    `createMcpServer: examples must be "description" (or left out), received ${describeValue(examples)}`,
  );
}

/**
 * The tools of `set` as `tools/list` lists them. A deferred tool keeps its annotations,
 * which clients read to decide on confirmations, but has no `outputSchema` (so its
 * results are not held to one it never advertised) and no examples.
 */
export function listTools(set: ToolSet, examples: McpExamples | undefined): Tool[] {
  return set.schemas("draft-2020-12").map((schema) => toMcpTool(listed(set, schema, examples)));
}

function listed(
  set: ToolSet,
  schema: ToolSetSchema,
  examples: McpExamples | undefined,
): ToolSetSchema {
  if (schema.deferred) {
    const annotations = set.get(schema.name)?.annotations;
    return annotations === undefined ? schema : { ...schema, annotations };
  }
  if (examples !== "description" || schema.examples === undefined) return schema;
  return { ...schema, description: describeWithExamples(schema.description, schema.examples) };
}
