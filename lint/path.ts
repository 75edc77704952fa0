/**
 * Path segments. Paths are JSONPath-like and rooted at `$`; every form is listed in
 * `lint/README.md` ("Paths"). Transparent layers (optional, nullable, default, catch, readonly,
 * brand, refine/transform effects, pipe, lazy) add no segment.
 */
import type { EdgeKind } from "./node.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `.name` for identifier-like keys, `["any key"]` (a JSON string) for the rest. */
function propertySegment(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** The path of a child reached over `edge` (with `key`) from `parent`. */
export function childPath(
  parent: string,
  edge: EdgeKind,
  key: string | number | undefined,
): string {
  switch (edge) {
    case "root":
    case "definition":
    case "inner":
      return parent;
    case "property":
      return parent + propertySegment(String(key));
    case "catchall":
    case "record-value":
      return `${parent}.*`;
    case "element":
      return `${parent}[]`;
    case "tuple-item":
      return `${parent}[${String(key)}]`;
    case "tuple-rest":
      return `${parent}[${String(key)}:]`;
    case "union-member":
      return `${parent}|${String(key)}`;
    case "intersection-member":
      return `${parent}&${String(key)}`;
    default:
      return edge satisfies never;
  }
}

/**
 * The path of a root definition walked on its own (no `$ref` reaches it): rooted at its
 * keyword rather than `$`, `$defs.Name` or `definitions["odd name"]`, so it can be told from a
 * property named `$defs`.
 */
export function definitionPath(keyword: string, name: string): string {
  return keyword + propertySegment(name);
}

/** Whether `path` is `ancestor` or lies under it (`$.a` holds `$.a.b` and `$.a[]`, not `$.ab`). */
export function isWithin(path: string, ancestor: string): boolean {
  if (!path.startsWith(ancestor)) return false;
  const next = path.charAt(ancestor.length);
  return next === "" || ".[|&".includes(next);
}
