/**
 * Reading a tool set structurally, without importing the runtime: a `toolSet` (anything with
 * `entries()`), a list of capabilities (anything with `getTools()`), or a list of
 * `{ name, parameters }` entries.
 */
import { describeValue } from "./describe-value.js";
import type { ToolSetLintEntry } from "./types.js";

/** The `{ name, parameters }` of every tool `tools` holds, in its order. */
export function entriesOf(tools: unknown): ToolSetLintEntry[] {
  // An array has an `entries()` too (index/value pairs): it is a list, never a tool set.
  const entries = Array.isArray(tools)
    ? tools
    : hasMethod(tools, "entries")
      ? [...(call(() => tools.entries()) as Iterable<unknown>)]
      : undefined;
  if (entries === undefined) throw invalid(tools);
  return entries.flatMap((item) =>
    hasMethod(item, "getTools") ? capabilityTools(item) : [entry(item)],
  );
}

function capabilityTools(capability: { getTools(): unknown }): ToolSetLintEntry[] {
  const offered = call(() => capability.getTools());
  if (!Array.isArray(offered)) throw invalid(capability);
  return offered.map((tool) =>
    entry({
      name: field(tool, "name"),
      parameters: field(field(tool, "definition"), "parameters"),
    }),
  );
}

function entry(item: unknown): ToolSetLintEntry {
  const name = field(item, "name");
  if (typeof name !== "string") throw invalid(item);
  return { name, parameters: field(item, "parameters") };
}

function hasMethod<K extends string>(value: unknown, key: K): value is Record<K, () => unknown> {
  return typeof field(value, key) === "function";
}

// Tool sets are user objects: a getter that throws reads as absent, like the schema reader's.
function field(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

// A method of the set that throws is the caller's bug: a TypeError that says where.
function call(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    const message = error instanceof Error ? error.message : describeValue(error);
    throw new TypeError(`lintToolSet: reading the tool set threw: ${message}`);
  }
}

function invalid(value: unknown): TypeError {
  return new TypeError(
    `lintToolSet: expected a toolSet, a list of capabilities, or a list of { name, parameters } entries, received ${describeValue(value)}`,
  );
}
