/** `property-path-ref`: a Zod 3 schema the converter emits as a `$ref` to a property path. */
import { isWithin } from "../path.js";
import type { LintRule } from "../rule.js";

/** `#` and `#/$defs/Name` (`#/definitions/Name`) resolve everywhere; any other pointer does not. */
const RESOLVABLE = /^#(?:\/(?:\$defs|definitions)\/[^/]+)?$/;

function isPropertyPathRef(ref: string | undefined): boolean {
  return ref !== undefined && !RESOLVABLE.test(ref);
}

function jsonMessage(ref: string): string {
  return `This $ref points to ${JSON.stringify(ref)}, a path inside the schema rather than the root or a top-level definition, which this provider path cannot resolve. Move the referenced schema into $defs (or definitions) and point there, or inline it.`;
}

/**
 * Flags, in Zod 3, a schema object met again at a second path (reused) and a cycle back to an
 * ancestor below the root: zod-to-json-schema writes both as `$ref` to where it first met them.
 */
export const propertyPathRef: LintRule = {
  code: "property-path-ref",
  severity: "error",
  description:
    'A Zod 3 schema object used at two paths (`const id = z.string(); z.object({ a: id, b: id })`), or a Zod 3 z.lazy() cycle back to an ancestor below the root. zod-to-json-schema (default $refStrategy "root") emits the second use as `{ "$ref": "#/properties/a" }`, a reference to a property path. Zod 4 inlines reused schemas and puts cycles in `$defs`.',
  fix: "Build the schema where it is used (a function returning a fresh z.string() per field), or move to Zod 4; for a cycle, make the recursive schema the root or unroll it.",
  evidence:
    "zod-to-json-schema src/parseDef.ts and getRelativePath: a def met again becomes `$ref` to its first path (StefanTerdell/zod-to-json-schema#77). OpenAI strict: 'reference can only point to definitions defined at the top level of the schema' (modelcontextprotocol/typescript-sdk#1082); OpenAI's own helper avoids it with $refStrategy 'extract-to-root'. Gemini's legacy Schema has no $ref field at all (@google/genai Schema).",
  create: (context) => {
    const firstSeen = new Map<object, string>();
    const reused: string[] = [];
    return {
      node({ node, path, parent }) {
        // A JSON Schema says its references itself: one to anything but the root or a
        // top-level definition is the `$ref` zod-to-json-schema writes for a Zod 3 reuse.
        if (node.major === "json-schema") {
          if (isPropertyPathRef(node.ref)) context.report(path, jsonMessage(node.ref as string));
          return;
        }
        // The converter writes an untracked child inline: it neither records nor references it.
        if (node.major !== 3 || parent?.untrackedChildren) return;
        // Pre-order: once the walk leaves a reused subtree it never comes back, so a stack will do.
        while (reused.length > 0 && !isWithin(path, reused[reused.length - 1] as string))
          reused.pop();
        if (reused.length > 0) return;
        const first = firstSeen.get(node.schema);
        if (first === undefined) {
          firstSeen.set(node.schema, path);
          return;
        }
        reused.push(path);
        context.report(
          path,
          `This schema object is also used at ${first}; zod-to-json-schema emits this second use as a $ref to that property path, which this provider path cannot resolve. Build a fresh schema for each field (a function returning it), or use Zod 4.`,
        );
      },
      cycle({ path, ancestorPath, node }) {
        if (node?.major !== 3 || ancestorPath === "$") return;
        context.report(
          path,
          `Schema refers back to its ancestor at ${ancestorPath}; zod-to-json-schema emits the cycle as a $ref to that property path, which this provider path cannot resolve (only the root, "#", or top-level definitions). Make the recursive schema the root, unroll it, or use Zod 4 (which puts cycles in $defs).`,
        );
      },
    };
  },
};
