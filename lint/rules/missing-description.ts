/** `missing-description`: an opt-in authoring warning for undocumented object properties. */
import { type Advice, adviceFor } from "../advice.js";
import { hasDescription, layersOf } from "../layers.js";
import type { LintRule } from "../rule.js";

/** The finding, in the words of what was linted. */
const MESSAGE: Advice = {
  zod: "Property has no .describe() on any layer, so the model receives no description of what to put here. Add .describe('...') to the property.",
  json: "Property has no description, so the model receives no description of what to put here. Add a description to the property's schema.",
};

/** Warns on object properties without a `.describe()` on any of their layers. */
export const missingDescription: LintRule = {
  code: "missing-description",
  severity: "warning",
  description:
    "An object property without .describe() on any layer (the property's own wrappers or the schema inside them). Runs only with requireDescribe: true, in every dialect.",
  fix: "Add .describe('what the model should put here') to the property.",
  evidence:
    "Authoring quality, not provider validity: the model sees only the emitted `description`. Both converters copy `.describe()` text to `description` (zod-to-json-schema parseDef; Zod 4 globalRegistry metadata).",
  create: (context) => ({
    node({ node, path, edge }) {
      if (edge !== "property" || hasDescription(layersOf(node))) return;
      context.report(path, adviceFor(node.major, MESSAGE));
    },
  }),
};
