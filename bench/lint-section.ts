/**
 * The lint section of the report: `bench/lint.ts` (the lint scaling benchmark, also
 * runnable alone) measured in this run, one table per Zod major, with the per-node
 * cost ratio of the largest schema to the smallest in the summary.
 *
 * @module
 */
import { DEFAULT_DIALECT } from "toolwright/lint";
import { measureDefaults } from "./harness";
import { lintTable, measureLint } from "./lint";
import { ratioRow, type Section } from "./report";

const description =
  "`lintModelFacingSchema` (default dialect) on schemas of about 100, 1,000, 10,000 and " +
  "100,000 nodes, built from units of about ten nodes with two findings each (an exclusive " +
  "bound and a tuple), 100 units to an object. Nodes are counted by the linter's own walker. " +
  `The sizes of one major are timed in ${measureDefaults.rounds} interleaved rounds of CPU time; per node / ` +
  "smallest's divides a size's cost per node by the smallest size's in the same round, given " +
  "as the median with the interquartile range and extremes of those ratios.";

/** Runs the lint benchmark, printing as it goes. */
export async function runLint(): Promise<Section> {
  const majors = await measureLint();
  const parts = majors.map(
    (major) => `#### ${major.name}, dialect ${DEFAULT_DIALECT}\n\n${lintTable(major)}`,
  );
  for (const part of parts) console.log(`\n${part}`);
  const summary = majors.flatMap(({ name, sizes }) => {
    const smallest = sizes[0];
    const largest = sizes.at(-1);
    if (!smallest || !largest) return [];
    const figure = `per-node cost, ${largest.nodes.toLocaleString("en-US")} nodes / ${smallest.nodes} nodes (${name})`;
    return [{ ...ratioRow("Lint", figure, largest.perNodeVsSmallest), goal: "≈ 1× (linear)" }];
  });
  return { title: "Lint", markdown: [description, ...parts].join("\n\n"), summary };
}
