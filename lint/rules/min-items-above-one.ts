/** `min-items-above-one`: `.min(n)` with n > 1 on an array (Anthropic strict tools). */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** What to do instead of a minimum length above one. */
const INSTEAD: Advice = {
  zod: "Use .min(1) at most and check the real minimum after parsing.",
  json: "Use minItems of 1 at most, state the real minimum in the description, and check it when the tool runs.",
};

/** Flags arrays whose minimum length is above 1 (0 and 1, e.g. `.nonempty()`, are supported). */
export const minItemsAboveOne: LintRule = {
  code: "min-items-above-one",
  severity: "error",
  description: "An array with .min(n) or .length(n) where n > 1, emitted as `minItems: n`.",
  fix: "Use .min(1) (or .nonempty()) at most, state the real minimum in .describe(), and check it after parsing.",
  evidence:
    "Both converters emit `minItems`. Anthropic strict mode supports `minItems` of 0 or 1 only (Structured outputs, 'JSON Schema limitations'); @anthropic-ai/sdk lib/transform-json-schema.js keeps `minItems` only when it is 0 or 1.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "array" || node.minItems === undefined || node.minItems <= 1) return;
      context.report(
        path,
        `Array has a minimum length of ${node.minItems}, emitted as minItems, and this provider path only accepts 0 or 1. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
