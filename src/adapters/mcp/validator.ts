/**
 * The JSON Schema validator the SDK's `Server` checks elicitation answers with, built
 * once per prepared server rather than once per `Server` (the SDK's default builds an
 * Ajv instance in each constructor: over stateless HTTP, one per request).
 *
 * @module
 */
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

/** How many distinct schemas one validator holds compiled before it starts afresh. */
const DEFAULT_LIMIT = 256;

/**
 * The SDK's Ajv validator, shared, with its compilations keyed by the schema's JSON: an
 * approval form is a new object on every call, and Ajv caches a compilation per schema
 * object for its lifetime, so a shared Ajv would otherwise grow with every call. Past
 * `limit` distinct schemas it starts again with a new Ajv (the old one, and all it
 * compiled, is then garbage).
 */
export function sharedValidator(limit = DEFAULT_LIMIT): jsonSchemaValidator {
  let ajv = new AjvJsonSchemaValidator();
  let compiled = new Map<string, JsonSchemaValidator<unknown>>();
  return {
    getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
      const key = JSON.stringify(schema);
      let validator = compiled.get(key);
      if (validator === undefined) {
        if (compiled.size >= limit) {
          ajv = new AjvJsonSchemaValidator();
          compiled = new Map();
        }
        validator = ajv.getValidator<unknown>(schema);
        compiled.set(key, validator);
      }
      return validator as JsonSchemaValidator<T>;
    },
  };
}
