/**
 * A Zod object as an MCP elicitation form: the `requestedSchema` MCP defines, flat
 * fields of five kinds (string, number or integer, boolean, single-select and
 * multi-select enums), each holding only the keywords its kind allows, since the SDK's
 * client checks a request against exactly these shapes before its handler sees it. Zod's
 * JSON Schema for a union of titled literals (`anyOf` of `const`s) becomes the titled
 * enum MCP names (`oneOf`, or `items.anyOf` for a multi-select). Anything else a form
 * cannot carry is a `TypeError` naming the field and the keyword.
 *
 * @module
 */
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { toJsonSchema } from "toolwright";
import { describeValue } from "../../core/describe";
import { type AnySchema, isSchema } from "../../zod/schema";

type FormSchema = ElicitRequestFormParams["requestedSchema"];
type Field = FormSchema["properties"][string];
type Json = { readonly [key: string]: unknown };

// What each kind of field carries beyond its type and its choices.
const COMMON = ["title", "description", "default"];
const KEEPS: Readonly<Record<string, readonly string[]>> = {
  string: [...COMMON, "minLength", "maxLength", "format"],
  number: [...COMMON, "minimum", "maximum"],
  integer: [...COMMON, "minimum", "maximum"],
  boolean: COMMON,
  enum: [...COMMON, "enumNames"],
  array: [...COMMON, "minItems", "maxItems"],
};
const FORMATS = new Set(["email", "uri", "date", "date-time"]);

/** The form for `schema`; throws a `TypeError` naming what a form cannot carry. */
export function formSchemaOf(schema: unknown): FormSchema {
  if (!isSchema(schema)) {
    throw new TypeError(
      `ctx.elicit: schema must be a Zod object, received ${describeValue(schema)}`,
    );
  }
  const json = toJsonSchema(schema as AnySchema, { target: "draft-2020-12", side: "input" });
  if (json.type !== "object" || typeof json.properties !== "object" || json.properties === null) {
    throw new TypeError("ctx.elicit: schema must be a Zod object of fields (z.object({ … }))");
  }
  const properties: Record<string, Field> = {};
  for (const [name, field] of Object.entries(json.properties as Record<string, Json>)) {
    properties[name] = fieldOf(name, field);
  }
  const required = Array.isArray(json.required) ? (json.required as string[]) : [];
  return { type: "object", properties, ...(required.length > 0 && { required }) };
}

function fieldOf(name: string, field: Json): Field {
  const choices = titledChoices(field.anyOf ?? field.oneOf);
  if (choices !== undefined) {
    return {
      ...kept(name, field, "enum", ["anyOf", "oneOf", "type"]),
      type: "string",
      oneOf: choices,
    } as Field;
  }
  if (field.type === "string" && field.enum !== undefined) {
    return {
      ...kept(name, field, "enum", ["enum"]),
      type: "string",
      enum: strings(name, field.enum),
    } as Field;
  }
  if (field.type === "array") return multiSelect(name, field);
  if (typeof field.type === "string" && field.type in KEEPS && field.type !== "enum") {
    if (field.format !== undefined && !FORMATS.has(String(field.format))) {
      throw cannot(
        name,
        `has format '${String(field.format)}'`,
        "a form takes email, uri, date and date-time",
      );
    }
    // A format says what its pattern checks (Zod emits both); the parse checks it again.
    const skip = field.format !== undefined ? ["pattern"] : [];
    return { ...kept(name, field, field.type, skip), type: field.type } as Field;
  }
  throw cannot(
    name,
    `is ${describeKind(field)}`,
    "a form takes strings, numbers, integers, booleans and enums",
  );
}

function multiSelect(name: string, field: Json): Field {
  const items = (field.items ?? {}) as Json;
  const choices = titledChoices(items.anyOf ?? items.oneOf);
  const rest = kept(name, field, "array", ["items", "type"]);
  if (choices !== undefined) return { ...rest, type: "array", items: { anyOf: choices } } as Field;
  if (items.type === "string" && items.enum !== undefined) {
    return {
      ...rest,
      type: "array",
      items: { type: "string", enum: strings(name, items.enum) },
    } as Field;
  }
  throw cannot(
    name,
    "is an array of anything but an enum",
    "a form's arrays are multi-select enums",
  );
}

/** `[{ const, title }]` when `options` are all string constants (the title defaults to the const). */
function titledChoices(options: unknown): { const: string; title: string }[] | undefined {
  if (!Array.isArray(options) || options.length === 0) return undefined;
  const choices = options.map((option: Json) =>
    typeof option?.const === "string"
      ? {
          const: option.const,
          title: typeof option.title === "string" ? option.title : option.const,
        }
      : undefined,
  );
  return choices.every((choice) => choice !== undefined) ? choices : undefined;
}

/** The keywords `kind` keeps; a keyword beyond them and `skip` throws. */
function kept(name: string, field: Json, kind: string, skip: readonly string[]): Json {
  const keeps = KEEPS[kind] ?? [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(field)) {
    if (keeps.includes(key)) out[key] = value;
    else if (key !== "type" && !skip.includes(key)) {
      throw cannot(name, `has '${key}'`, `a ${kind} field takes ${keeps.join(", ")}`);
    }
  }
  return out;
}

function strings(name: string, values: unknown): string[] {
  if (Array.isArray(values) && values.every((value) => typeof value === "string")) return values;
  throw cannot(
    name,
    "is an enum of values that are not all strings",
    "a form's enums are of strings",
  );
}

function describeKind(field: Json): string {
  if (field.anyOf !== undefined || field.oneOf !== undefined || Array.isArray(field.type)) {
    return "a union (or a nullable)";
  }
  if (typeof field.type !== "string") return "a schema without a type";
  return `${/^[aeiou]/.test(field.type) ? "an" : "a"} ${field.type}`;
}

function cannot(name: string, what: string, why: string): TypeError {
  return new TypeError(`ctx.elicit: field '${name}' ${what}, which a form cannot carry: ${why}`);
}
