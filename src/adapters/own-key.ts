/**
 * Writing a key of a JSON Schema copy. A key named `__proto__` is data in JSON Schema:
 * defined, never assigned, so that it stays a property instead of replacing the copy's
 * prototype. Shared by the strict conversions of both strict adapters.
 *
 * @module
 */

/** Sets `key` of `target` to `value` as an own, enumerable data property. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
