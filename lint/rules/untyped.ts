/** `untyped`: a value with no type, projected as `{}` (or, in Zod 3, an array without `items`). */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";
import type { LintDialect } from "../types.js";

/** How to give the node a type. */
const INSTEAD: Advice = {
  zod: "Give it a type: a concrete schema, a z.union([...]) of the types it may take, or z.string() holding JSON.",
  json: 'Give it a type: a "type" keyword, an anyOf of the types it may take, or a string holding JSON.',
};

/**
 * Dialects whose path takes an array without `items` as it is: zod-to-json-schema writes
 * `z.array(z.any())` that way, and Anthropic's strict transform keeps it (any items).
 */
const ITEMLESS_ARRAYS_CARRIED: ReadonlySet<LintDialect> = new Set(["anthropic-strict"]);

/** Flags z.any()/z.unknown() wherever they stand for a value of their own. */
export const untyped: LintRule = {
  code: "untyped",
  severity: "error",
  description:
    "A z.any() or z.unknown(), which both converters project as `{}`: a schema with no `type`. The value of a record or catchall is left to open-object. A Zod 3 z.array(z.any()) is projected as an array without `items` instead, which anthropic-strict carries.",
  fix: "Give the value a type: z.string(), a z.union([...]) of the types it may take, or a z.object({...}) of its fields (a JSON string, z.string(), for a free-form document).",
  evidence:
    "zod-to-json-schema and Zod 4 `toJSONSchema` emit `{}` for any/unknown (zod-to-json-schema parsers/array.ts leaves out `items` for ZodAny). Anthropic's SDK strict transform (@anthropic-ai/sdk lib/transform-json-schema.js) refuses `{}`: 'JSON schema must have a type defined if anyOf/oneOf/allOf/enum/const are not used'. OpenAI strict mode requires a type on every schema (its 'Supported schemas' lists the types; reported as \"schema must have a 'type' key\", livekit/agents#4236) and an `items` on every array (openai lib/transform.js: 'declares an array without `items`'). Gemini's legacy Schema sends `{}` as TYPE_UNSPECIFIED, which Gemini 3 rejects (UKGovernmentBEIS/inspect_ai#3097), and wants `items` on an ARRAY.",
  create: (context) => ({
    node({ node, path, edge, parent }) {
      if (node.kind !== "any" || edge === "record-value" || edge === "catchall") return;
      const itemless = edge === "element" && parent?.itemsOmitted === true;
      if (itemless && ITEMLESS_ARRAYS_CARRIED.has(context.dialect)) return;
      const projected = itemless
        ? "the array is projected without items"
        : `${node.typeName} is projected as {}, a schema with no type`;
      context.report(
        path,
        `${projected}, which this provider path refuses. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
