/**
 * The transparent layers of one path position: a property's `.optional()`, `.nullable()`,
 * `.default()`, `.describe()`d wrappers and so on, down to the schemas that give it a type.
 * Property-level rules (optionality, descriptions) and root-level rules read this.
 */
import { type SchemaNode, TRANSPARENT_KINDS } from "./node.js";
import { viewSchema } from "./node-view.js";

/** Every node at one path position, outermost first. */
export interface Layers {
  /** The transparent wrappers (optional, nullable, default, wrapper, pipe, lazy). */
  readonly wrappers: readonly SchemaNode[];
  /** The non-transparent schemas under them (two for a pipe whose sides are both schemas). */
  readonly terminals: readonly SchemaNode[];
}

/** The walker's own depth bound: a wrapper chain is read at most as far as the walker goes. */
const MAX_LAYERS = 100_000;

/** Collects the layers under `top`, cycle-safe (a lazy that returns itself ends the chain). */
export function layersOf(top: SchemaNode): Layers {
  const wrappers: SchemaNode[] = [];
  const terminals: SchemaNode[] = [];
  const seen = new Set<object>();
  const queue: SchemaNode[] = [top];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next.schema) || seen.size >= MAX_LAYERS) continue;
    seen.add(next.schema);
    if (!TRANSPARENT_KINDS.has(next.kind)) {
      terminals.push(next);
      continue;
    }
    wrappers.push(next);
    for (const child of next.children) {
      const viewed = viewSchema(child.schema);
      if (viewed !== undefined) queue.push(viewed);
    }
  }
  return { wrappers, terminals };
}

/** Whether any layer at this position carries a `.describe()` text. */
export function hasDescription(layers: Layers): boolean {
  return [...layers.wrappers, ...layers.terminals].some(
    (node) => node.description !== undefined && node.description.trim() !== "",
  );
}

/** Kinds that accept `null` themselves: z.null(), and z.any()/z.unknown(), which accept anything. */
const NULL_ACCEPTING = new Set(["null", "any"]);

/** Whether null is accepted here: a `.nullable()` layer, z.any(), or a union with a `z.null()` member. */
export function acceptsNull(layers: Layers): boolean {
  if (layers.wrappers.some((node) => node.kind === "nullable")) return true;
  return layers.terminals.some(
    (node) =>
      NULL_ACCEPTING.has(node.kind) ||
      (node.kind === "union" &&
        node.children.some((child) => NULL_ACCEPTING.has(viewSchema(child.schema)?.kind ?? ""))),
  );
}

/**
 * Zod 4 folds an intersection of plain objects into one object (`foldIntersection` in
 * to-json-schema): such members carry only type/properties/required/additionalProperties.
 */
export function foldsToObject(root: SchemaNode): boolean {
  // An explicit stack: intersections nested thousands deep must not overflow the call stack.
  const stack: SchemaNode[] = [root];
  const seen = new Set<object>();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.description !== undefined) return false;
    if (node.kind === "object") continue;
    if (node.kind !== "intersection" || seen.has(node.schema)) return false;
    seen.add(node.schema);
    for (const child of node.children) {
      const member = viewSchema(child.schema);
      if (member === undefined) return false;
      stack.push(member);
    }
  }
  return true;
}

/**
 * Whether the converter emits this property as a union: a union member schema (`anyOf`/`oneOf`,
 * or a type array for primitives) or a `.nullable()` layer (`anyOf` with null, or a type array).
 */
export function isUnionTyped(layers: Layers): boolean {
  return (
    layers.wrappers.some((layer) => layer.kind === "nullable") ||
    layers.terminals.some((layer) => layer.kind === "union")
  );
}

/** Whether the input projection leaves this property out of `required`: `.optional()` or `.default()`. */
export function isOptionalInput(layers: Layers): boolean {
  return layers.wrappers.some((layer) => layer.kind === "optional" || layer.kind === "default");
}
