/**
 * Projecting a tool's or play's schemas for a host: `parameters` on the input side with
 * an object root, `returns` on the output side, every failure named after the tool.
 *
 * @module
 */
import {
  type JsonSchema,
  type JsonSchemaOptions,
  type JsonSchemaTarget,
  toJsonSchema,
} from "../zod/json-schema";
import { parametersSchema } from "../zod/raw-shape";
import type { AnySchema, RawShape } from "../zod/schema";
import { messageOf } from "./describe";
import { type CallableKind, SchemaProjectionError } from "./errors";

/**
 * Projects a tool's `parameters` (a raw shape as the `z.object` it stands for), refusing
 * what a host cannot use: a root that is not `type: "object"` (a bare `{}` among them,
 * which some converters emit silently).
 */
export function projectParameters(
  tool: string,
  schema: AnySchema | RawShape,
  target: JsonSchemaTarget = "draft-07",
  kind: CallableKind = "tool",
): JsonSchema {
  const projected = project(tool, kind, "parameters", schema, target);
  if (projected.type !== "object") {
    const found =
      Object.keys(projected).length === 0 ? "an empty schema {}" : JSON.stringify(projected);
    throw new SchemaProjectionError(
      tool,
      `parameters must project to a JSON Schema with type "object" at the root, but projected to ${found}; declare parameters as z.object({...})`,
      undefined,
      kind,
    );
  }
  return projected;
}

/**
 * Projects a tool's `returns` on its output side. Returns describe, they do not
 * constrain the model, so a part JSON Schema cannot carry (the spec's own
 * `z.date().transform((d) => d.toISOString())`, say) becomes `{}` instead of making
 * the whole tool list unprojectable; `lintModelFacingSchema`'s `unrepresentable` rule
 * reports it.
 */
export function projectReturns(
  tool: string,
  schema: AnySchema,
  target: JsonSchemaTarget = "draft-07",
  kind: CallableKind = "tool",
): JsonSchema {
  return project(tool, kind, "returns", schema, target);
}

function project(
  tool: string,
  kind: CallableKind,
  role: "parameters" | "returns",
  schema: AnySchema | RawShape, // a raw shape only as parameters
  target: JsonSchemaTarget,
): JsonSchema {
  const options: JsonSchemaOptions =
    role === "parameters"
      ? { target, side: "input", unrepresentable: "throw" }
      : { target, side: "output", unrepresentable: "any" };
  try {
    return toJsonSchema(parametersSchema(schema), options);
  } catch (error) {
    const message = `${role} cannot be projected to JSON Schema: ${messageOf(error)}`;
    throw new SchemaProjectionError(tool, message, { cause: error }, kind);
  }
}
