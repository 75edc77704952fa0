/** `optional-property`: any property the input projection leaves out of `required`. */
import { layersOf } from "../layers.js";
import type { LintRule } from "../rule.js";

/** Flags `.optional()`, `.nullish()` and `.default()` object properties. */
export const optionalProperty: LintRule = {
  code: "optional-property",
  severity: "error",
  description:
    "An object property that may be absent on input: .optional() (including .nullish() and .nullable().optional()) or .default()/.prefault(). Both converters leave it out of `required`.",
  fix: "Make the field required and nullable: .nullable() instead of .optional()/.nullish(), and apply defaults after parsing.",
  evidence:
    "OpenAI strict mode: 'required' must include every key in properties. zod-to-json-schema openApi3 and Zod 4 `toJSONSchema` (io: input) leave optional and defaulted keys out of `required`, `.nullish()` included; the `openai` SDK's zodResponseFormat refuses every Zod 4 optional property for this reason.",
  create: (context) => ({
    node({ node, path, edge }) {
      if (edge !== "property") return;
      const layer = layersOf(node).wrappers.find(
        (w) => w.kind === "optional" || w.kind === "default",
      );
      if (layer === undefined) return;
      const what = layer.kind === "optional" ? ".optional()/.nullish()" : ".default()";
      context.report(
        path,
        `Property is ${what}, so the conversion leaves it out of \`required\`; strict mode requires every property to be listed as required. Use a required .nullable() field instead and apply any default after parsing.`,
      );
    },
  }),
};
