/**
 * Benchmark for lintModelFacingSchema: time, nodes/sec and findings/sec against schema size
 * (100 to 100,000 nodes), for both Zod majors, and the ratio of per-node cost at the largest
 * size to the smallest (about 1 when cost grows linearly). Prints figures; asserts nothing.
 *
 * Run: npx tsx bench/lint.ts (add --expose-gc to collect the heap before each size). On a
 * loaded machine the figures move from run to run; compare ratios within one run.
 */
import { performance } from "node:perf_hooks";
import { lintModelFacingSchema } from "toolwright/lint";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { walkSchema } from "../lint/walk.js";

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

function fastest(values: number[]): number {
  return Math.min(...values);
}

/** `node --expose-gc` (or `npx tsx --expose-gc`) lets each measurement start from a collected heap. */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * Best of `runs` (the least disturbed by GC and other processes). Small schemas are linted in
 * batches of about 10,000 nodes per sample so the timer's resolution does not dominate.
 */
function time(schema: unknown, nodes: number, runs: number): { ms: number; findings: number } {
  const batch = Math.max(1, Math.ceil(10_000 / nodes));
  let findings = 0;
  const samples: number[] = [];
  collect();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    for (let j = 0; j < batch; j++) findings = lintModelFacingSchema(schema).length;
    samples.push((performance.now() - start) / batch);
  }
  return { ms: fastest(samples), findings };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

for (const [name, zz] of MAJORS) {
  const schemas = SIZES.map((size) => schemaOf(zz, size));
  // Warm every size up first, so the JIT has seen all shapes before anything is measured.
  for (let round = 0; round < 3; round++)
    for (const schema of schemas) lintModelFacingSchema(schema);
  console.log(`\n${name}, dialect gemini-bifrost`);
  console.log("nodes      | ms/lint  | nodes/sec    | findings | findings/sec | µs/node");
  const perNode: number[] = [];
  for (const [index, schema] of schemas.entries()) {
    const nodes = countNodes(schema);
    const { ms, findings } = time(schema, nodes, (SIZES[index] ?? 0) >= 100_000 ? 7 : 15);
    perNode.push((ms * 1000) / nodes);
    console.log(
      [
        fmt(nodes).padEnd(10),
        ms.toFixed(2).padStart(8),
        fmt((nodes / ms) * 1000).padStart(12),
        fmt(findings).padStart(8),
        fmt((findings / ms) * 1000).padStart(12),
        ((ms * 1000) / nodes).toFixed(3).padStart(7),
      ].join(" | "),
    );
  }
  const ratio = (perNode.at(-1) ?? Number.NaN) / (perNode[0] ?? Number.NaN);
  console.log(`per-node cost ratio, largest/smallest: ${ratio.toFixed(2)} (1.00 = linear)`);
}
