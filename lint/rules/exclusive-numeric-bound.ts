/** `exclusive-numeric-bound`: `.positive()/.gt()/.negative()/.lt()` on the OpenAPI 3.0 path. */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** What to write instead of an exclusive bound. */
const INSTEAD: Advice = {
  zod: "Use .min() instead of .positive()/.gt() and .max() instead of .negative()/.lt().",
  json: "Use an inclusive minimum/maximum instead of exclusiveMinimum/exclusiveMaximum, or state the bound in the description and check it when the tool runs.",
};

/** Flags exclusive numeric bounds, which OpenAPI 3.0 emits as boolean `exclusiveMinimum`. */
export const exclusiveNumericBound: LintRule = {
  code: "exclusive-numeric-bound",
  severity: "error",
  description:
    "A number with an exclusive bound: .positive(), .gt(n), .negative(), .lt(n) (Zod 4 `greater_than`/`less_than` with inclusive: false; Zod 3 `min`/`max` checks with inclusive: false).",
  fix: "Use inclusive bounds: .min(n) instead of .positive()/.gt(), .max(n) instead of .negative()/.lt() (for integers, .min(1) instead of .positive()).",
  evidence:
    "zod-to-json-schema openApi3 emits `minimum: n, exclusiveMinimum: true` (src/parsers/number.ts); Zod 4 `toJSONSchema` target openapi-3.0 emits the same boolean form (json-schema-processors numberProcessor). Gemini's legacy schema has no exclusiveMinimum field and Bifrost's converter drops it.",
  create: (context) => ({
    node({ node, path }) {
      const numeric = node.numeric;
      if (!numeric || !(numeric.exclusiveMinimum || numeric.exclusiveMaximum)) return;
      const json = node.major === "json-schema";
      const which = [
        numeric.exclusiveMinimum
          ? `a lower (${json ? "exclusiveMinimum" : ".positive()/.gt()"})`
          : "",
        numeric.exclusiveMaximum
          ? `an upper (${json ? "exclusiveMaximum" : ".negative()/.lt()"})`
          : "",
      ]
        .filter(Boolean)
        .join(" and ");
      context.report(
        path,
        `Number has ${which} exclusive bound; the OpenAPI 3.0 conversion emits it as a boolean exclusiveMinimum/exclusiveMaximum, which this provider path rejects or drops. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
