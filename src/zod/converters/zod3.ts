/**
 * A Zod 3 schema to JSON Schema with zod-to-json-schema, an optional peer dependency.
 * It has no 2020-12 target: 2019-09 is the closest it emits, and the caller rewrites it.
 *
 * @module
 */
import type { JsonSchemaTarget } from "../json-schema";
import type { AnySchema } from "../schema";
import { inlineReuse } from "./inline-reuse";

/** What toolwright uses of zod-to-json-schema (3.23 and later), read structurally. */
export interface Zod3Converter {
  zodToJsonSchema(schema: unknown, options: object): unknown;
}

const zod3Targets = {
  "draft-2020-12": "jsonSchema2019-09",
  "draft-07": "jsonSchema7",
  "openapi-3.0": "openApi3",
} as const satisfies Record<JsonSchemaTarget, string>;

/**
 * zod-to-json-schema's output for `target`, before any dialect rewrite, with reuse that is
 * not recursion written out in place (`./inline-reuse.ts`): only recursion stays a `$ref`.
 */
export function zod3JsonSchema(
  converter: Zod3Converter,
  schema: AnySchema,
  target: JsonSchemaTarget,
): Record<string, unknown> {
  const emitted = converter.zodToJsonSchema(schema, {
    target: zod3Targets[target],
    $refStrategy: "root",
    effectStrategy: "input",
  }) as Record<string, unknown>;
  return inlineReuse(emitted);
}
