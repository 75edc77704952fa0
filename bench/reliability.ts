/**
 * Reliability figures: the loads of the reliability suite (`test/reliability/`), counted
 * and printed. Counts first: each load says how many calls it made and how many came
 * back with what they were owed. The hostile loads (`hostile-loads.ts`) add what another
 * client's calls took meanwhile, and memory.
 *
 * @module
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  concurrentHttpCalls,
  concurrentScopedCalls,
  faultInjectedCalls,
  type LoadFigures,
  shutdownUnderLoad,
} from "../test/reliability/drive";
import type { MemoryFigures } from "../test/reliability/memory-probe";
import { repoRoot } from "./environment";
import { runHostileLoads } from "./hostile-loads";
import { type Section, type SummaryRow, table } from "./report";

const loads: readonly { readonly name: string; readonly run: () => Promise<LoadFigures> }[] = [
  { name: "toolSet.call, 5,000 concurrent, a scope each", run: () => concurrentScopedCalls(5_000) },
  { name: "toolSet.call, 2,500 concurrent, faults injected", run: () => faultInjectedCalls(2_500) },
  {
    name: "MCP over HTTP, SDK Client, 1,000 concurrent",
    run: () => concurrentHttpCalls(1_000),
  },
  {
    name: "MCP over HTTP, close({ graceMs: 400 }) with 500 calls in flight",
    run: () => shutdownUnderLoad(500, 400),
  },
];

async function memory(): Promise<MemoryFigures> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "test/reliability/memory-probe.ts", "10", "1000"],
    { cwd: repoRoot },
  );
  return JSON.parse(stdout) as MemoryFigures;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** Runs the reliability loads, printing as it goes. */
export async function runReliability(): Promise<Section> {
  const rows: string[][] = [];
  const summary: SummaryRow[] = [];
  for (const load of loads) {
    const figures = await load.run();
    rows.push([
      load.name,
      ...[figures.calls, figures.ok, figures.lost, figures.crossed].map(String),
    ]);
    summary.push({
      area: "Reliability",
      figure: `${load.name}: lost + crossed`,
      value: String(figures.lost + figures.crossed),
      spread: "none (a count)",
      goal: "0",
      meets: figures.lost + figures.crossed === 0 ? "yes" : "no",
    });
  }
  const heap = await memory();
  const growth = heap.finalBytes - heap.baselineBytes;
  summary.push({
    area: "Reliability",
    figure: `heap after ${heap.calls.toLocaleString("en")} calls and GC, minus baseline`,
    value: mib(growth),
    spread: "none (one measurement)",
    goal: "< 1 MiB",
    meets: growth < 1024 * 1024 ? "yes" : "no",
  });
  const hostile = await runHostileLoads();
  summary.push(...hostile.summary);
  const markdown = [
    "The loads of `test/reliability/`, which asserts the same counts. A call is lost when it " +
      "fails or never settles, crossed when it comes back with another call's argument or " +
      "scope, or with a failure of the wrong kind (faults injected; at shutdown, calls within " +
      "the grace period are owed their value, the others an `isError` answer).",
    table(["load", "calls", "ok", "lost", "crossed"], rows),
    `Heap in use after a warm-up batch and a collection: ${mib(heap.baselineBytes)}; after ` +
      `${heap.calls.toLocaleString("en")} more calls (toolSet.call and the MCP server in ` +
      `memory) and a collection: ${mib(heap.finalBytes)} (${mib(growth)}).`,
    hostile.markdown,
  ].join("\n\n");
  console.log(`\n${markdown}`);
  return { title: "Reliability", markdown, summary };
}
