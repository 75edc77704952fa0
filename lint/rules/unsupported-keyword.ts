/**
 * `unsupported-keyword`: a JSON Schema keyword the provider path has no field for, which it
 * passes on to an API that then refuses the whole request.
 */
import { GEMINI_SCHEMA_FIELDS } from "../json-schema-keywords.js";
import { isSchemaAt, reachedDefinitions } from "../json-schema-ref.js";
import { shapeEntries } from "../read.js";
import type { LintRule } from "../rule.js";
import type { LintDialect } from "../types.js";
import { isPropertyPathRef } from "./property-path-ref.js";

/**
 * The keywords each dialect's path carries; other dialects do not run this rule. `gemini`:
 * the fields of `@google/genai`'s legacy `Schema`, plus `additionalProperties`, which its
 * `processJsonSchema` drops (an open object is `open-object`'s).
 */
export const SUPPORTED_KEYWORDS: Partial<Readonly<Record<LintDialect, ReadonlySet<string>>>> = {
  gemini: new Set([...GEMINI_SCHEMA_FIELDS, "additionalProperties"]),
};

/**
 * Keywords another rule of the same rows reports, each in its own words (`allOf` is an
 * intersection, `oneOf` an exclusive union, `prefixItems` a tuple, …): reported once, there.
 */
const REPORTED_ELSEWHERE: ReadonlySet<string> = new Set([
  "allOf",
  "oneOf",
  "prefixItems",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
]);

/** Flags, in a JSON Schema, each keyword outside the dialect's list. */
export const unsupportedKeyword: LintRule = {
  code: "unsupported-keyword",
  severity: "error",
  description:
    "A JSON Schema keyword the provider path has no field for, such as `const`, `examples`, `$ref`, `$defs`, `not` or `uniqueItems` under Gemini's legacy `parameters` field. A Zod schema's projection carries one only for recursion (`$defs` and `$ref`, which `recursive-lazy` reports of the Zod schema) or as a `.meta()` annotation, which the Gemini adapter leaves out and ledgers.",
  fix: "Remove the keyword and state what it says in the description (`const` as a one-value `enum`, a `$ref` inlined), or send the schema where JSON Schema is taken (for Gemini, `parametersJsonSchema`; `@google/genai` sends a schema that names its `$schema` there).",
  evidence:
    "@google/genai's `processJsonSchema` copies every key it does not handle into the legacy `Schema` unchanged (it drops only `additionalProperties`), and the API refuses a field the `Schema` message does not have: 'Invalid JSON payload received. Unknown name \"const\" … Cannot find field.' The `Schema` fields are those of the SDK's `Schema` type.",
  create: (context) => {
    const supported = SUPPORTED_KEYWORDS[context.dialect];
    return {
      node({ node, path, edge }) {
        if (supported === undefined || node.major !== "json-schema") return;
        if (!isSchemaAt(node.schema)) return;
        const { root, value } = node.schema;
        if (typeof value !== "object" || value === null) return;
        const found = readableEntries(value)
          .filter(([key, field]) => unsupported(key, field, supported))
          .filter(([key, field]) => edge !== "root" || !allReached(root, key, field))
          .map(([key]) => key);
        if (found.length === 0) return;
        context.report(
          path,
          `Carries ${found.join(", ")}, which this provider path has no field for: it is passed on, and the whole request is refused. Remove ${found.length === 1 ? "it" : "them"} and state what ${found.length === 1 ? "it says" : "they say"} in the description, or send the schema as JSON Schema (for Gemini, parametersJsonSchema: @google/genai sends a schema that names its $schema there).`,
        );
      },
    };
  },
};

// A value whose Proxy traps throw has no keywords to read; the view skips it the same way.
function readableEntries(value: unknown): Array<[string, unknown]> {
  try {
    return shapeEntries(value);
  } catch {
    return [];
  }
}

/**
 * Whether `key` holds the root's definitions and every one is reached by a `$ref`: then each
 * `$ref` that reaches one is reported where it sits, in the property it belongs to.
 */
function allReached(root: unknown, key: string, definitions: unknown): boolean {
  if ((key !== "$defs" && key !== "definitions") || typeof definitions !== "object") return false;
  const reached = reachedDefinitions(root);
  const names = readableEntries(definitions).map(([name]) => name);
  return names.every((name) =>
    reached.has(`#/${key}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`),
  );
}

function unsupported(key: string, value: unknown, supported: ReadonlySet<string>): boolean {
  // processJsonSchema skips a key whose value is null or undefined.
  if (value === null || value === undefined || supported.has(key)) return false;
  if (REPORTED_ELSEWHERE.has(key)) return false;
  // A `$ref` into the document's middle is `property-path-ref`'s.
  return key !== "$ref" || typeof value !== "string" || !isPropertyPathRef(value);
}
