/**
 * The OpenAPI 3.0 Schema Object as a draft-07 meta-schema, for ajv: the fields of
 * OpenAPI 3.0.3 §4.7.24 with their types, `x-` extensions, and nothing else. A
 * Reference Object (`$ref`, siblings ignored) may stand wherever a schema may. One
 * allowance: Zod 4's `openapi-3.0` target keeps `$ref` targets under a `definitions`
 * field, so the meta-schema accepts that field as a map of schemas.
 */
const schemaOrRef = { anyOf: [{ $ref: "#/definitions/reference" }, { $ref: "#" }] };
const nonNegative = { type: "integer", minimum: 0 };

export const openApi30SchemaObject = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  additionalProperties: false,
  patternProperties: { "^x-": {} },
  properties: {
    title: { type: "string" },
    multipleOf: { type: "number", exclusiveMinimum: 0 },
    maximum: { type: "number" },
    exclusiveMaximum: { type: "boolean" },
    minimum: { type: "number" },
    exclusiveMinimum: { type: "boolean" },
    maxLength: nonNegative,
    minLength: nonNegative,
    pattern: { type: "string", format: "regex" },
    maxItems: nonNegative,
    minItems: nonNegative,
    uniqueItems: { type: "boolean" },
    maxProperties: nonNegative,
    minProperties: nonNegative,
    required: { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true },
    enum: { type: "array", minItems: 1 },
    type: { enum: ["array", "boolean", "integer", "number", "object", "string"] },
    not: schemaOrRef,
    allOf: { type: "array", items: schemaOrRef },
    oneOf: { type: "array", items: schemaOrRef },
    anyOf: { type: "array", items: schemaOrRef },
    items: schemaOrRef,
    properties: { type: "object", additionalProperties: schemaOrRef },
    additionalProperties: { anyOf: [schemaOrRef, { type: "boolean" }] },
    description: { type: "string" },
    format: { type: "string" },
    default: {},
    nullable: { type: "boolean" },
    discriminator: { type: "object", required: ["propertyName"] },
    readOnly: { type: "boolean" },
    writeOnly: { type: "boolean" },
    example: {},
    externalDocs: { type: "object", required: ["url"] },
    deprecated: { type: "boolean" },
    xml: { type: "object" },
    definitions: { type: "object", additionalProperties: schemaOrRef },
  },
  definitions: {
    reference: {
      type: "object",
      required: ["$ref"],
      properties: { $ref: { type: "string", format: "uri-reference" } },
    },
  },
} as const;
