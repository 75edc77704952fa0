/**
 * The one cache of strict forms, for both strict adapters: made once per schema and tool
 * name, a refusal included (a schema that cannot be strict is linted once, not on every
 * call under `strict: "auto"`). A listing reads a fresh copy of the schema, so that no
 * caller can change what another is sent; decoding reads the shared form, copying nothing.
 *
 * @module
 */
import type { JsonSchema } from "../zod/json-schema";

/** A strict form made once, or the error that refused it. */
type Made<T> = { readonly value: T } | { readonly error: unknown };

/** Reads of one cache of strict forms whose `field` holds the lowered schema. */
export interface StrictCache<T> {
  /** The form, with its schema copied for a caller that may change it. */
  copy(schema: object, tool: string, make: () => T): T;
  /** The shared form itself, for reading only (its `restore`, say). */
  shared(schema: object, tool: string, make: () => T): T;
}

export function strictCache<T extends object>(field: keyof T & string): StrictCache<T> {
  const cache = new WeakMap<object, Map<string, Made<T>>>();
  const shared = (schema: object, tool: string, make: () => T): T => {
    let byName = cache.get(schema);
    if (byName === undefined) {
      byName = new Map();
      cache.set(schema, byName);
    }
    let made = byName.get(tool);
    if (made === undefined) {
      try {
        made = { value: make() };
      } catch (error) {
        made = { error };
      }
      byName.set(tool, made);
    }
    if ("error" in made) throw made.error;
    return made.value;
  };
  return {
    shared,
    copy: (schema, tool, make) => {
      const strict = shared(schema, tool, make);
      return { ...strict, [field]: structuredClone(strict[field] as JsonSchema) };
    },
  };
}
