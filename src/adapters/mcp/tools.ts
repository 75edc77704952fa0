/**
 * The `tools/list` answer of a tool set: each entry as an MCP `Tool` (its 2020-12
 * parameters as `inputSchema`, its `returns` as `outputSchema` when the root is an object,
 * each declaring its dialect with `$schema`; its `title`, its hints as MCP annotations,
 * its `execution` as declared, and its kind and capability in `_meta` unless turned off),
 * its examples folded into its description when asked (MCP has no field for them), and a
 * deferred entry (MCP has no deferred loading of its own) as `set.schemas` lists it: its
 * one-line summary and an arguments schema that takes any object, read in full through
 * `describe_tools`.
 *
 * Every schema declares 2020-12, the default dialect of MCP 2025-11-25 (assumed when
 * `$schema` is absent; the conformance suite checks that it is listed). That holds for
 * Zod 3 schemas too: Zod 3's converter emits 2019-09 here (draft-07 by default, which the
 * SDK's own `McpServer` lists as draft-07), but toolwright rewrites its output into
 * 2020-12 (`$defs`, `prefixItems`, numeric exclusive bounds) before listing it, so 2020-12
 * is the dialect the listed schema is written in.
 *
 * @module
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  projectReturns,
  type ToolAnnotations,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetEntry,
  type ToolSetSchema,
} from "toolwright";
import { ADAPTER_DIALECTS } from "toolwright/lint";
import { describeValue } from "../../core/describe";
import type { CallerOptions, Listing } from "../contract";
import { describeWithExamples } from "../examples-text";

/** Where a tool's input examples go in `tools/list`: into its description, or nowhere. */
export type McpExamples = "description";

/** How `tools/list` lists a set: what the server's and the adapter's options say of it. */
export interface McpListingOptions extends CallerOptions {
  readonly examples?: McpExamples | undefined;
  readonly listingMeta?: boolean | undefined;
}

/** The dialect every listed schema declares: MCP's default, JSON Schema 2020-12. */
export const MCP_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

const TASK_SUPPORT: readonly unknown[] = ["forbidden", "optional", "required"];

/** Throws a `TypeError` naming the option when `examples` is none of its forms. */
export function checkExamplesOption(examples: unknown): void {
  if (examples === undefined || examples === "description") return;
  throw new TypeError(
    `createMcpServer: examples must be "description" (or left out), received ${describeValue(examples)}`,
  );
}

/**
 * The tools of `set` as `tools/list` lists them. A deferred tool keeps its annotations,
 * which clients read to decide on confirmations, its title and its `execution`, but has
 * no `outputSchema` (so its results are not held to one it never advertised) and no
 * examples. Throws a `TypeError` on a `listingMeta` that is not a boolean, and on a title
 * or an `execution` MCP cannot list, naming the entry.
 */
export function list(set: ToolSet, options: McpListingOptions = {}): Listing<Tool[]> {
  const { examples, listingMeta = true, ctx } = options;
  if (typeof listingMeta !== "boolean") {
    throw new TypeError(
      `tools/list: listingMeta must be true or false, received ${describeValue(listingMeta)}`,
    );
  }
  const tools = set
    .schemas("draft-2020-12", ctx)
    .map((schema) => toMcpTool(listed(set, schema, examples), set.get(schema.name), listingMeta));
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
export function isStructured(set: ToolSet, name: string, ctx?: ToolExecutionContext): boolean {
  const entry = set.get(name, ctx);
  if (entry === undefined || entry.deferred === true || entry.returns === undefined) return false;
  const kind = entry.kind === "play" ? "play" : "tool";
  return projectReturns(name, entry.returns, "draft-2020-12", kind).type === "object";
}

/**
 * One tool set schema as an MCP `Tool`: its title (its own, else its annotations'), its
 * `execution` as declared and, with `meta`, its kind and capability in `_meta`.
 */
function toMcpTool(schema: ToolSetSchema, entry: ToolSetEntry | undefined, meta: boolean): Tool {
  const hints = schema.annotations;
  const annotations = toMcpAnnotations(hints);
  const title = titleOf(schema, entry) ?? hints?.title;
  const execution = executionOf(schema, entry);
  return {
    name: schema.name,
    ...(title !== undefined && { title }),
    description: schema.description,
    inputSchema: withDialect(schema.parameters) as Tool["inputSchema"],
    ...(schema.returns?.type === "object" && {
      outputSchema: withDialect(schema.returns) as NonNullable<Tool["outputSchema"]>,
    }),
    ...(Object.keys(annotations).length > 0 && { annotations }),
    ...(execution !== undefined && { execution }),
    ...(meta && {
      _meta: {
        "toolwright/kind": schema.kind,
        "toolwright/capability": schema.capability,
        ...(schema.deferred && { "toolwright/deferred": true }),
      },
    }),
  };
}

// A copy with `$schema` first (the projection has none: model providers reject it).
function withDialect(schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { $schema: MCP_SCHEMA_DIALECT, ...structuredClone(schema) };
}

// A hand-written definition is anything at run time: what MCP cannot list is refused when
// the server is built (or `mcp.list` called), naming the entry.
function titleOf(schema: ToolSetSchema, entry: ToolSetEntry | undefined): string | undefined {
  const title: unknown = entry?.title;
  if (title === undefined || typeof title === "string") return title;
  throw new TypeError(
    `tools/list: ${labelOf(schema)}: title must be a string, received ${describeValue(title)}`,
  );
}

function executionOf(
  schema: ToolSetSchema,
  entry: ToolSetEntry | undefined,
): Tool["execution"] | undefined {
  const execution: unknown = entry?.execution;
  if (execution === undefined) return undefined;
  if (typeof execution !== "object" || execution === null || Array.isArray(execution)) {
    throw new TypeError(
      `tools/list: ${labelOf(schema)}: execution must be an object such as { taskSupport: "forbidden" }, received ${describeValue(execution)}`,
    );
  }
  const { taskSupport } = execution as { readonly taskSupport?: unknown };
  if (taskSupport === undefined) return {};
  if (!TASK_SUPPORT.includes(taskSupport)) {
    throw new TypeError(
      `tools/list: ${labelOf(schema)}: execution.taskSupport must be "forbidden", "optional" or "required", received ${describeValue(taskSupport)}`,
    );
  }
  return { taskSupport: taskSupport as NonNullable<Tool["execution"]>["taskSupport"] };
}

function labelOf(schema: ToolSetSchema): string {
  return `${schema.kind === "play" ? "play" : "tool"} '${schema.name}'`;
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
