/**
 * The walker: an explicit stack (no recursion, so a 10,000-deep schema cannot overflow the call
 * stack), pre-order and deterministic, stopping on cycles by the set of schemas on the current
 * path. A schema reused at sibling paths is visited at each path; only a schema that is its own
 * ancestor is a cycle. Further roots (a JSON Schema's definitions that no `$ref` reaches) are
 * walked after the root, each only if the walk has not reached it yet, and only into what no
 * walk has visited, within the same limits.
 */
import type { ChildEdge, EdgeKind, SchemaNode } from "./node.js";
import { viewSchema } from "./node-view.js";
import { childPath } from "./path.js";
import type { LintSide } from "./types.js";

/** One node reached at one path. */
export interface Visit {
  readonly node: SchemaNode;
  readonly path: string;
  /** How this node hangs off its parent; `"inner"` for the inside of a transparent layer. */
  readonly edge: EdgeKind;
  /** The node this one hangs off; `undefined` for the root. */
  readonly parent: SchemaNode | undefined;
  /** Objects on the path including this one: the nesting level the provider counts. */
  readonly objectDepth: number;
  /** The path of the root this visit descends from: `$`, or a further root's. */
  readonly root: string;
}

/** A child that is one of its own ancestors: the walker does not descend again. */
export interface CycleVisit {
  /** Where the back-reference sits. */
  readonly path: string;
  /** Where the ancestor it refers back to sits. */
  readonly ancestorPath: string;
  readonly node: SchemaNode | undefined;
  /** The path of the root this back-reference descends from: `$`, or a further root's. */
  readonly root: string;
}

/**
 * A further root to walk after the first one, at its own path (`$defs.Name`), over the edge
 * `"definition"` (it is no document root).
 */
export interface WalkRoot {
  /** The schema as the walk identifies it: for a JSON Schema value, its entry handle. */
  readonly schema: object;
  readonly path: string;
}

/** Callbacks the walker drives. */
export interface WalkListener {
  node(visit: Visit): void;
  cycle(visit: CycleVisit): void;
}

/**
 * Bounds for pathological inputs that are not cycles by identity, such as a Zod 3 lazy getter
 * that builds a new lazy on every call, or a DAG that expands exponentially into paths. Past
 * them the walker stops descending, so it reports less, never something false.
 */
export const WALK_LIMITS = { maxDepth: 100_000, maxVisits: 2_000_000 } as const;

interface Frame {
  readonly schema: unknown;
  readonly root: string;
  /** Whether the frame descends from a further root. */
  readonly further: boolean;
  readonly path: string;
  readonly edge: EdgeKind;
  readonly parent: SchemaNode | undefined;
  readonly objectDepth: number;
  readonly depth: number;
}

/**
 * The children a walk descends into: a Zod 4 pipe shows one side in a projection (its input
 * for parameters, its output for returns), and with a `side` only that one is walked. A side
 * that is only a transform function has no schema, so the other one stands in.
 */
function childrenOf(node: SchemaNode, side: LintSide | undefined): readonly ChildEdge[] {
  if (side === undefined || node.kind !== "pipe" || node.major !== 4) return node.children;
  const shown = node.children.filter((child) => child.key === (side === "input" ? "in" : "out"));
  return shown.length > 0 ? shown : node.children;
}

/**
 * Walks `root`, calling `listener` for every node and every back-reference; with `side`, only
 * the side of each Zod 4 pipe that the projection shows. Then each of `more`, in order, that
 * no walk so far has visited, from its own path (one that was visited has been checked where
 * it is used), descending into no schema visited before: each is checked once. Every root
 * shares one visit budget.
 */
export function walkSchema(
  root: object,
  listener: WalkListener,
  side?: LintSide,
  more: readonly WalkRoot[] = [],
): void {
  const stack: Frame[] = [rootFrame(root, "$", "root")];
  // The schemas on the current path, by depth; popping a frame at depth d ends every deeper one.
  const pathSchemas: object[] = [];
  const onPath = new Map<object, string>();
  // Every schema visited (by the identity its view reads), kept only when there are further
  // roots to tell reached or not.
  const reached = more.length > 0 ? new Set<object>() : undefined;
  let next = 0;
  let visits = 0;
  while (visits < WALK_LIMITS.maxVisits) {
    if (stack.length === 0) {
      const further = nextUnreached(more, next, reached);
      if (further === undefined) break;
      next = further.index + 1;
      stack.push(rootFrame(further.root.schema, further.root.path, "definition"));
      continue;
    }
    const frame = stack.pop() as Frame;
    while (pathSchemas.length > frame.depth) onPath.delete(pathSchemas.pop() as object);
    const { schema } = frame;
    if (typeof schema !== "object" || schema === null) continue;
    const node = viewSchema(schema);
    if (node === undefined) continue;
    // The node's identity, not the value's: a JSON Schema root is read through its handle,
    // the one a `$ref: "#"` back to it lands on.
    const identity = node.schema;
    const ancestorPath = onPath.get(identity);
    if (ancestorPath !== undefined) {
      listener.cycle({ path: frame.path, ancestorPath, node, root: frame.root });
      continue;
    }
    // Under a further root, a schema visited before was checked where it was: not again, so
    // that definitions referring to one another are walked once each, not once per chain.
    if (frame.further && reached?.has(identity)) continue;
    visits++;
    reached?.add(identity);
    const objectDepth = frame.objectDepth + (node.kind === "object" ? 1 : 0);
    listener.node({
      node,
      path: frame.path,
      edge: frame.edge,
      parent: frame.parent,
      objectDepth,
      root: frame.root,
    });
    if (frame.depth >= WALK_LIMITS.maxDepth) continue;
    onPath.set(identity, frame.path);
    pathSchemas.push(identity);
    // Pushed in reverse so children pop, and findings come out, in declaration order.
    const children = childrenOf(node, side);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child === undefined) continue;
      stack.push({
        schema: child.schema,
        root: frame.root,
        further: frame.further,
        path: childPath(frame.path, child.edge, child.key),
        edge: child.edge,
        parent: node,
        objectDepth,
        depth: frame.depth + 1,
      });
    }
  }
}

function rootFrame(schema: unknown, path: string, edge: EdgeKind): Frame {
  const further = edge !== "root";
  return { schema, root: path, further, path, edge, parent: undefined, objectDepth: 0, depth: 0 };
}

/** The first of `more` from `from` on whose schema the walk has not visited. */
function nextUnreached(
  more: readonly WalkRoot[],
  from: number,
  reached: ReadonlySet<object> | undefined,
): { root: WalkRoot; index: number } | undefined {
  for (let index = from; index < more.length; index++) {
    const root = more[index] as WalkRoot;
    if (!reached?.has(root.schema)) return { root, index };
  }
  return undefined;
}
