/**
 * Reads a schema of either major into the neutral shape: `zodMajor` tells the major apart, and
 * `viewSchema` hands the schema to its reader (`view-zod3.ts`, `view-zod4.ts`). Nothing else in
 * the linter knows there are two majors.
 */
import type { SchemaNode } from "./node.js";
import { viewZod3 } from "./view-zod3.js";
import { viewZod4 } from "./view-zod4.js";

/** Which Zod major `value` is, structurally: Zod 4 carries `_zod`, Zod 3 `_def` without `_zod`. */
export function zodMajor(value: unknown): 3 | 4 | undefined {
  if ((typeof value !== "object" && typeof value !== "function") || value === null)
    return undefined;
  try {
    if ("_zod" in value && typeof value._zod === "object" && value._zod !== null) return 4;
    if ("_def" in value && typeof value._def === "object" && value._def !== null) return 3;
  } catch {
    // A proxy or getter that throws on `in` is not a schema we can read.
  }
  return undefined;
}

/**
 * Reads one schema into the neutral shape. Returns `undefined` for a non-schema and for a schema
 * whose own definition throws when read: the walker skips it and reports nothing about it.
 */
export function viewSchema(value: unknown): SchemaNode | undefined {
  const major = zodMajor(value);
  if (major === undefined) return undefined;
  try {
    return major === 4 ? viewZod4(value as object) : viewZod3(value as object);
  } catch {
    return undefined;
  }
}
