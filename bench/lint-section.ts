/**
 * The lint benchmark is the lint engineers' `bench/lint.ts`, a script that prints its
 * own tables. It runs here in a child process and its output is carried into the
 * report as it is, with the linearity ratios picked out for the summary.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./environment";
import type { Section, SummaryRow } from "./report";

/** Runs `bench/lint.ts` and wraps what it prints. */
export async function runLint(): Promise<Section> {
  const script = join(repoRoot, "bench", "lint.ts");
  if (!existsSync(script)) {
    return {
      title: "Lint",
      markdown: "Not measured: `bench/lint.ts` does not exist in this checkout.",
      summary: [
        {
          area: "Lint",
          figure: "lintModelFacingSchema cost per node",
          value: "not measured: no bench/lint.ts",
        },
      ],
    };
  }
  const run = spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: repoRoot,
    encoding: "utf8",
    maxBuffer: 16 * 2 ** 20,
  });
  const output = run.stdout.trim();
  console.log(output);
  if (run.status !== 0) {
    const reason = run.stderr.trim().split("\n").slice(0, 5).join(" ");
    return {
      title: "Lint",
      markdown: `\`bench/lint.ts\` failed (exit ${run.status}): ${reason}\n\n\`\`\`\n${output}\n\`\`\``,
      summary: [
        {
          area: "Lint",
          figure: "lintModelFacingSchema",
          value: "not measured: bench/lint.ts failed",
        },
      ],
    };
  }
  const summary: SummaryRow[] = [];
  let heading = "";
  for (const line of output.split("\n")) {
    const ratio = /ratio[^:]*:\s*([\d.]+)/i.exec(line);
    if (ratio) {
      summary.push({
        area: "Lint",
        figure: `per-node cost, 100k nodes / 100 nodes (${heading || "lint"})`,
        value: `${Number(ratio[1]).toFixed(2)}×`,
        goal: "≈ 1× (linear)",
      });
    } else if (line.trim() && !line.includes("|") && !/^[-\s]+$/.test(line)) {
      heading = line.trim();
    }
  }
  const behind = summary
    .filter((row) => Number.parseFloat(row.value) > 1.5)
    .map(
      (row) =>
        `Lint: ${row.figure} is ${row.value} (goal: about 1×, linear), as \`bench/lint.ts\` ` +
        "measures it (wall time, median of its samples); its table above shows at which size the " +
        "per-node cost rises.",
    );
  return {
    behind,
    title: "Lint",
    markdown: `The output of \`bench/lint.ts\` (owned by the lint work), run by this runner:\n\n\`\`\`\n${output}\n\`\`\``,
    summary,
  };
}
