/** `empty-object`: an object with no properties (Gemini legacy schema). */
import type { LintRule } from "../rule.js";

/** Flags closed objects with no declared properties. */
export const emptyObject: LintRule = {
  code: "empty-object",
  severity: "error",
  description:
    "A z.object({}) with no properties (and no catchall, which open-object reports). The conversion emits `properties: {}`.",
  fix: "Declare at least one property, or drop the field (a tool with no arguments can omit parameters).",
  evidence:
    "Both converters emit `{ type: \"object\", properties: {} }`. Gemini's legacy schema: 'properties: should be non-empty for OBJECT type'.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "object" || node.openObject || node.children.length > 0) return;
      context.report(
        path,
        "Object has no properties and is emitted with empty `properties`, which this provider path rejects as an empty OBJECT. Declare at least one property or remove the field.",
      );
    },
  }),
};
