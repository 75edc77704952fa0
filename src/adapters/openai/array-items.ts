/**
 * Arrays without `items`: valid JSON Schema (any element), but OpenAI refuses a function
 * whose parameters hold one with a 400 "array schema missing items", strict or not. Zod 3's
 * converter emits one for `z.array(z.any())`; Zod 4 emits `items: {}` itself. The repair
 * adds `items: {}`, which admits the same values, and records each one for the ledger.
 *
 * @module
 */
import type { SchemaChange } from "toolwright/lint";
import { childPath } from "../../../lint/path";

type Json = Record<string, unknown>;

const MESSAGE =
  "an array without items sent with items: {} (OpenAI refuses an array schema missing items)";

/**
 * Adds `items: {}` to every array node of `schema` that has neither `items` nor
 * `prefixItems`, in place (pass a copy), and returns what it changed, with lint paths.
 */
export function repairArrayItems(schema: Json): SchemaChange[] {
  const changes: SchemaChange[] = [];
  visit(schema, "$", changes);
  return changes;
}

function visit(node: unknown, path: string, changes: SchemaChange[]): void {
  if (!isJson(node)) return;
  if (isArrayNode(node) && node.items === undefined && node.prefixItems === undefined) {
    node.items = {};
    changes.push({ path, kind: "rewritten", message: MESSAGE });
  }
  for (const [key, child] of Object.entries(jsonMap(node.properties))) {
    visit(child, childPath(path, "property", key), changes);
  }
  for (const keyword of ["$defs", "definitions"]) {
    for (const [name, def] of Object.entries(jsonMap(node[keyword]))) {
      visit(def, `${path}.${keyword}.${name}`, changes);
    }
  }
  visitItems(node, path, changes);
  visitList(node.anyOf, path, "union-member", changes);
  visitList(node.oneOf, path, "union-member", changes);
  visitList(node.allOf, path, "intersection-member", changes);
  visit(node.additionalProperties, childPath(path, "record-value", undefined), changes);
}

function visitItems(node: Json, path: string, changes: SchemaChange[]): void {
  if (Array.isArray(node.items)) visitList(node.items, path, "tuple-item", changes);
  else visit(node.items, childPath(path, "element", undefined), changes);
  visitList(node.prefixItems, path, "tuple-item", changes);
}

function visitList(
  list: unknown,
  path: string,
  edge: "union-member" | "intersection-member" | "tuple-item",
  changes: SchemaChange[],
): void {
  if (!Array.isArray(list)) return;
  list.forEach((child, i) => {
    visit(child, childPath(path, edge, i), changes);
  });
}

// A type array counts: OpenAI refuses `type: ["string", "array"]` without items too.
function isArrayNode(node: Json): boolean {
  const { type } = node;
  return type === "array" || (Array.isArray(type) && type.includes("array"));
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function jsonMap(value: unknown): Record<string, unknown> {
  return isJson(value) ? value : {};
}
