/** `optional-without-nullable`: a bare `.optional()` object property (OpenAI structured output). */
import { acceptsNull, layersOf } from "../layers.js";
import type { LintRule } from "../rule.js";

/** Flags object properties that are `.optional()` and not also nullable. */
export const optionalWithoutNullable: LintRule = {
  code: "optional-without-nullable",
  severity: "error",
  description:
    "An object property that is .optional() without also being nullable. `.nullable().optional()` in either order, `.nullish()` and a union with z.null() are clean; the root is never flagged.",
  fix: "Make the field required and nullable: .nullable() instead of .optional() (or .nullable().optional() when the key may really be absent).",
  evidence:
    "OpenAI Structured Outputs ('Supported schemas'): every property must be listed in `required`; an optional field must be a required field whose type includes null. The converter leaves an optional key out of `required` (zod-to-json-schema src/parsers/object.ts; Zod 4 objectProcessor).",
  create: (context) => ({
    node({ node, path, edge }) {
      if (edge !== "property") return;
      const layers = layersOf(node);
      if (!layers.wrappers.some((layer) => layer.kind === "optional")) return;
      if (acceptsNull(layers)) return;
      context.report(
        path,
        "Property is .optional() without being nullable; OpenAI structured output requires every property to be present, so an absent key is rejected. Use .nullable() (a required field that may be null) instead of .optional(), or .nullable().optional().",
      );
    },
  }),
};
