/** `open-object`: objects that admit unknown keys. */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** What to write instead of an open object. */
const INSTEAD: Advice = {
  zod: "Declare every key in z.object({ ... }), or use an array of { key, value } objects.",
  json: 'Declare every key under properties with "additionalProperties": false, or use an array of { key, value } objects.',
};

/** Flags records, passthrough/loose objects and objects with a non-never catchall. */
export const openObject: LintRule = {
  code: "open-object",
  severity: "error",
  description:
    "An object that admits keys it does not declare: z.record(), .passthrough()/z.looseObject(), or .catchall(schema). The conversion emits `additionalProperties` as a schema or `true`.",
  fix: "Declare the keys: z.object({ ... }) with every field (strip or .strict()), or an array of { key, value } objects instead of a record.",
  evidence:
    "zod-to-json-schema emits `additionalProperties: <value>` for records and catchall, `true` for passthrough; Zod 4 emits `additionalProperties` as the value schema (`{}` for loose) plus `propertyNames` in 2020-12. OpenAI strict requires `additionalProperties: false`; Gemini's legacy schema has no `additionalProperties` field ('Unknown name \"additionalProperties\"'), and @google/genai's processJsonSchema drops it, closing the object; Anthropic strict rejects anything but false, and its SDK's transform forces false (a record becomes an empty object).",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "record" && !node.openObject) return;
      const what = node.kind === "record" ? "A record" : "An object with passthrough or a catchall";
      context.report(
        path,
        `${what} admits undeclared keys and is emitted with a non-false additionalProperties, which this provider path rejects. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
