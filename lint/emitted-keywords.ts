/**
 * The validation keywords a node's projection carries beyond its type and structure, read from
 * the neutral shape: what a dialect that lists supported keywords checks against.
 */
import type { SchemaNode } from "./node.js";

/** Keywords a single node emits, as both converters write them for JSON Schema targets. */
export function emittedKeywords(node: SchemaNode): string[] {
  const keywords: string[] = [];
  if (node.kind === "default") keywords.push("default");
  if (node.kind === "literal" && node.enumValues?.length === 1) keywords.push("const");
  if (node.pattern) keywords.push("pattern");
  if (node.lengthBounded) keywords.push("minLength/maxLength");
  if (node.contentEncoding) keywords.push("contentEncoding");
  if (node.propertyNames) keywords.push("propertyNames");
  if (node.numeric?.exclusiveMinimum || node.numeric?.exclusiveMaximum)
    keywords.push("exclusiveMinimum/exclusiveMaximum");
  if (node.numeric?.multipleOf) keywords.push("multipleOf");
  return keywords;
}
