/**
 * `pipe-type-conflict`: a Zod 3 `.pipe()` whose `allOf` admits no value at all, and that
 * `allOf` as a JSON Schema carries it (the projection of such a pipe, listed as it is).
 */
import { disjoint, jsonTypes } from "../json-types.js";
import type { SchemaNode } from "../node.js";
import { viewSchema } from "../node-view.js";
import type { LintRule } from "../rule.js";

/**
 * Flags a Zod 3 pipeline whose two sides share no JSON type (a conversion between them), and
 * a JSON Schema `allOf` two of whose members share no JSON type: what zod-to-json-schema
 * writes for such a pipe, read back from the document (the JSON Schema view reads `allOf` as an
 * intersection, and the pipe behind it is gone).
 */
export const pipeTypeConflict: LintRule = {
  code: "pipe-type-conflict",
  severity: "error",
  description:
    'A Zod 3 a.pipe(b) whose sides have no JSON type in common, such as z.string().pipe(z.coerce.number()) or z.string().transform(Number).pipe(z.number()). zod-to-json-schema emits `allOf: [{ type: "string" }, { type: "number" }]`, which no value satisfies, while the tool itself accepts a string. In a JSON Schema, that `allOf` itself: members with no JSON type in common.',
  fix: "Describe what the model sends: the input side alone (z.string().transform(Number) and check the number in the tool), or z.coerce.number() when a number is what the model should send; or use Zod 4, which projects only the input side.",
  evidence:
    'zod-to-json-schema src/parsers/pipeline.ts emits `allOf: [in, out]`, the input side of a transform (effectStrategy "input") as its own input type. An allOf of disjoint types is unsatisfiable under JSON Schema, so every argument the model could send is invalid against the schema it was shown, and the tool\'s own parse accepts values the schema forbids.',
  create: (context) => ({
    node({ node, path }) {
      if (node.kind === "intersection" && node.major === "json-schema") {
        if (!conflicting(node.children.map((child) => viewSchema(child.schema)))) return;
        context.report(
          path,
          "allOf whose members have no JSON type in common, which no value satisfies, so every argument the model sends is invalid against the schema it is shown. Describe the type the tool reads, alone.",
        );
        return;
      }
      if (node.kind !== "pipe" || node.major !== 3) return;
      const [input, output] = node.children.map((child) => viewSchema(child.schema));
      if (input === undefined || output === undefined) return;
      if (!disjoint(jsonTypes(input), jsonTypes(output))) return;
      context.report(
        path,
        "Zod 3 .pipe() between schemas of different JSON types; zod-to-json-schema emits it as allOf of both, which no value satisfies, while the tool accepts the input type. Describe the input side alone and convert after parsing, or use Zod 4.",
      );
    },
  }),
};

/** Whether two of the members admit no JSON type in common (an unreadable member: never). */
function conflicting(members: readonly (SchemaNode | undefined)[]): boolean {
  const types = members.map((member) => (member === undefined ? undefined : jsonTypes(member)));
  return types.some((a, i) => types.slice(i + 1).some((b) => disjoint(a, b)));
}
