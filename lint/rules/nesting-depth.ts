/** `nesting-depth`: objects nested deeper than OpenAI strict mode allows. */
import type { LintRule } from "../rule.js";

/** OpenAI Structured Outputs: "up to 10 levels of nesting". */
export const MAX_OBJECT_NESTING = 10;

/** Flags the first object past the limit on each path (deeper ones are the same problem). */
export const nestingDepth: LintRule = {
  code: "nesting-depth",
  severity: "error",
  description: `An object nested more than ${MAX_OBJECT_NESTING} object levels deep (the root object is level 1). Reported once per path, at the first level past the limit.`,
  fix: "Flatten the structure: lift deep sub-objects to top-level fields or a list of records linked by id.",
  evidence:
    "OpenAI Structured Outputs 'Supported schemas': a schema may have up to 10 levels of nesting. Both converters emit nested objects one `properties` level per Zod object, so depth in Zod is depth in the emitted schema.",
  create: (context) => ({
    node({ node, path, objectDepth }) {
      if (node.kind !== "object" || objectDepth !== MAX_OBJECT_NESTING + 1) return;
      context.report(
        path,
        `Object is nested ${objectDepth} levels deep; this provider path allows at most ${MAX_OBJECT_NESTING} levels of nesting. Flatten it: lift this object to a higher level or into a list linked by id.`,
      );
    },
  }),
};
