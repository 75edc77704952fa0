/** `too-many-union-parameters`: more union-typed properties than Anthropic strict allows. */
import { isUnionTyped, layersOf } from "../layers.js";
import type { LintRule } from "../rule.js";

/** Anthropic strict tools: "exceeds the limit: 16". */
export const MAX_UNION_PARAMETERS = 16;

/** Counts properties emitted with `anyOf`/`oneOf`/a type array, across the whole schema. */
export const tooManyUnionParameters: LintRule = {
  code: "too-many-union-parameters",
  severity: "error",
  description: `More than ${MAX_UNION_PARAMETERS} object properties, across the whole schema, whose type is a union: a z.union/discriminated union, or a .nullable() field (emitted as anyOf with null or a type array). Reported once, at $.`,
  fix: "Reduce the union-typed properties to 16 or fewer: make fields required non-null, or group alternatives into one enum-tagged object.",
  evidence:
    "Both converters emit unions as `anyOf` (Zod 4 2020-12: a type array for primitives) and nullable as `anyOf` with null / a type array. Anthropic strict tools reject schemas with more than 16 union-typed parameters ('exceeds the limit: 16').",
  create: (context) => {
    let count = 0;
    return {
      node({ node, edge }) {
        if (edge === "property" && isUnionTyped(layersOf(node))) count++;
      },
      end() {
        if (count <= MAX_UNION_PARAMETERS) return;
        context.report(
          "$",
          `Schema has ${count} union-typed properties (unions or nullable fields); this provider path allows at most ${MAX_UNION_PARAMETERS}. Make some fields required and non-null, or group alternatives into a tagged object.`,
        );
      },
    };
  },
};
