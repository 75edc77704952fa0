/** `recursive-lazy`: a schema that refers back to one of its ancestors. */
import type { LintRule } from "../rule.js";

/** Flags every back-reference of a real cycle (z.lazy or a Zod 4 getter-defined object). */
export const recursiveLazy: LintRule = {
  code: "recursive-lazy",
  severity: "error",
  description:
    "A real cycle: a schema that reaches one of its own ancestors, through z.lazy() or (Zod 4) a getter-defined recursive object. A z.lazy() that does not recurse is clean.",
  fix: "Bound the recursion: unroll it to a fixed depth with distinct schemas, or flatten the tree into a list of nodes that refer to each other by id.",
  evidence:
    "zod-to-json-schema emits `$ref` to the first-seen path (`#/properties/...`), or `{}` with the 'none'/'seen' strategies; Zod 4 `toJSONSchema` emits `$ref` into `$defs` (or `#`). Gemini's legacy schema has no `$ref`, Bifrost's converter drops it, and Anthropic strict mode rejects recursive schemas ('Too many recursive definitions in schema').",
  create: (context) => ({
    cycle({ path, ancestorPath }) {
      context.report(
        path,
        `Schema refers back to its ancestor at ${ancestorPath}; the conversion can only express this cycle as a $ref (or drop it to {}), which this provider path cannot resolve. Unroll the recursion to a fixed depth or flatten it into a list of nodes linked by id.`,
      );
    },
  }),
};
