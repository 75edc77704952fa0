/**
 * Defensive structural reads shared by the two Zod readers. Schemas are user objects: any
 * property may be a getter that throws, so every read that can fail is contained here.
 */

/** `value[key]`, or `undefined` when `value` is not an object or the read throws. */
export function prop(value: unknown, key: string): unknown {
  if ((typeof value !== "object" && typeof value !== "function") || value === null)
    return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** `value[key]` when it is a string. */
export function stringProp(value: unknown, key: string): string | undefined {
  const found = prop(value, key);
  return typeof found === "string" ? found : undefined;
}

/** `value[key]` when it is a number. */
export function numberProp(value: unknown, key: string): number | undefined {
  const found = prop(value, key);
  return typeof found === "number" ? found : undefined;
}

/** `value[key]` when it is an array; otherwise an empty list. */
export function arrayProp(value: unknown, key: string): readonly unknown[] {
  const found = prop(value, key);
  return Array.isArray(found) ? found : [];
}

/**
 * The own enumerable string keys of a shape object and their values. A property whose getter
 * throws is left out, so one bad field skips only itself.
 */
export function shapeEntries(shape: unknown): Array<[string, unknown]> {
  if (typeof shape !== "object" || shape === null) return [];
  const entries: Array<[string, unknown]> = [];
  for (const key of Object.keys(shape)) {
    try {
      entries.push([key, (shape as Record<string, unknown>)[key]]);
    } catch {
      // A throwing getter: skip this property only.
    }
  }
  return entries;
}

/** The values of an enum-like object, without TypeScript's numeric-enum reverse mappings. */
export function enumObjectValues(entries: unknown): unknown[] {
  if (typeof entries !== "object" || entries === null) return [];
  const record = entries as Record<string, unknown>;
  return Object.keys(record)
    .filter((key) => typeof record[record[key] as string] !== "number")
    .map((key) => record[key]);
}
