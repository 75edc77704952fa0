/**
 * The `tools/list` answer of a tool set: each entry as an MCP `Tool` (its 2020-12
 * parameters as `inputSchema`, its `returns` as `outputSchema` when the root is an object,
 * its hints as MCP annotations), its examples folded into its description when asked (MCP
 * has no field for them), and a deferred entry (MCP has no deferred loading of its own) as
 * `set.schemas` lists it: its one-line summary and an arguments schema that takes any
 * object, read in full through `describe_tools`.
 *
 * @module
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { projectReturns, type ToolAnnotations, type ToolSet, type ToolSetSchema } from "toolwright";
import { ADAPTER_DIALECTS } from "toolwright/lint";
import { describeValue } from "../../core/describe";
import type { Listing } from "../contract";
import { describeWithExamples } from "../examples-text";

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
export function list(set: ToolSet, examples: McpExamples | undefined): Listing<Tool[]> {
  const tools = set
    .schemas("draft-2020-12")
    .map((schema) => toMcpTool(listed(set, schema, examples)));
  return { tools, ledger: [], dialect: ADAPTER_DIALECTS.mcp };
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

/**
 * Whether `name` is listed with an `outputSchema`, so that its results must be objects: a
 * tool whose `returns` has an object root, unless it is deferred (listed without one).
 */
export function isStructured(set: ToolSet, name: string): boolean {
  const entry = set.get(name);
  if (entry === undefined || entry.deferred === true || entry.returns === undefined) return false;
  const kind = entry.kind === "play" ? "play" : "tool";
  return projectReturns(name, entry.returns, "draft-2020-12", kind).type === "object";
}

/** One tool set schema as an MCP `Tool`, its kind and capability in `_meta`. */
function toMcpTool(schema: ToolSetSchema): Tool {
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
