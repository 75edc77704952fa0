/** `pipe-all-of`: a Zod 3 `.pipe()`, which zod-to-json-schema emits as `allOf`. */
import type { LintRule } from "../rule.js";

/** Flags every Zod 3 pipeline: both of its sides are schemas, emitted together as `allOf`. */
export const pipeAllOf: LintRule = {
  code: "pipe-all-of",
  severity: "error",
  description:
    'A Zod 3 a.pipe(b) (ZodPipeline). zod-to-json-schema (default pipeStrategy "all") emits it as `allOf: [a, b]`. Zod 4 projects only the input side of a pipe, so it is clean there.',
  fix: "Keep the model-facing schema one schema: validate with a single schema (z.string().email() rather than z.string().pipe(z.string().email())), and convert in the tool after parsing, or use Zod 4.",
  evidence:
    'zod-to-json-schema src/parsers/pipeline.ts: `allOf: [in, out]` unless pipeStrategy is "input" or "output" (toolwright projects with the default). OpenAI strict rejects `allOf` (toolwright\'s conversion refuses it as an intersection; openai lib/transform.js merges only object allOf). Gemini\'s legacy Schema has no allOf field; `parametersJsonSchema` does not list it, so the type it carries is lost.',
  create: (context) => ({
    node({ node, path }) {
      if (node.kind !== "pipe" || node.major !== 3) return;
      context.report(
        path,
        "Zod 3 .pipe() found; zod-to-json-schema emits it as allOf of both sides, which this provider path rejects or ignores. Validate with one schema and convert after parsing, or use Zod 4 (which projects the input side only).",
      );
    },
  }),
};
