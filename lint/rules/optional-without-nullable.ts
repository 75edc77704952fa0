/** `optional-without-nullable`: a bare `.optional()` object property (OpenAI structured output). */
import { type Advice, adviceFor } from "../advice.js";
import { acceptsNull, type Layers, layersOf } from "../layers.js";
import type { LintRule } from "../rule.js";

/** The finding, in the words of what was linted. */
const MESSAGE: Advice = {
  zod: "Property is .optional() without being nullable; OpenAI structured output requires every property to be present, so an absent key is rejected. Use .nullable() (a required field that may be null) instead of .optional(), or .nullable().optional().",
  json: 'Property is not in required and does not admit null; OpenAI structured output requires every property to be present, so an absent key is rejected. List it in required and let it be null (add "null" to its type) instead.',
};

/**
 * Whether the key may be absent from the parsed output, as OpenAI's helper decides it: the first
 * optional-or-default layer from the outside wins, so `.optional().default(x)` always yields a
 * value. Zod 3's converter only sees a default on the property's own outermost schema.
 */
function absentOnOutput(layers: Layers): boolean {
  const [outermost] = layers.wrappers;
  const decisive = layers.wrappers.find((w) => w.kind === "optional" || w.kind === "default");
  if (decisive === undefined || decisive.kind === "optional") return decisive !== undefined;
  return decisive.major === 3 && decisive !== outermost;
}

/** Flags object properties that are `.optional()` and not also nullable. */
export const optionalWithoutNullable: LintRule = {
  code: "optional-without-nullable",
  severity: "error",
  description:
    "An object property that is .optional() without also being nullable. `.nullable().optional()` in either order, `.nullish()`, a union with z.null(), and `.optional().default(x)` (the key always has a value after parsing) are clean; the root is never flagged.",
  fix: "Make the field required and nullable: .nullable() instead of .optional() (or .nullable().optional() when the key may really be absent).",
  evidence:
    "OpenAI Structured Outputs ('Supported schemas'): every property must be listed in `required`; an optional field must be a required field whose type includes null. OpenAI's own helper (openai 6.49 `helpers/zod`: Zod 4 through `z.toJSONSchema` on the output side, Zod 3 through its vendored zod-to-json-schema) refuses exactly these: lib/transform.js ensureStrictJsonSchema and _vendor/zod-to-json-schema/parsers/object.js ('uses `.optional()` without `.nullable()`'), and accepts `.optional().default(x)`.",
  create: (context) => ({
    node({ node, path, edge }) {
      if (edge !== "property") return;
      const layers = layersOf(node);
      if (!absentOnOutput(layers) || acceptsNull(layers)) return;
      context.report(path, adviceFor(node.major, MESSAGE));
    },
  }),
};
