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
import { formatNs, measure, type Timing } from "./harness";
import { formatWithSpread, ratioSpread } from "./ratio";
import { ratioRow, type Section, type SummaryRow, table } from "./report";

const toolsPerToolbox = 5;
/** Fewer rounds than the default: a cold call takes milliseconds and a fresh toolbox built per call. */
const rounds = 9;

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

/** Cold and warm `getToolSchemas()` for one major, in interleaved rounds. */
async function measureMajor(z: typeof z4 | typeof z3): Promise<{ cold: Timing; warm: Timing }> {
  let pool: Toolbox[] = [];
  const warmBox = freshToolbox(z);
  warmBox.getToolSchemas();
  const [cold, warm] = await measure(
    [
      {
        name: "cold",
        prepare: (n) => {
          pool = Array.from({ length: n }, () => freshToolbox(z));
        },
        run: (i) => pool[i]?.getToolSchemas(),
      },
      { name: "warm", run: () => warmBox.getToolSchemas() },
    ],
    { maxBatch: 400, rounds },
  );
  if (!cold || !warm) throw new Error("projection bench: missing timing");
  return { cold, warm };
}

const description =
  `\`getToolSchemas()\` (draft-07) on a toolbox of ${toolsPerToolbox} tools, each a 5-field \`parameters\` ` +
  "and a 2-field `returns`, so 10 projections per call. Cold: a toolbox of freshly built schema " +
  "objects every call (built outside the timed region). Warm: the same toolbox every call, " +
  `answered from the per-schema cache. ${rounds} interleaved rounds of CPU time; warm / cold is taken ` +
  "per round, and given as the median with the interquartile range and extremes of those ratios.";

/** Runs the projection benchmark, printing as it goes. */
export async function runProjection(): Promise<Section> {
  const rows: string[][] = [];
  const summary: SummaryRow[] = [];
  for (const [major, z] of [
    ["zod 4", z4],
    ["zod/v3", z3],
  ] as const) {
    const { cold, warm } = await measureMajor(z);
    const ratio = ratioSpread(warm.rounds, cold.rounds);
    rows.push([major, formatNs(cold.ns), formatNs(warm.ns), formatWithSpread(ratio)]);
    summary.push(
      ratioRow(
        "Projection",
        `getToolSchemas() warm / cold (${major}, ${toolsPerToolbox} tools)`,
        ratio,
      ),
    );
  }
  const body = table(
    ["Zod", "cold (fresh schemas)", "warm (cached)", "warm / cold, per round"],
    rows,
  );
  console.log(`\n${body}`);
  return { title: "Projection", markdown: `${description}\n\n${body}`, summary };
}
