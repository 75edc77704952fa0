/** `tuple`: a positional `z.tuple([...])`. */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** What to write instead of a tuple. */
const INSTEAD: Advice = {
  zod: "Use an object with named fields, or z.array() when all positions share one type.",
  json: "Use an object with named properties, or an array with one items schema when all positions share one type.",
};

/** Flags tuples, whose per-position types no OpenAPI 3.0 projection keeps. */
export const tuple: LintRule = {
  code: "tuple",
  severity: "error",
  description: "A positional z.tuple([...]).",
  fix: "Use an object with named fields (z.object({ first: ..., second: ... })), or z.array(item) when every position has the same type.",
  evidence:
    "zod-to-json-schema emits the array form `items: [...]` for every target (invalid OpenAPI 3.0); Zod 4 `toJSONSchema` openapi-3.0 emits `items: { anyOf: [...] }`, silently losing the per-position types, and 2020-12 emits `prefixItems` (not in Gemini's legacy field list) with `minItems`/`maxItems` (Anthropic strict rejects `maxItems`; its SDK moves `prefixItems` into the description). OpenAI strict takes one schema for every item: openai lib/transform.js refuses tuple-form `items` and `prefixItems`.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "tuple") return;
      context.report(
        path,
        `Tuple found; its positional item types are emitted as \`items: [...]\`, \`prefixItems\` or a merged \`anyOf\`, which this provider path rejects or flattens. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
