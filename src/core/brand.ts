/**
 * `instanceof` across copies of toolwright. A process may hold two copies of the
 * package (an ESM and a CJS one, or two installed versions); each defines its own
 * classes, so plain `instanceof` would say a `Toolbox` of one copy is not a `Toolbox`
 * of the other. A branded class marks its prototype with a `Symbol.for` key, shared by
 * every copy, and answers `instanceof` by that mark.
 *
 * @module
 */

const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];

/**
 * Brands `target` under `name`: instances of it, or of a subclass, from any copy of the
 * package pass `instanceof target`. A subclass that is not branded itself (a user's
 * `class MeetingToolbox extends Toolbox`) keeps the ordinary `instanceof`.
 */
export function brand(target: abstract new (...args: never[]) => unknown, name: string): void {
  const mark = Symbol.for(`toolwright.${name}`);
  Object.defineProperty(target.prototype, mark, { value: true });
  Object.defineProperty(target, Symbol.hasInstance, {
    value(this: unknown, value: unknown): boolean {
      if (this !== target) return ordinaryHasInstance.call(this, value);
      return isMarked(value, mark);
    },
  });
}

function isMarked(value: unknown, mark: symbol): boolean {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return (value as Record<symbol, unknown>)[mark] === true;
  } catch {
    // A revoked proxy or a throwing trap is no instance of anything of ours.
    return false;
  }
}

/**
 * True when `instance` has its own `method` rather than the one the branded base class
 * `name` defines (in whichever copy of the package built it): a subclass override, or a
 * method set on the instance itself.
 */
export function overridesMethod(instance: object, method: string, name: string): boolean {
  const mark = Symbol.for(`toolwright.${name}`);
  for (let proto: object | null = instance; proto !== null; proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, method)) return !Object.hasOwn(proto, mark);
  }
  return false;
}
