/**
 * What changed between two versions of a tool listing, tool by tool: a tool removed (or
 * renamed: a listing cannot tell the two apart) is breaking, one added compatible; within
 * a tool, its arguments and its result as {@link schemaChanges} classifies them, and its
 * description, title, hints and examples as cosmetic. Whether the listing's bytes changed, which is what a provider's
 * prompt cache keys on, is said apart: a cosmetic change still empties the cache.
 *
 * @module
 */
import { type SchemaChange, schemaChanges, written } from "./schema-changes";

/** One tool as a listing sends it: what the contract is about. */
export interface ToolContract {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
  /** The result's schema, where the listing sends one (MCP's `outputSchema`). */
  readonly returns?: unknown;
  /** Its title, where the listing sends one (MCP). */
  readonly title?: string;
  /** Its hints, where the listing sends them (MCP's `annotations`). */
  readonly annotations?: unknown;
  /** Its input examples, where the listing sends them (Anthropic's `input_examples`). */
  readonly examples?: readonly unknown[];
}

/** A change to one tool: `part` says where (the tool itself, its arguments, its result). */
export interface ListingChange extends SchemaChange {
  readonly tool: string;
  readonly part: "tool" | "parameters" | "returns";
}

/** The changes between two listings, and whether the listing's bytes changed. */
export interface ListingDiff {
  readonly changes: readonly ListingChange[];
  /** The listings differ in any byte, order included: a provider's prompt cache misses. */
  readonly bytesChanged: boolean;
}

/** The changes from listing `before` to listing `after`. */
export function listingChanges(
  before: readonly ToolContract[],
  after: readonly ToolContract[],
): ListingDiff {
  const was = new Map(before.map((tool) => [tool.name, tool]));
  const is = new Map(after.map((tool) => [tool.name, tool]));
  const changes: ListingChange[] = [];
  for (const tool of before) {
    const next = is.get(tool.name);
    if (next === undefined)
      changes.push(toolChange(tool.name, "breaking", "tool removed or renamed"));
    else changes.push(...toolChanges(tool, next));
  }
  for (const tool of after) {
    if (!was.has(tool.name)) changes.push(toolChange(tool.name, "compatible", "tool added"));
  }
  const order = (tools: readonly ToolContract[]) => tools.map((tool) => tool.name).join("\n");
  const kept = (tools: readonly ToolContract[]) =>
    tools.filter((tool) => was.has(tool.name) && is.has(tool.name));
  if (order(kept(before)) !== order(kept(after))) {
    changes.push(toolChange("", "cosmetic", "listing order changed"));
  }
  return { changes, bytesChanged: written(before) !== written(after) };
}

function toolChanges(before: ToolContract, after: ToolContract): ListingChange[] {
  const { name } = before;
  const changes: ListingChange[] = [];
  for (const part of ["description", "title", "annotations", "examples"] as const) {
    if (written(before[part]) !== written(after[part])) {
      changes.push(toolChange(name, "cosmetic", `${part} changed`));
    }
  }
  const within = (part: "parameters" | "returns", side: "input" | "output") => {
    const was = before[part];
    const is = after[part];
    if (was === undefined && is === undefined) return;
    if (was === undefined || is === undefined) {
      // A result schema that appears is a promise made; one that goes is a promise broken.
      const change = is === undefined ? "breaking" : "compatible";
      changes.push({
        tool: name,
        part,
        path: "$",
        change,
        what: `${part} ${is === undefined ? "removed" : "added"}`,
      });
      return;
    }
    if (written(was) === written(is)) return;
    for (const change of schemaChanges(was, is, side))
      changes.push({ ...change, tool: name, part });
  };
  within("parameters", "input");
  within("returns", "output");
  return changes;
}

function toolChange(tool: string, change: SchemaChange["change"], what: string): ListingChange {
  return { tool, part: "tool", path: "$", change, what };
}
