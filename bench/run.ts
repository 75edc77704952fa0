/**
 * `npm run bench`: every benchmark in one run, each figure beside its peer measured
 * in the same run, written to `bench/RESULTS.md`. Benchmarks print; they never fail on
 * a time. `npm run bench -- boundary typecheck` runs a subset and writes nothing.
 *
 * @module
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { runBoundary } from "./boundary";
import { describeEnvironment, repoRoot } from "./environment";
import { runImportCost } from "./import-cost";
import { runLint } from "./lint-section";
import { runProjection } from "./projection";
import { type Section, table } from "./report";
import { runTypecheck } from "./typecheck";

const benchmarks: Record<string, () => Promise<Section>> = {
  boundary: runBoundary,
  projection: runProjection,
  lint: runLint,
  typecheck: runTypecheck,
  "import-cost": runImportCost,
};

const titles: Record<string, string> = {
  boundary: "Boundary overhead",
  projection: "Projection",
  lint: "Lint",
  typecheck: "Type-checking cost",
  "import-cost": "Import cost",
};

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    throw new TypeError(
      `unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(benchmarks).join(", ")}`,
    );
  }
  const names = asked.length > 0 ? asked : Object.keys(benchmarks);
  const environment = describeEnvironment();
  const loadBefore = load();
  console.log(`${environment}\n- Load average (1/5/15 min) at start: ${loadBefore}`);
  const started = performance.now();
  const sections: Section[] = [];
  for (const name of names) {
    console.log(`\n## ${titles[name]}`);
    const run = benchmarks[name] as () => Promise<Section>;
    try {
      sections.push(await run());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`${name} failed: ${reason}`);
      sections.push({
        title: titles[name] ?? name,
        markdown: `Not measured: the benchmark failed: ${reason}`,
        summary: [
          {
            area: titles[name] ?? name,
            figure: "(all)",
            value: `not measured: ${reason.split("\n")[0]}`,
          },
        ],
      });
    }
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const summary = table(
    ["area", "figure", "this run", "goal"],
    sections.flatMap((s) =>
      s.summary.map((row) => [row.area, row.figure, row.value, row.goal ?? ""]),
    ),
  );
  console.log(`\n## Summary\n${summary}`);
  const behind = sections.flatMap((s) => s.behind ?? []);
  if (behind.length > 0)
    console.log(`\n## Where toolwright is behind\n${behind.map((b) => `- ${b}`).join("\n")}`);
  console.log(`\nDone in ${minutes} min.`);
  if (asked.length > 0) {
    console.log("(a subset was run: bench/RESULTS.md left as it was)");
    return;
  }
  const markdown = [
    "# Benchmarks",
    "Written by `npm run bench` (`bench/run.ts`); do not edit by hand. Every figure is a ratio or " +
      "a count beside its peer or baseline, measured in the same run on the machine below. " +
      "Timings are medians; on a shared or busy machine (see the load average) treat ratios within " +
      "about ±10% as equal. Instantiation counts and bundle sizes do not depend on the machine.",
    `## Machine and versions\n\n${environment}\n- Load average (1/5/15 min): ${loadBefore} at start, ${load()} at the end\n- Whole run: ${minutes} min`,
    `## Summary\n\n${summary}`,
    ...sections.map((s) => `## ${s.title}\n\n${s.markdown}`),
    `## Where toolwright is behind\n\n${behind.length > 0 ? behind.map((b) => `- ${b}`).join("\n") : "Nowhere in this run."}`,
    "",
  ].join("\n\n");
  writeFileSync(join(repoRoot, "bench", "RESULTS.md"), markdown);
  console.log("wrote bench/RESULTS.md");
}

await main();
