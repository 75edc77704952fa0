/**
 * A plausible argument for a listed tool, built from its `inputSchema`: every property
 * present, each with its default, or its first enum value or const, or a value of its type
 * within its bounds. A listing comes with no examples, and the faithfulness check needs one
 * argument per tool, admitted by the listed schema, to see where a path's schema differs.
 */
import { isJson, type Json } from "./json-nodes.js";

/** A value `schema` admits, as a model would plausibly fill it in. */
export function sampleOf(schema: unknown, depth = 0): unknown {
  if (!isJson(schema) || depth > 8) return {};
  if ("default" in schema) return structuredClone(schema.default);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const first = [schema.anyOf, schema.oneOf].find(Array.isArray)?.[0];
  if (first !== undefined) return sampleOf(first, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const properties = isJson(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, sampleOf(value, depth + 1)]),
      );
    }
    case "array": {
      const count = typeof schema.minItems === "number" ? Math.max(schema.minItems, 1) : 1;
      return Array.from({ length: count }, () => sampleOf(schema.items, depth + 1));
    }
    case "string":
      return stringOf(schema);
    case "number":
    case "integer":
      return numberOf(schema);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return "example";
  }
}

const FORMATS: Readonly<Record<string, string>> = {
  uri: "https://example.com/notes.md",
  "date-time": "2026-01-05T09:30:00Z",
  date: "2026-01-05",
  email: "ada@example.com",
  uuid: "3f1c2a4e-8b7d-4c6e-9a0f-1b2c3d4e5f60",
};

function stringOf(schema: Json): string {
  const formatted = typeof schema.format === "string" ? FORMATS[schema.format] : undefined;
  if (formatted !== undefined) return formatted;
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  return "notes/example.md".padEnd(min, "x");
}

function numberOf(schema: Json): number {
  const min = typeof schema.minimum === "number" ? schema.minimum : undefined;
  const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
  if (min !== undefined && max !== undefined) return Math.floor((min + max) / 2);
  if (min !== undefined) return min + 1;
  if (max !== undefined) return Math.min(max - 1, 3);
  return 3;
}
