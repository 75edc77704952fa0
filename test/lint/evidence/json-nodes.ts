/**
 * Walking a projected JSON Schema: every subschema with its JSON pointer, and the unit (root
 * property) each one belongs to, following `$ref`s into definitions.
 */
import { pointerOf, ROOT, segmentsOf } from "./problems.js";

/** A JSON Schema object. */
export type Json = Record<string, unknown>;

/** One subschema and where it sits. */
export interface JsonNode {
  readonly node: Json;
  readonly segments: readonly string[];
}

const MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const LISTS = ["anyOf", "allOf", "oneOf", "prefixItems"];
const SINGLES = [
  "items",
  "additionalItems",
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
];

export const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every subschema of `root`, pre-order, the root first. */
export function jsonNodes(root: Json): JsonNode[] {
  const found: JsonNode[] = [];
  const visit = (node: unknown, segments: string[]) => {
    if (!isJson(node)) return;
    found.push({ node, segments });
    for (const key of MAPS) {
      const map = node[key];
      if (isJson(map))
        for (const [name, child] of Object.entries(map)) visit(child, [...segments, key, name]);
    }
    for (const key of [...LISTS, "items"]) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      for (const [i, child] of list.entries()) visit(child, [...segments, key, String(i)]);
    }
    for (const key of SINGLES) if (isJson(node[key])) visit(node[key], [...segments, key]);
  };
  visit(root, []);
  return found;
}

/** The node at a local pointer, or `undefined`. */
export function resolve(root: Json, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  return segmentsOf(ref).reduce<unknown>(
    (node, key) => (isJson(node) || Array.isArray(node) ? (node as Json)[key] : undefined),
    root,
  );
}

/**
 * The units a subschema belongs to: its root property, or, inside a definition, every root
 * property that reaches that definition through `$ref`s.
 */
export function unitsOf(root: Json, segments: readonly string[]): string[] {
  if (segments[0] === "properties" && segments[1] !== undefined) return [segments[1]];
  if ((segments[0] === "$defs" || segments[0] === "definitions") && segments[1] !== undefined) {
    const target = pointerOf(segments.slice(0, 2));
    return reachingUnits(root, target);
  }
  return [ROOT];
}

function reachingUnits(root: Json, target: string): string[] {
  const units = new Set<string>();
  const properties = isJson(root.properties) ? root.properties : {};
  for (const [key, property] of Object.entries(properties)) {
    if (reaches(root, property, target, new Set())) units.add(key);
  }
  return units.size > 0 ? [...units] : [ROOT];
}

function reaches(root: Json, schema: unknown, target: string, seen: Set<string>): boolean {
  if (!isJson(schema)) return false;
  for (const { node } of jsonNodes(schema)) {
    const ref = node.$ref;
    if (typeof ref !== "string") continue;
    if (ref === target || ref.startsWith(`${target}/`)) return true;
    if (seen.has(ref)) continue;
    seen.add(ref);
    if (reaches(root, resolve(root, ref), target, seen)) return true;
  }
  return false;
}

const DEFINITIONS = ["$defs", "definitions"];

/**
 * Every subschema of `root` a value can be validated against: {@link jsonNodes} without the
 * root definitions (`$defs`, `definitions`) that no `$ref` reaches, from outside the
 * definitions or from a definition reached in turn. Nothing is validated against those.
 */
export function reachableNodes(root: Json): JsonNode[] {
  const all = jsonNodes(root);
  const definitionOf = (segments: readonly string[]) =>
    segments.length >= 2 && DEFINITIONS.includes(segments[0] as string)
      ? pointerOf(segments.slice(0, 2))
      : undefined;
  const reached = new Set<string>();
  let frontier = all.filter(({ segments }) => definitionOf(segments) === undefined);
  while (frontier.length > 0) {
    const refs = frontier.flatMap(({ node }) => (typeof node.$ref === "string" ? [node.$ref] : []));
    const found = new Set<string>();
    for (const ref of refs) {
      const target = definitionOf(segmentsOf(ref));
      if (target !== undefined && !reached.has(target)) found.add(target);
    }
    for (const target of found) reached.add(target);
    frontier = all.filter(({ segments }) => found.has(definitionOf(segments) ?? ""));
  }
  return all.filter(({ segments }) => {
    const definition = definitionOf(segments);
    return definition === undefined || reached.has(definition);
  });
}
