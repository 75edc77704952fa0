/**
 * The one change toolwright makes to Zod 4's native 2020-12 output: a closed tuple says
 * its length with `maxItems`, never with `items: false`. The MCP SDK's client checks
 * structured content with a draft-07 validator, which ignores `prefixItems` and reads
 * `items: false` as "no elements at all", rejecting every valid tuple. Both drafts read
 * `maxItems` alike, and a 2020-12 validator still checks each position. (The converters'
 * 2020-12 rewrite does the same for the outputs it handles.)
 *
 * @module
 */

/** Keywords whose values are data, not subschemas: never rewritten. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples", "example"]);

/** Rewrites every closed tuple of `schema`, a converter's fresh output, in place. */
export function closeTuplesByLength(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) closeTuplesByLength(item);
    return;
  }
  if (typeof schema !== "object" || schema === null) return;
  const node = schema as Record<string, unknown>;
  if (node.items === false && Array.isArray(node.prefixItems)) {
    const length = node.prefixItems.length;
    if (typeof node.maxItems !== "number" || node.maxItems > length) node.maxItems = length;
    delete node.items;
  }
  for (const [key, value] of Object.entries(node)) {
    if (!DATA_KEYWORDS.has(key)) closeTuplesByLength(value);
  }
}
