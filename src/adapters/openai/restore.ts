/**
 * Undoing the strict conversion on the arguments a model sends: strict mode makes an
 * optional property required and nullable, so the model sends `null` where the tool's
 * own schema expects the key absent. The conversion leaves a plan per schema node; the
 * restorer walks a value along it and drops those nulls.
 *
 * @module
 */

/**
 * What the restorer does at one schema node, keyed in the plan map by the node's JSON
 * pointer (`#`, `#/properties/a`, `#/definitions/Node`).
 */
export type Plan =
  | {
      /** An object: drop a `null` for a key in `added`, recurse into `props`. */
      readonly kind: "object";
      /** The keys made nullable by the conversion (optional and not nullable before). */
      readonly added: ReadonlySet<string>;
      /** The plan of each declared property. */
      readonly props: ReadonlyMap<string, Plan>;
    }
  /** An array with one item schema (the items of a tuple are not restored). */
  | { readonly kind: "array"; readonly items: Plan }
  /** An `anyOf`: recurse into the one option the value fits, if exactly one does. */
  | { readonly kind: "union"; readonly options: readonly Plan[] }
  /** A `$ref`: the plan at `pointer`. */
  | { readonly kind: "ref"; readonly pointer: string }
  /** Nothing to undo. */
  | { readonly kind: "leaf" };

/** The plan of a node with nothing to undo, and of a node that has no plan. */
export const LEAF: Plan = { kind: "leaf" };

// Deeper values pass through as they are: a recursive schema must not recurse forever.
const MAX_DEPTH = 64;

/**
 * The restorer for a converted schema, from the root plan (`#`). It returns a new value;
 * anything not matching the schema's shape passes through unchanged.
 *
 * @example
 * ```ts
 * const restore = nullRestorer(plans);
 * restore({ query: "x", limit: null }); // { query: "x" } when limit was optional
 * ```
 */
export function nullRestorer(plans: ReadonlyMap<string, Plan>): (args: unknown) => unknown {
  const root = plans.get("#") ?? LEAF;
  return (args) => restore(args, root, plans, 0);
}

function restore(
  value: unknown,
  plan: Plan,
  plans: ReadonlyMap<string, Plan>,
  depth: number,
): unknown {
  if (depth > MAX_DEPTH) return value;
  switch (plan.kind) {
    case "leaf":
      return value;
    case "ref": {
      const target = plans.get(plan.pointer);
      return target === undefined ? value : restore(value, target, plans, depth + 1);
    }
    case "array":
      return Array.isArray(value)
        ? value.map((item) => restore(item, plan.items, plans, depth + 1))
        : value;
    case "union": {
      const fitting = plan.options.filter((option) => fits(value, option, plans));
      return fitting.length === 1 && fitting[0] !== undefined
        ? restore(value, fitting[0], plans, depth + 1)
        : value;
    }
    case "object":
      return restoreObject(value, plan, plans, depth);
    default:
      return plan satisfies never;
  }
}

function restoreObject(
  value: unknown,
  plan: Extract<Plan, { kind: "object" }>,
  plans: ReadonlyMap<string, Plan>,
  depth: number,
): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null && plan.added.has(key)) continue;
    const child = plan.props.get(key);
    // `defineProperty`: a `__proto__` key the model sent stays a key, never the prototype.
    Object.defineProperty(out, key, {
      value: child === undefined ? item : restore(item, child, plans, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

// Whether a union option is the one a value takes: only objects and arrays need
// restoring, and the value's own shape tells which of those it is.
function fits(value: unknown, plan: Plan, plans: ReadonlyMap<string, Plan>): boolean {
  const resolved = plan.kind === "ref" ? plans.get(plan.pointer) : plan;
  if (resolved === undefined) return false;
  if (resolved.kind === "object")
    return typeof value === "object" && value !== null && !Array.isArray(value);
  if (resolved.kind === "array") return Array.isArray(value);
  return false;
}
