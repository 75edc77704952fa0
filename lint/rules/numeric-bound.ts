/** `numeric-bound`: any numeric minimum/maximum (Anthropic strict tools). */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** What to do instead of a numeric bound. */
const INSTEAD: Advice = {
  zod: "Remove the bound, state the range in .describe(), and check it after parsing.",
  json: "Remove minimum/maximum, state the range in the description, and check it when the tool runs.",
};

/** Flags numbers with any bound, inclusive, exclusive, or from a Zod 4 integer format. */
export const numericBound: LintRule = {
  code: "numeric-bound",
  severity: "error",
  description:
    "A number with a bound: .min()/.max()/.gte()/.lte()/.positive()/.gt()/.negative()/.lt(), or (Zod 4) .int()/z.int() and other number formats, which emit safe-integer `minimum`/`maximum`.",
  fix: "Remove the bound from the model-facing schema, state the range in .describe(), and check it after parsing (Zod 4: use z.number() rather than .int() and round after parsing).",
  evidence:
    "Both converters emit `minimum`/`maximum`/`exclusiveMinimum`/`exclusiveMaximum`; Zod 4 `.int()` emits `minimum: -9007199254740991, maximum: 9007199254740991` (json-schema-processors numberProcessor). Anthropic strict: \"For 'integer' type, property 'minimum' is not supported\" (reported in agentjido/req_llm#302); @anthropic-ai/sdk lib/transform-json-schema.js moves these keywords into the description for strict tools.",
  create: (context) => ({
    node({ node, path }) {
      const n = node.numeric;
      if (!n || !(n.exclusiveMinimum || n.exclusiveMaximum || n.inclusiveBound || n.formatBound))
        return;
      const cause =
        n.formatBound && !(n.exclusiveMinimum || n.exclusiveMaximum || n.inclusiveBound)
          ? "an integer format (.int()), which Zod 4 emits with safe-integer minimum/maximum"
          : "a minimum/maximum bound";
      context.report(
        path,
        `Number has ${cause}; this provider path rejects numeric minimum/maximum. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
