/**
 * How strict mode carries an optional property: it must be listed in `required`, so it
 * accepts `null` instead, in the smallest form the strict path takes.
 *
 * @module
 */

/**
 * Whether `schema` already accepts `null` (a `null` type, `nullable`, a `null` in its
 * enum, or an `anyOf` option that does), so an optional property needs nothing added.
 */
export function acceptsNull(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const node = schema as Record<string, unknown>;
  if (node.type === "null" || node.nullable === true) return true;
  if (Array.isArray(node.type) && node.type.includes("null")) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some(acceptsNull);
}

const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

/**
 * Adds `null` to a converted schema: a plain primitive type becomes `[type, "null"]`,
 * a bare `anyOf` gains a `null` option, anything else is wrapped in an `anyOf` with
 * `null` (keeping its description outside, where the model reads it).
 *
 * @example
 * ```ts
 * nullable({ type: "string" }); // { type: ["string", "null"] }
 * nullable({ $ref: "#/definitions/Node" }); // { anyOf: [{ $ref: "#/definitions/Node" }, { type: "null" }] }
 * ```
 */
export function nullable(schema: unknown): unknown {
  const node = schema as Record<string, unknown>;
  const plain = node.$ref === undefined && node.enum === undefined && node.const === undefined;
  if (typeof node.type === "string" && PRIMITIVES.has(node.type) && plain) {
    return { ...node, type: [node.type, "null"] };
  }
  if (
    Array.isArray(node.anyOf) &&
    Object.keys(node).every((key) => key === "anyOf" || key === "description")
  ) {
    return { ...node, anyOf: [...node.anyOf, { type: "null" }] };
  }
  const { description, ...rest } = node;
  return {
    ...(description !== undefined && { description }),
    anyOf: [rest, { type: "null" }],
  };
}
