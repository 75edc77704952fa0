/**
 * What Gemini's legacy `parameters` (and `response`) field is sent, and what the model loses
 * on the way. toolwright sends the OpenAPI 3.0 projection less the annotations the legacy
 * `Schema` has no field for (a Zod 4 `.meta({ examples, deprecated })` writes them, and the
 * API refuses a whole request that carries one); `@google/genai` then converts the rest to its
 * `Schema` (`processJsonSchema`, run on a `parameters` without `$schema`), skipping every
 * `additionalProperties`, `false` or a record's value schema. Both are recorded in the ledger.
 * A keyword that changes what the schema accepts (`allOf`, `$ref`, `not`, …) is sent as it is:
 * the `gemini` dialect's rules report it.
 *
 * @module
 */
import type { LoweringChange } from "toolwright/lint";
import {
  GEMINI_SCHEMA_FIELDS,
  JSON_SCHEMA_KEYWORD_NAMES,
} from "../../../lint/json-schema-keywords";
import { ledgerOf, type SchemaChange } from "../../../lint/lowering-ledger";
import { childPath } from "../../../lint/path";

type Json = Record<string, unknown>;

const CLOSED =
  "additionalProperties: false dropped by @google/genai, which the legacy parameters field cannot carry (the tool's schema still applies its own rule to unknown keys)";
const OPEN =
  "additionalProperties (the values of a record or open object) dropped by @google/genai, which the legacy parameters field cannot carry: the model sees an object without them";

const LEGACY_FIELDS: ReadonlySet<string> = new Set(GEMINI_SCHEMA_FIELDS);
const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(JSON_SCHEMA_KEYWORD_NAMES);

/** JSON Schema keywords that assert nothing about a value: left out like any annotation. */
const ASSERT_NOTHING: ReadonlySet<string> = new Set(["$schema", "$id", "contentEncoding"]);

/** Whether `key` is an annotation the legacy `Schema` has no field for (so it is left out). */
function isForeignAnnotation(key: string): boolean {
  if (LEGACY_FIELDS.has(key)) return false;
  return !JSON_SCHEMA_KEYWORDS.has(key) || ASSERT_NOTHING.has(key);
}

/** `tool`'s legacy `parameters`, and the ledger of what the model is not shown of them. */
export function legacyParameters(
  tool: string,
  parameters: unknown,
): { parameters: unknown; ledger: LoweringChange[] } {
  const changes: SchemaChange[] = [];
  const sent = lowered(parameters, "$", changes);
  return { parameters: sent, ledger: ledgerOf(tool, "gemini-parameters", changes) };
}

/** A legacy `response`: lowered as parameters are (the ledger speaks of parameters only). */
export function legacyResponse(returns: unknown): unknown {
  return lowered(returns, "$", []);
}

// A copy without the annotations the legacy Schema has no field for, through the
// schema-valued keywords the SDK's conversion keeps and recurses into.
function lowered(node: unknown, path: string, changes: SchemaChange[]): unknown {
  if (!isJson(node)) return structuredClone(node);
  if (node.additionalProperties !== undefined && node.additionalProperties !== null) {
    const message = node.additionalProperties === false ? CLOSED : OPEN;
    changes.push({ path, kind: "dropped", message });
  }
  const copy: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (isForeignAnnotation(key)) {
      changes.push({ path, kind: "dropped", message: annotationDropped(key) });
    } else if (key === "properties" && isJson(value)) {
      copy[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [
          name,
          lowered(child, childPath(path, "property", name), changes),
        ]),
      );
    } else if (key === "items") {
      copy[key] = lowered(value, childPath(path, "element", undefined), changes);
    } else if (key === "anyOf" && Array.isArray(value)) {
      copy[key] = value.map((option, i) =>
        lowered(option, childPath(path, "union-member", i), changes),
      );
    } else {
      copy[key] = structuredClone(value);
    }
  }
  return copy;
}

function annotationDropped(key: string): string {
  return `${key} dropped: the legacy parameters field has no field for it, and the API refuses a request that carries one`;
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
