/**
 * Raw shapes: `parameters: { city: z.string() }`, the style of the MCP SDK and Mastra.
 * A raw shape stands for `z.object` of the same fields, built with the Zod major its
 * fields come from, once per shape object: with the root `zod`'s `object` when the
 * fields are its major, otherwise with the `object` of `zod/v4` (Zod 4 fields on a zod
 * 3.25 install) or `zod/v3` (Zod 3 fields on zod 4), loaded the first time one is met.
 *
 * @module
 */
import { object as rootObject } from "zod";
import { loadModule, notLoadedReason } from "./load";
import { rootIsZod4 } from "./root-zod";
import { type AnySchema, isRawShape, isZod4, type RawShape } from "./schema";

type ObjectBuilder = (shape: RawShape) => AnySchema;

const objects = new WeakMap<object, AnySchema>();

/**
 * The schema `parameters` stands for: a raw shape as `z.object` of its fields (the same
 * object each time for the same shape), anything else as it is, for the caller's own
 * checks to report. Throws a `TypeError` for a shape that mixes the two Zod majors,
 * which no one `z.object` can hold, and for one whose major the installed zod cannot
 * build an object of.
 */
export function parametersSchema(parameters: unknown): AnySchema {
  if (!isRawShape(parameters)) return parameters as AnySchema;
  let schema = objects.get(parameters);
  if (schema === undefined) {
    schema = objectOfShape(parameters);
    objects.set(parameters, schema);
  }
  return schema;
}

function objectOfShape(shape: RawShape): AnySchema {
  const fields = Object.entries(shape);
  const v4 = fields.filter(([, field]) => isZod4(field)).map(([key]) => key);
  if (v4.length === fields.length) return objectBuilder(4)(shape);
  if (v4.length === 0) return objectBuilder(3)(shape);
  const v3 = fields.filter(([, field]) => !isZod4(field)).map(([key]) => key);
  throw new TypeError(
    `a raw shape mixes Zod majors: ${v4.join(", ")} from zod 4 and ${v3.join(", ")} from zod/v3; build every field with one of them, or pass z.object({...})`,
  );
}

/** The `z.object` of Zod `major`: the root's when it is that major, else the loaded subpath's. */
function objectBuilder(major: 3 | 4): ObjectBuilder {
  if (rootIsZod4() === (major === 4)) return rootObject as unknown as ObjectBuilder;
  const specifier = major === 4 ? "zod/v4" : "zod/v3";
  const loaded = loadModule(specifier) as { object?: unknown } | undefined;
  if (typeof loaded?.object === "function") return loaded.object as ObjectBuilder;
  throw new TypeError(
    `a raw shape of Zod ${major} fields needs ${specifier} to build its z.object: ${notLoadedReason(specifier)}; pass z.object({...}) built with the zod your fields come from`,
  );
}
