/**
 * Benchmark for lintModelFacingSchema: time, nodes/sec and findings against schema size
 * (100 to 100,000 nodes), for both Zod majors, and the cost per node at each size
 * against the smallest (about 1 when cost grows linearly). The sizes of one major are
 * timed in interleaved rounds (`harness.ts`, CPU time), so that ratio is taken round by
 * round and given with its spread. Prints figures; asserts nothing.
 *
 * Run alone: `npx tsx bench/lint.ts`; `npm run bench -- lint` runs it through
 * `lint-section.ts`.
 *
 * @module
 */
import { pathToFileURL } from "node:url";
import { DEFAULT_DIALECT, lintModelFacingSchema } from "toolwright/lint";
import { z } from "zod";
import { z as z3 } from "zod/v3";
// The linter's own walker, so "nodes" counts exactly what the linter visits; it is not
// part of the `toolwright/lint` entry.
import { walkSchema } from "../lint/walk.js";
import { formatNs, measure, type Timing } from "./harness";
import { formatWithSpread, type RatioSpread, ratioSpread } from "./ratio";
import { table } from "./report";

type AnyZ = typeof z;
const MAJORS: ReadonlyArray<readonly [string, AnyZ]> = [
  ["zod (v4)", z],
  ["zod/v3", z3 as unknown as AnyZ],
];
const SIZES = [100, 1_000, 10_000, 100_000];

/** One unit of about ten nodes with two findings (an exclusive bound and a tuple). */
function unit(zz: AnyZ, i: number): unknown {
  return zz.object({
    id: zz.string().describe(`id ${i}`),
    count: zz.number().positive(),
    tags: zz.array(zz.string()).optional(),
    pair: zz.tuple([zz.string(), zz.number()]),
    nested: zz.object({ flag: zz.boolean(), level: zz.enum(["a", "b"]) }),
  });
}

/** A schema of about `nodes` nodes: units grouped 100 to an object, groups under the root. */
function schemaOf(zz: AnyZ, nodes: number): unknown {
  const units = Math.max(1, Math.round(nodes / 11));
  const groups: Record<string, unknown> = {};
  for (let g = 0; g * 100 < units; g++) {
    const members: Record<string, unknown> = {};
    for (let i = g * 100; i < Math.min(units, (g + 1) * 100); i++) members[`u${i}`] = unit(zz, i);
    groups[`g${g}`] = zz.object(members as never);
  }
  return zz.object(groups as never);
}

function countNodes(schema: unknown): number {
  let count = 0;
  walkSchema(schema as object, { node: () => count++, cycle: () => {} });
  return count;
}

/** One schema size: its node and finding counts, its timing, and its per-node cost against the smallest size. */
export interface LintSize {
  readonly nodes: number;
  readonly findings: number;
  readonly timing: Timing;
  readonly perNodeVsSmallest: RatioSpread;
}

/** Every size of one Zod major, timed in the same rounds. */
export interface LintMajor {
  readonly name: string;
  readonly sizes: readonly LintSize[];
}

async function measureMajor(name: string, zz: AnyZ): Promise<LintMajor> {
  const schemas = SIZES.map((size) => schemaOf(zz, size));
  const timings = await measure(
    schemas.map((schema, index) => ({
      name: String(SIZES[index]),
      run: () => lintModelFacingSchema(schema),
    })),
  );
  const perNode = timings.map((timing, index) => {
    const nodes = countNodes(schemas[index]);
    return { nodes, rounds: timing.rounds.map((ns) => ns / nodes) };
  });
  const smallest = perNode[0]?.rounds ?? [];
  const sizes = timings.map((timing, index) => ({
    nodes: perNode[index]?.nodes ?? 0,
    findings: lintModelFacingSchema(schemas[index]).length,
    timing,
    perNodeVsSmallest: ratioSpread(perNode[index]?.rounds ?? [], smallest),
  }));
  return { name, sizes };
}

/** Measures every major in turn. */
export async function measureLint(): Promise<LintMajor[]> {
  const majors: LintMajor[] = [];
  for (const [name, zz] of MAJORS) majors.push(await measureMajor(name, zz));
  return majors;
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

/** A Markdown table of one major's sizes. */
export function lintTable({ sizes }: LintMajor): string {
  const rows = sizes.map(({ nodes, findings, timing, perNodeVsSmallest }, index) => [
    fmt(nodes),
    formatNs(timing.ns),
    fmt((nodes / timing.ns) * 1e9),
    fmt(findings),
    formatNs(timing.ns / nodes),
    index === 0 ? "baseline" : formatWithSpread(perNodeVsSmallest),
  ]);
  return table(
    ["nodes", "per lint (median)", "nodes/sec", "findings", "per node", "per node / smallest's"],
    rows,
  );
}

const script = process.argv[1];
if (script !== undefined && import.meta.url === pathToFileURL(script).href) {
  for (const major of await measureLint()) {
    console.log(`\n${major.name}, dialect ${DEFAULT_DIALECT}\n${lintTable(major)}`);
  }
}
