/** Counting what per-request budgets count, over one schema's neutral shape. */
import { isOptionalInput, isUnionTyped, layersOf } from "./layers.js";
import type { BudgetMeasure, REQUEST_BUDGETS } from "./request-budgets.js";
import { walkSchema } from "./walk.js";

/** The schema's share of each budget (`tools` is 1: the schema is one tool's parameters). */
export type SchemaMeasures = Record<BudgetMeasure, number>;

/**
 * Measures one tool's parameters schema (Zod 3, Zod 4, a raw shape or JSON Schema) as the
 * per-request budgets count it, walking it once: add the measures of a request's tools and
 * compare the sums with {@link REQUEST_BUDGETS}.
 *
 * @example
 * ```ts
 * measureSchema(z.object({ a: z.string().optional() })).optionalProperties; // 1
 * ```
 */
export function measureSchema(schema: object): SchemaMeasures {
  const measures: SchemaMeasures = {
    tools: 1,
    properties: 0,
    optionalProperties: 0,
    unionProperties: 0,
    enumValues: 0,
    characters: 0,
  };
  walkSchema(
    schema,
    {
      node({ node, path, edge }) {
        if (edge === "property") {
          const layers = layersOf(node);
          measures.properties++;
          measures.characters += propertyName(path).length;
          if (isOptionalInput(layers)) measures.optionalProperties++;
          if (isUnionTyped(layers)) measures.unionProperties++;
        }
        if (node.kind === "enum" || node.kind === "literal") {
          const values = node.enumValues ?? [];
          measures.enumValues += values.length;
          measures.characters += values.reduce(
            (sum: number, value) => sum + String(value).length,
            0,
          );
        }
      },
      cycle() {},
    },
    "input",
  );
  return measures;
}

/** The last segment's key: `$.a.b` → `b`, `$["odd key"]` → `odd key`. */
function propertyName(path: string): string {
  const quoted = /\["((?:[^"\\]|\\.)*)"\]$/.exec(path);
  if (quoted?.[1] !== undefined) return JSON.parse(`"${quoted[1]}"`) as string;
  return path.slice(path.lastIndexOf(".") + 1);
}
