/**
 * Raw shapes: `parameters: { city: z.string() }`, the style of the MCP SDK and Mastra.
 * A raw shape stands for `z.object` of the same fields, built with the Zod major its
 * fields come from, once per shape object.
 *
 * @module
 */
import { object as objectV3 } from "zod/v3";
import { object as objectV4 } from "zod/v4";
import { type AnySchema, isRawShape, isZod4, type RawShape } from "./schema";

const objects = new WeakMap<object, AnySchema>();

/**
 * The schema `parameters` stands for: a raw shape as `z.object` of its fields (the same
 * object each time for the same shape), anything else as it is, for the caller's own
 * checks to report. Throws a `TypeError` for a shape that mixes the two Zod majors,
 * which no one `z.object` can hold.
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
  if (v4.length === fields.length) return objectV4(shape as never) as AnySchema;
  if (v4.length === 0) return objectV3(shape as never) as unknown as AnySchema;
  const v3 = fields.filter(([, field]) => !isZod4(field)).map(([key]) => key);
  throw new TypeError(
    `a raw shape mixes Zod majors: ${v4.join(", ")} from zod 4 and ${v3.join(", ")} from zod/v3; build every field with one of them, or pass z.object({...})`,
  );
}
