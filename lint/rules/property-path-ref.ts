/** `property-path-ref`: a Zod 3 cycle the converter emits as a `$ref` to a property path. */
import type { LintRule } from "../rule.js";

/** `#` and `#/$defs/Name` (`#/definitions/Name`) resolve everywhere; any other pointer does not. */
const RESOLVABLE = /^#(?:\/(?:\$defs|definitions)\/[^/]+)?$/;

/** Whether `ref` points inside the document, not to its root or a top-level definition. */
export function isPropertyPathRef(ref: string | undefined): boolean {
  return ref !== undefined && !RESOLVABLE.test(ref);
}

function jsonMessage(ref: string): string {
  return `This $ref points to ${JSON.stringify(ref)}, a path inside the schema rather than the root or a top-level definition, which this provider path cannot resolve. Move the referenced schema into $defs (or definitions) and point there, or inline it.`;
}

/**
 * Flags, in Zod 3, a cycle back to an ancestor below the root: zod-to-json-schema writes it as
 * `$ref` to where it first met the ancestor. A schema object merely reused at a second path is
 * clean: toolwright's projection writes reuse out in place (src/zod/converters/inline-reuse.ts).
 */
export const propertyPathRef: LintRule = {
  code: "property-path-ref",
  severity: "error",
  description:
    'A Zod 3 z.lazy() cycle back to an ancestor below the root. zod-to-json-schema (default $refStrategy "root") emits it as `{ "$ref": "#/properties/tree" }`, a reference to a property path. A schema object reused at two paths is written out in place by toolwright\'s projection, as Zod 4 does, so it is clean; Zod 4 puts cycles in `$defs`.',
  fix: "Make the recursive schema the root, unroll it, or move to Zod 4.",
  evidence:
    "zod-to-json-schema src/parseDef.ts: a def met again becomes `$ref` to its first path (StefanTerdell/zod-to-json-schema#77); toolwright inlines every such `$ref` that is not recursion. OpenAI strict: 'reference can only point to definitions defined at the top level of the schema' (modelcontextprotocol/typescript-sdk#1082); OpenAI's own helper avoids it with $refStrategy 'extract-to-root'. Gemini's legacy Schema has no $ref field at all (@google/genai Schema).",
  create: (context) => ({
    node({ node, path }) {
      // A JSON Schema says its references itself: one to anything but the root or a
      // top-level definition is what this provider path cannot resolve.
      if (node.major === "json-schema" && isPropertyPathRef(node.ref)) {
        context.report(path, jsonMessage(node.ref as string));
      }
    },
    cycle({ path, ancestorPath, node }) {
      if (node?.major !== 3 || ancestorPath === "$") return;
      context.report(
        path,
        `Schema refers back to its ancestor at ${ancestorPath}; zod-to-json-schema emits the cycle as a $ref to that property path, which this provider path cannot resolve (only the root, "#", or top-level definitions). Make the recursive schema the root, unroll it, or use Zod 4 (which puts cycles in $defs).`,
      );
    },
  }),
};
