/** `one-of-union`: unions the converter emits as `oneOf`. */
import { type Advice, adviceFor } from "../advice.js";
import type { LintRule } from "../rule.js";

/** The finding, in the words of what was linted. */
const MESSAGE: Advice = {
  zod: "Discriminated union (or z.xor) found; Zod 4 emits it as oneOf, which this provider path rejects. Use z.union([...]) instead, which is emitted as anyOf.",
  json: "oneOf found, which this provider path rejects. Use anyOf instead, and check when the tool runs that exactly one option matches if that matters.",
};

/** Flags Zod 4 discriminated unions and `z.xor`, the unions emitted as `oneOf`. */
export const oneOfUnion: LintRule = {
  code: "one-of-union",
  severity: "error",
  description:
    "A union emitted as `oneOf`: Zod 4 z.discriminatedUnion() and z.xor() (def.inclusive === false). Zod 3 unions, discriminated or not, are emitted as `anyOf` and are clean.",
  fix: "Use z.union([...]) (emitted as anyOf); the discriminator literal still tells the branches apart.",
  evidence:
    "Zod 4 unionProcessor emits `oneOf` for exclusive unions (since 4.1.13), `anyOf` otherwise; zod-to-json-schema never emits oneOf. OpenAI strict: \"'oneOf' is not permitted\"; toolwright's strict conversion, like OpenAI's own helper (openai helpers/zod, helpers/standard-schema), sends a oneOf whose options are provably exclusive as anyOf, so the openai-strict row does not run this rule. Gemini's legacy Schema has no oneOf field. Anthropic's strict transform and Gemini's `parametersJsonSchema` take oneOf as anyOf, so those rows do not run this rule.",
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "union" || !node.exclusiveUnion) return;
      context.report(path, adviceFor(node.major, MESSAGE));
    },
  }),
};
