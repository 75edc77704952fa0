/**
 * `instanceof` across copies of toolwright. A process may hold two copies of the
 * package (an ESM and a CJS one, or two installed versions); each defines its own
 * classes, so plain `instanceof` would say a `Toolbox` of one copy is not a `Toolbox`
 * of the other. A branded class gives its prototype a getter named `~toolwright.<Name>`,
 * the same in every copy, and answers `instanceof` by that mark, from a static
 * `[Symbol.hasInstance]` in its own body: class members, so a bundler still drops a class
 * nobody uses (a call such as `brand(Toolbox)` beside it would keep every class alive).
 *
 * @module
 */

const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];

/**
 * What the static `[Symbol.hasInstance]` of the branded class `name` answers when asked
 * by `self`: for that class itself (whose prototype holds the mark), whether `value`
 * carries the mark (from any copy of the package); for a subclass that is not branded
 * itself (a user's `class MeetingToolbox extends Toolbox`, which inherits the method),
 * the ordinary `instanceof`. The class is recognised by its mark, not by reference: a
 * class that names itself in its own body is renamed by esbuild (`class _Toolbox`).
 */
export function isInstance(self: unknown, value: unknown, name: string): boolean {
  const mark = `~toolwright.${name}`;
  const prototype = typeof self === "function" ? (self.prototype as object | undefined) : undefined;
  if (prototype === undefined || !Object.hasOwn(prototype, mark)) {
    return ordinaryHasInstance.call(self, value);
  }
  return isMarked(value, mark);
}

function isMarked(value: unknown, mark: string): boolean {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return (value as Record<string, unknown>)[mark] === true;
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
  const mark = `~toolwright.${name}`;
  for (let proto: object | null = instance; proto !== null; proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, method)) return !Object.hasOwn(proto, mark);
  }
  return false;
}
