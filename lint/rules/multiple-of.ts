/** `multiple-of`: `.multipleOf()` / `.step()` on a number. */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** The finding, in the words of what was linted. */
const MESSAGE: Advice = {
  zod: "Number has .multipleOf(), emitted as multipleOf, which this provider path rejects or drops. Remove it, state the step in .describe(), and round after parsing.",
  json: "Number has multipleOf, which this provider path rejects or drops. Remove it, state the step in the description, and round when the tool runs.",
};

/** Flags numbers carrying a multipleOf check. */
export const multipleOf: LintRule = {
  code: "multiple-of",
  severity: "error",
  description: "A number with .multipleOf(n) / .step(n), emitted as `multipleOf`.",
  fix: "Drop .multipleOf() from the model-facing schema, state the step in .describe(), and round or validate after parsing.",
  evidence:
    "Both converters emit `multipleOf: n`. Gemini's legacy schema has no multipleOf field (Bifrost's converter drops it); Anthropic strict rejects numeric `multipleOf`.",
  create: (context) => ({
    node({ node, path }) {
      if (!node.numeric?.multipleOf) return;
      context.report(path, adviceFor(node.major, MESSAGE));
    },
  }),
};
