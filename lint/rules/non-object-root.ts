/** `non-object-root`: a root schema that is not emitted as a plain object. */
import { type Advice, adviceFor } from "../advice.js";
import { foldsToObject, layersOf } from "../layers.js";
import type { SchemaNode } from "../node.js";
import type { LintRule } from "../rule.js";

/** How to give the root an object. */
const INSTEAD: Advice = {
  zod: "Wrap it: z.object({ result: ... }).",
  json: 'Wrap it: { "type": "object", "properties": { "result": ... }, "required": ["result"] }.',
};

const isObjectLike = (node: SchemaNode): boolean =>
  node.kind === "object" || node.kind === "record";

/** Flags a root that is a union, primitive, array, nullable object, …: anything but an object. */
export const nonObjectRoot: LintRule = {
  code: "non-object-root",
  severity: "error",
  description:
    "A root schema that is not an object (after optional/default/refine wrappers): a union or discriminated union (`anyOf`/`oneOf` root), a primitive, an array, an intersection emitted as allOf, or a nullable object.",
  fix: "Wrap the value in an object: z.object({ result: schema }).",
  evidence:
    'OpenAI Structured Outputs: the root must be an object, not `anyOf` (a root discriminated union is the guide\'s own failing example). Anthropic: a tool `input_schema` root must be an object; `oneOf`/`allOf`/`anyOf` at the top level are rejected. Both converters emit the root as-is (`anyOf`, `type: "string"`, …), and toolwright\'s `projectParameters` refuses a parameters root without `type: "object"`, so every adapter refuses it.',
  create: (context) => ({
    node({ node, path, edge }) {
      if (edge !== "root") return;
      const layers = layersOf(node);
      const nullable = layers.wrappers.some((layer) => layer.kind === "nullable");
      if (
        !nullable &&
        layers.terminals.every((n) => isObjectLike(n) || (n.major === 4 && foldsToObject(n)))
      )
        return;
      const found = nullable
        ? "a nullable schema"
        : (layers.terminals[0]?.typeName ?? "a non-object");
      context.report(
        path,
        `The root is ${found}, not an object; this provider path requires a root object schema. ${adviceFor(node.major, INSTEAD)}`,
      );
    },
  }),
};
