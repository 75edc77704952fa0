/** `intersection`: intersections the converter emits as `allOf`. */
import { type Advice, adviceFor } from "../advice.js";
import { foldsToObject } from "../layers.js";
import type { LintRule } from "../rule.js";

/** What to write instead of an intersection. */
const INSTEAD: Advice = {
  zod: "Merge the parts into one object with .extend() (Zod 3: .merge()), or write the combined schema directly.",
  json: "Merge the allOf parts into one object schema (their properties and required lists together).",
};

/** Flags `z.intersection`/`.and()` except the Zod 4 object∩object case that folds away. */
export const intersection: LintRule = {
  code: "intersection",
  severity: "error",
  description:
    "z.intersection(a, b) / a.and(b), emitted as `allOf`. Zod 4 folds an intersection of plain objects into one object, so that case is clean in Zod 4; zod-to-json-schema always emits `allOf`.",
  fix: "Merge objects into one: a.extend(b.shape) (Zod 3: a.merge(b)); express other intersections as a single schema.",
  evidence:
    "zod-to-json-schema src/parsers/intersection.ts emits `allOf`; Zod 4 intersectionProcessor emits `allOf` and folds only plain object members (to-json-schema foldIntersection). OpenAI strict: 'allOf' is not supported (toolwright's strict conversion refuses it). Gemini's legacy Schema has no allOf field, and `parametersJsonSchema` does not list it (the node is left without a type). Anthropic's SDK strict transform closes each object branch of an `allOf` on its own (additionalProperties: false), so no value satisfies an intersection of two objects.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "intersection") return;
      if (node.major === 4 && foldsToObject(node)) return;
      context.report(
        path,
        `Intersection found; it is emitted as allOf, which this provider path does not support. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
