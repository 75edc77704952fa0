/**
 * Keyword lists, as plain data: what reads them (the JSON Schema view, the rules, the Gemini
 * adapter) builds its own lookup from them.
 */

/** Keywords that mark a plain object as a JSON Schema (see `JSON_SCHEMA_KEYWORDS`). */
export const JSON_SCHEMA_KEYWORD_NAMES: readonly string[] = Object.freeze([
  "$schema",
  "$id",
  "$ref",
  "$defs",
  "definitions",
  "type",
  "enum",
  "const",
  "properties",
  "patternProperties",
  "additionalProperties",
  "propertyNames",
  "required",
  "items",
  "prefixItems",
  "additionalItems",
  "minItems",
  "maxItems",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "contentEncoding",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "nullable",
  "default",
  "description",
  "title",
]);

/**
 * The fields of `@google/genai`'s legacy `Schema` (its `Schema` type), which Gemini's legacy
 * `parameters` and `response` fields take; the API refuses a request naming any other.
 */
export const GEMINI_SCHEMA_FIELDS: readonly string[] = Object.freeze([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "minItems",
  "maxItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
