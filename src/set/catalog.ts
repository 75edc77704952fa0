/**
 * Tools loaded on demand: a set built with `deferLoading` lists each deferred entry by its
 * name and one line, with an open arguments schema, and adds two read-only tools through
 * which a model finds tools (`search_tools`) and reads their full definitions
 * (`describe_tools`) before calling them. A 500-tool set then costs its listing a line per
 * tool instead of a schema per tool.
 *
 * @module
 */

import { clip } from "../core/clip";
import { projectParameters, projectReturns } from "../core/projection";
import {
  defineTool,
  type ToolDefinition,
  type ToolExecutionContext,
} from "../core/tool-definition";
import { schemaBuilders } from "../zod/builders";
import { DESCRIBE_TOOLS, MAX_RESULTS, SEARCH_TOOLS, summaryOf } from "./catalog-listing";

/** What the catalog needs to know of one entry. */
export interface CatalogEntry {
  readonly name: string;
  readonly kind: "tool" | "play" | "manual";
  readonly description: string;
  readonly parameters: Parameters<typeof projectParameters>[1];
  readonly returns?: Parameters<typeof projectReturns>[1];
  readonly examples?: readonly Readonly<Record<string, unknown>>[];
}

/**
 * The two catalog tools over `entries` (read when called, so they see the whole set, as
 * far as the caller of `ctx` may see it).
 */
export function catalogTools(
  entries: (ctx: ToolExecutionContext | undefined) => readonly CatalogEntry[],
): Readonly<Record<string, ToolDefinition>> {
  return { [SEARCH_TOOLS]: searchTools(entries), [DESCRIBE_TOOLS]: describeTools(entries) };
}

type Entries = Parameters<typeof catalogTools>[0];

function searchTools(entries: Entries): ToolDefinition {
  const z = schemaBuilders();
  return defineTool({
    description: `Find tools by what they do: the names and one-line summaries of the tools that best match the query (all of them when it is empty). Most tools are listed by a one-line summary only: call ${DESCRIBE_TOOLS} for their arguments before calling them.`,
    parameters: z.object({
      query: z.string().max(500).describe("Words describing the task, e.g. 'refund an invoice'"),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_RESULTS)
        .optional()
        .describe("At most this many results (default 10)"),
    }),
    returns: z.object({
      tools: z.array(z.object({ name: z.string(), summary: z.string() })),
      total: z.number().int(),
    }),
    annotations: { readOnly: true, idempotent: true },
    execute: ({ query, limit = 10 }, ctx) => {
      const found = rank(entries(ctx), query);
      return {
        tools: found
          .slice(0, limit)
          .map((entry) => ({ name: entry.name, summary: summaryOf(entry.description) })),
        total: found.length,
      };
    },
  });
}

function describeTools(entries: Entries): ToolDefinition {
  const z = schemaBuilders();
  return defineTool({
    description: `Read the full definitions of tools by name: what each does, the JSON Schema of its arguments and of its result, and examples of good arguments when it has them. Call it before calling a tool listed by a one-line summary only.`,
    parameters: z.object({
      names: z
        .array(z.string())
        .min(1)
        .max(MAX_RESULTS)
        .describe(`Tool names, as ${SEARCH_TOOLS} returns them`),
    }),
    returns: z.object({
      tools: z.array(
        z.object({
          name: z.string(),
          description: z.string(),
          parameters: z.record(z.string(), z.unknown()),
          returns: z.record(z.string(), z.unknown()).optional(),
          examples: z.array(z.record(z.string(), z.unknown())).optional(),
        }),
      ),
      unknown: z.array(z.string()),
    }),
    annotations: { readOnly: true, idempotent: true },
    execute: ({ names }, ctx) => {
      const byName = new Map(entries(ctx).map((entry) => [entry.name, entry]));
      const known = names.flatMap((name) => {
        const entry = byName.get(name);
        return entry === undefined ? [] : [definitionOf(entry)];
      });
      // Echoed to the model: a name it made up is shown at a bounded length.
      const unknown = names.filter((name) => !byName.has(name)).map(clip);
      return { tools: known, unknown };
    },
  });
}

function definitionOf(entry: CatalogEntry) {
  const kind = entry.kind === "play" ? "play" : "tool";
  return {
    name: entry.name,
    description: entry.description,
    parameters: structuredClone(
      projectParameters(entry.name, entry.parameters, "draft-2020-12", kind),
    ) as Record<string, unknown>,
    ...(entry.examples !== undefined && {
      examples: entry.examples.map((example) => ({ ...example })),
    }),
    ...(entry.returns !== undefined && {
      returns: structuredClone(
        projectReturns(entry.name, entry.returns, "draft-2020-12", kind),
      ) as Record<string, unknown>,
    }),
  };
}

/** The entries matching any word of `query`, best first (ties in listing order). */
function rank(entries: readonly CatalogEntry[], query: string): CatalogEntry[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    // Words of three letters or more: "to", "an" and "of" would match nearly every tool.
    .filter((word) => word.length > 2);
  if (words.length === 0) return [...entries];
  const scored = entries.map((entry, index) => {
    const name = entry.name.toLowerCase();
    const text = `${name} ${entry.description.toLowerCase()}`;
    const score = words.reduce(
      (sum, word) => sum + (name.includes(word) ? 3 : 0) + (text.includes(word) ? 1 : 0),
      0,
    );
    return { entry, index, score };
  });
  return scored
    .filter((found) => found.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((found) => found.entry);
}
