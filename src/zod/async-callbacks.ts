/**
 * Whether a schema must be parsed asynchronously: a callback declared `async`, a
 * promise schema, or a check whose callback Zod hides, anywhere in its graph.
 *
 * @module
 */
import type { AnySchema } from "./schema";

const AsyncFunction = (async () => {}).constructor;

/**
 * True when the schema graph holds a callback declared `async` or a promise schema.
 * Walks every schema reachable through a definition (both majors keep children in
 * plain definition fields), with an explicit stack so deep schemas cannot overflow.
 */
export function hasAsyncCallback(root: AnySchema): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    const def = definitionOf(node);
    if (def === undefined) continue;
    if (isPromiseSchema(def) || isOpaqueCheck(def)) return true;
    for (const value of fieldsOf(def)) {
      if (value instanceof AsyncFunction) return true;
      pushChildren(stack, value);
    }
  }
  return false;
}

function definitionOf(node: object): Record<string, unknown> | undefined {
  const zod = (node as { _zod?: { def?: unknown } })._zod;
  const def = zod ? zod.def : (node as { _def?: unknown })._def;
  return typeof def === "object" && def !== null ? (def as Record<string, unknown>) : undefined;
}

function isPromiseSchema(def: Record<string, unknown>): boolean {
  return def.type === "promise" || def.typeName === "ZodPromise";
}

/**
 * A check whose callback sits in a closure, so whether it is `async` cannot be seen:
 * Zod 3's `.refine` wraps its callback, Zod 4's `.superRefine` and `.check` keep
 * theirs outside the definition. A synchronous attempt would run the schema's
 * transforms, meet the promise and start over, running them twice; such a schema is
 * therefore parsed asynchronously from its first call.
 */
function isOpaqueCheck(def: Record<string, unknown>): boolean {
  if (def.typeName === "ZodEffects") {
    return (def.effect as { type?: unknown } | undefined)?.type === "refinement";
  }
  return def.check === "custom" && typeof def.fn !== "function";
}

function* fieldsOf(def: Record<string, unknown>): Iterable<unknown> {
  for (const key of Object.keys(def)) {
    const value = safeRead(def, key);
    // Zod 3 keeps an object's shape and a lazy's target behind functions.
    if ((key === "shape" || key === "getter") && typeof value === "function") {
      yield safeCall(value as () => unknown);
    }
    // A refinement or transform callback sits one level down, in an effect or a check.
    if (key === "effect" && typeof value === "object" && value !== null) {
      yield* Object.values(value);
    }
    yield value;
  }
}

function pushChildren(stack: unknown[], value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) stack.push(item);
  } else if (value instanceof Map) {
    for (const item of value.values()) stack.push(item);
  } else if (typeof value === "object" && value !== null) {
    if (definitionOf(value)) stack.push(value);
    else for (const key of Object.keys(value)) stack.push(safeRead(value, key));
  }
}

function safeRead(target: object, key: string): unknown {
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function safeCall(fn: () => unknown): unknown {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
