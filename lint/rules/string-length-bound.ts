/** `string-length-bound`: `.min()/.max()/.length()` on a string (Anthropic strict tools). */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** The finding, in the words of what was linted. */
const MESSAGE: Advice = {
  zod: "String has a length bound, emitted as minLength/maxLength, which this provider path rejects. Remove it, state the limit in .describe(), and check it after parsing.",
  json: "String has minLength/maxLength, which this provider path rejects. Remove them, state the limit in the description, and check it when the tool runs.",
};

/** Flags strings with a length constraint. */
export const stringLengthBound: LintRule = {
  code: "string-length-bound",
  severity: "error",
  description:
    "A string with .min(n), .max(n), .length(n) or .nonempty(), emitted as `minLength`/`maxLength`.",
  fix: "Remove the length check from the model-facing schema, state it in .describe(), and check it after parsing.",
  evidence:
    "Both converters emit `minLength`/`maxLength`. Anthropic strict mode does not support `minLength`/`maxLength` (Structured outputs, 'JSON Schema limitations'); its SDK moves them into the description, unenforced.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "string" || !node.lengthBounded) return;
      context.report(path, adviceFor(node.major, MESSAGE));
    },
  }),
};
