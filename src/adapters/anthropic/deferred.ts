/**
 * Anthropic's own deferred loading for a set built with `deferLoading`: each deferred tool
 * is sent in full with `defer_loading: true`, which keeps it out of the model's context
 * until a search finds it. The search is either the set's `search_tools`, whose results
 * come back as `tool_reference` blocks that the API expands into the tools' definitions
 * (Anthropic's "custom tool search"), or Anthropic's server-side tool search tool.
 *
 * @module
 */
import type {
  ToolReferenceBlockParam,
  ToolSearchToolBm25_20251119,
  ToolSearchToolRegex20251119,
} from "@anthropic-ai/sdk/resources/messages";
import type { CallOutcome, ToolExecutionContext, ToolSet, ToolSetEntry } from "toolwright";
import { DESCRIBE_TOOLS, SEARCH_TOOLS, TOOL_CATALOG } from "../../set/catalog-listing";

export { DESCRIBE_TOOLS, SEARCH_TOOLS };

/** Anthropic's server-side tool search, by how it matches. */
export type AnthropicServerToolSearch = ToolSearchToolBm25_20251119 | ToolSearchToolRegex20251119;

/** Whether `entry` is one of the two tools `deferLoading` adds. */
export function isCatalogTool(entry: ToolSetEntry, name: string): boolean {
  return entry.capability === TOOL_CATALOG && entry.name === name;
}

/**
 * Anthropic's server tool search: `"bm25"` matches natural-language queries against the
 * deferred tools' names, descriptions and arguments; `"regex"` takes a pattern the model
 * writes. Dated versions, so a request means the same thing next year.
 */
export function serverToolSearch(kind: "bm25" | "regex"): AnthropicServerToolSearch {
  return kind === "bm25"
    ? { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" }
    : { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" };
}

/**
 * What `search_tools` says of itself under native deferred loading: the tools it finds are
 * loaded for the model (there is no `describe_tools` to call).
 */
export const NATIVE_SEARCH_DESCRIPTION =
  "Find tools by what they do and load them: the tools that best match the query (all of them when it is empty) become callable, with their full definitions. Most tools are not loaded until a search finds them.";

/**
 * A `search_tools` result as `tool_reference` blocks, one per deferred tool it found, or
 * `undefined` when it found none (its result is then sent as it is). Tools that are not
 * deferred are already loaded, so they need no reference.
 */
export function toolReferences(
  set: ToolSet,
  outcome: CallOutcome,
  ctx?: ToolExecutionContext,
): ToolReferenceBlockParam[] | undefined {
  if (!outcome.ok) return undefined;
  const found = (outcome.value as { tools?: readonly { name?: unknown }[] } | null)?.tools;
  if (!Array.isArray(found)) return undefined;
  const references = found.flatMap((tool): ToolReferenceBlockParam[] => {
    const name = typeof tool?.name === "string" ? tool.name : undefined;
    return name !== undefined && set.get(name, ctx)?.deferred
      ? [{ type: "tool_reference", tool_name: name }]
      : [];
  });
  return references.length === 0 ? undefined : references;
}
