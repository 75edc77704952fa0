/**
 * Projection: `Toolbox.getToolSchemas()` on fresh schema objects (cold: every
 * projection converts) against the same call on a toolbox already projected (warm:
 * the per-schema cache answers). Both Zod majors.
 *
 * @module
 */

import { type AnySchema, defineTool, type Toolbox, toolbox } from "toolwright";
import { z as z4 } from "zod";
import { z as z3 } from "zod/v3";
import { formatNs, formatRatio, measure } from "./harness";
import { type Section, type SummaryRow, table } from "./report";

const toolsPerToolbox = 5;

/** A toolbox of five tools, each a 5-field `parameters` and a 2-field `returns`, built fresh. */
function freshToolbox(z: typeof z4 | typeof z3): Toolbox {
  const zz = z as typeof z4; // zod/v3's builders share these names and shapes
  const tools = Object.fromEntries(
    Array.from({ length: toolsPerToolbox }, (_, i) => [
      `tool_${i}`,
      defineTool({
        description: `Benchmark tool ${i}`,
        parameters: zz.object({
          query: zz.string().describe("What to search for"),
          limit: zz.number().int().min(1).max(100),
          cursor: zz.string().optional(),
          tags: zz.array(zz.string()),
          mode: zz.enum(["fast", "thorough"]),
        }) as unknown as AnySchema,
        returns: zz.object({
          total: zz.number(),
          items: zz.array(zz.object({ id: zz.string(), title: zz.string() })),
        }) as unknown as AnySchema,
        execute: () => ({ total: 0, items: [] }),
      }),
    ]),
  );
  return toolbox("projection", "projection benchmark", tools);
}

/** Runs the projection benchmark, printing as it goes. */
export async function runProjection(): Promise<Section> {
  const rows: string[][] = [];
  const summary: SummaryRow[] = [];
  for (const [major, z] of [
    ["zod 4", z4],
    ["zod/v3", z3],
  ] as const) {
    let pool: Toolbox[] = [];
    const warm = freshToolbox(z);
    warm.getToolSchemas();
    const [cold, hot] = await measure(
      [
        {
          name: "cold",
          prepare: (n) => {
            pool = Array.from({ length: n }, () => freshToolbox(z));
          },
          run: (i) => pool[i]?.getToolSchemas(),
        },
        { name: "warm", run: () => warm.getToolSchemas() },
      ],
      { maxBatch: 400, rounds: 9 },
    );
    if (!cold || !hot) throw new Error("projection bench: missing timing");
    const ratio = hot.ns / cold.ns;
    rows.push([
      major,
      formatNs(cold.ns),
      formatNs(hot.ns),
      formatRatio(ratio),
      formatRatio(cold.ns / hot.ns),
    ]);
    summary.push({
      area: "Projection",
      figure: `getToolSchemas() warm / cold (${major}, ${toolsPerToolbox} tools)`,
      value: `${formatRatio(ratio)} (warm is ${formatRatio(cold.ns / hot.ns)} faster)`,
    });
  }
  const body = table(
    ["Zod", "cold (fresh schemas)", "warm (cached)", "warm / cold", "cold / warm"],
    rows,
  );
  console.log(`\n${body}`);
  return {
    title: "Projection",
    markdown:
      `\`getToolSchemas()\` (draft-07) on a toolbox of ${toolsPerToolbox} tools, each a 5-field \`parameters\` ` +
      "and a 2-field `returns`, so 10 projections per call. Cold: a toolbox of freshly built schema " +
      "objects every call (built outside the timed region). Warm: the same toolbox every call, " +
      `answered from the per-schema cache.\n\n${body}`,
    summary,
  };
}
