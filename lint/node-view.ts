/**
 * Reads a schema of either major into the neutral shape: `zodMajor` tells the major apart, and
 * `viewSchema` hands the schema to its reader (`view-zod3.ts`, `view-zod4.ts`). Nothing else in
 * the linter knows there are two majors.
 */
import { baseNode, type ChildEdge, type SchemaNode } from "./node.js";
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
  if (major === undefined) return isRawShape(value) ? viewRawShape(value) : undefined;
  try {
    return major === 4 ? viewZod4(value as object) : viewZod3(value as object);
  } catch {
    return undefined;
  }
}

/**
 * True for a raw shape, `{ city: z.string() }`: a plain object each of whose own fields is a
 * schema. toolwright takes one as `parameters` and wraps it in `z.object` of its fields' major.
 */
export function isRawShape(value: unknown): value is Readonly<Record<string, object>> {
  if (typeof value !== "object" || value === null || zodMajor(value) !== undefined) return false;
  try {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(value).every((field) => zodMajor(field) !== undefined);
  } catch {
    return false;
  }
}

// The object node `z.object` of the shape would be: a closed object of the fields' major.
function viewRawShape(shape: Readonly<Record<string, object>>): SchemaNode {
  const fields = Object.entries(shape);
  const major = fields.length > 0 && fields.every(([, field]) => zodMajor(field) === 3) ? 3 : 4;
  const children: ChildEdge[] = fields.map(([key, schema]) => ({ edge: "property", key, schema }));
  return baseNode(shape, major, "object", "raw shape", undefined, { children });
}
