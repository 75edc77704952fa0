/**
 * The one cache of strict forms, for both strict adapters: made once per schema and tool
 * name, and read as a fresh copy of its schema every time, so that no caller can change
 * what another is sent.
 *
 * @module
 */
import type { JsonSchema } from "../zod/json-schema";

/** A cache of strict forms whose `field` holds the lowered schema. */
export function strictCache<T extends object>(
  field: keyof T & string,
): (schema: object, tool: string, make: () => T) => T {
  const cache = new WeakMap<object, Map<string, T>>();
  return (schema, tool, make) => {
    let byName = cache.get(schema);
    let strict = byName?.get(tool);
    if (strict === undefined) {
      strict = make();
      if (byName === undefined) {
        byName = new Map();
        cache.set(schema, byName);
      }
      byName.set(tool, strict);
    }
    return { ...strict, [field]: structuredClone(strict[field] as JsonSchema) };
  };
}
