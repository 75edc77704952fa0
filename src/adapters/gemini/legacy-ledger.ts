/**
 * The ledger of Gemini's legacy `parameters` field. toolwright sends the OpenAPI 3.0
 * projection as it is; `@google/genai` then converts it to its `Schema` on the way out
 * (`processJsonSchema`, run on a `parameters` without `$schema`), and that conversion skips
 * every `additionalProperties`, `false` or a record's value schema, because the legacy
 * Schema has no such field. What the model is no longer shown is recorded here.
 *
 * @module
 */
import type { LoweringChange } from "toolwright/lint";
import { ledgerOf, type SchemaChange } from "../../../lint/lowering-ledger";
import { childPath } from "../../../lint/path";

type Json = Record<string, unknown>;

const CLOSED =
  "additionalProperties: false dropped by @google/genai, which the legacy parameters field cannot carry (the tool's schema still applies its own rule to unknown keys)";
const OPEN =
  "additionalProperties (the values of a record or open object) dropped by @google/genai, which the legacy parameters field cannot carry: the model sees an object without them";

/** What `@google/genai` drops from `tool`'s legacy `parameters`, as ledger entries. */
export function legacyParametersLedger(tool: string, parameters: unknown): LoweringChange[] {
  const changes: SchemaChange[] = [];
  visit(parameters, "$", changes);
  return ledgerOf(tool, "gemini-parameters", changes);
}

// The schema-valued keywords the SDK's conversion keeps and recurses into.
function visit(node: unknown, path: string, changes: SchemaChange[]): void {
  if (!isJson(node)) return;
  if (node.additionalProperties !== undefined && node.additionalProperties !== null) {
    const message = node.additionalProperties === false ? CLOSED : OPEN;
    changes.push({ path, kind: "dropped", message });
  }
  if (isJson(node.properties)) {
    for (const [key, child] of Object.entries(node.properties)) {
      visit(child, childPath(path, "property", key), changes);
    }
  }
  visit(node.items, childPath(path, "element", undefined), changes);
  if (Array.isArray(node.anyOf)) {
    node.anyOf.forEach((option, i) => {
      visit(option, childPath(path, "union-member", i), changes);
    });
  }
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
