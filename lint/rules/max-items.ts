/** `max-items`: `.max()/.length()` on an array (Anthropic strict tools). */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** What to do instead of a maximum length. */
const INSTEAD: Advice = {
  zod: "Remove it, state the limit in .describe(), and check it after parsing.",
  json: "Remove maxItems, state the limit in the description, and check it when the tool runs.",
};

/** Flags arrays with a maximum length. */
export const maxItems: LintRule = {
  code: "max-items",
  severity: "error",
  description: "An array with .max(n) or .length(n), emitted as `maxItems`.",
  fix: "Remove the maximum from the model-facing schema, state it in .describe(), and truncate or reject after parsing.",
  evidence:
    "Both converters emit `maxItems`. Anthropic strict mode does not support `maxItems` (Structured outputs, 'JSON Schema limitations').",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "array" || node.maxItems === undefined) return;
      context.report(
        path,
        `Array has a maximum length of ${node.maxItems}, emitted as maxItems, which this provider path rejects. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
