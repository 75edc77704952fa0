/** `required-cycle`: recursion through required properties only (Gemini `parametersJsonSchema`). */
import { type Advice, adviceFor } from "../advice.js";
import { isOptionalInput, layersOf } from "../layers.js";
import { isWithin } from "../path.js";
import type { LintRule } from "../rule.js";

/** How to break the cycle. */
const INSTEAD: Advice = {
  zod: "Make a property on the way .optional().",
  json: "Leave a property on the way out of required.",
};

/** Flags a cycle none of whose properties between the ancestor and the back-reference is optional. */
export const requiredCycle: LintRule = {
  code: "required-cycle",
  severity: "error",
  description:
    "A cycle (z.lazy() or a Zod 4 getter-defined recursive object) whose way back to its ancestor passes through required properties only, such as a tree node with a required `children: z.array(node)`. A cycle through an .optional() property is clean.",
  fix: "Make a property on the way optional (children: z.array(node).optional()); a nullable one is not enough.",
  evidence:
    "Gemini's `parametersJsonSchema`/`responseJsonSchema` documentation: cyclic references are unrolled to a limited degree and may only be used within non-required properties (nullable properties are not sufficient).",
  create: (context) => {
    const optionalPaths = new Set<string>();
    return {
      node({ node, path, edge }) {
        if (edge === "property" && isOptionalInput(layersOf(node))) optionalPaths.add(path);
      },
      cycle({ path, ancestorPath, node }) {
        const breaksCycle = [...optionalPaths].some(
          (optional) =>
            optional !== ancestorPath &&
            isWithin(optional, ancestorPath) &&
            isWithin(path, optional),
        );
        if (breaksCycle) return;
        context.report(
          path,
          `Schema refers back to its ancestor at ${ancestorPath} through required properties only; this provider path unrolls a cycle only inside optional properties. ${adviceFor(node?.major, INSTEAD)}`,
        );
      },
    };
  },
};
