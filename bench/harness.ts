/**
 * A small timing harness: warm-up, then interleaved rounds of calibrated batches,
 * reporting the median time per operation of each candidate. Candidates of one group
 * take turns inside every round, so drift (frequency scaling, GC) lands on all of them
 * alike. Time is the process's CPU time (user + system, all its threads, from
 * `process.cpuUsage()`), not wall time: on a shared machine another process holding
 * the CPU does not count against whichever candidate was running. Everything measured
 * here runs in process (the MCP transport is in memory), so nothing waits on I/O.
 * Benchmarks print; nothing here asserts a time.
 *
 * @module
 */

/** One thing to time. `run(i)` is one operation; `prepare(n)` runs untimed before a batch of `n`. */
export interface Candidate {
  readonly name: string;
  readonly run: (i: number) => unknown;
  readonly prepare?: (n: number) => unknown;
}

/** How long to measure. */
export interface MeasureOptions {
  /** Untimed calls per candidate before calibration. */
  readonly warmupMs?: number;
  /** Target duration of one timed batch. */
  readonly batchMs?: number;
  /** Timed batches per candidate; the median is reported. */
  readonly rounds?: number;
  /** Upper bound on a batch's size (for candidates whose `prepare` allocates per op). */
  readonly maxBatch?: number;
}

/** The median time per operation of a candidate, and its spread across rounds. */
export interface Timing {
  readonly name: string;
  /** Median nanoseconds per operation. */
  readonly ns: number;
  /** (slowest round - fastest round) / median, a rough noise figure. */
  readonly spread: number;
  /** Operations per batch. */
  readonly batch: number;
}

const defaults = { warmupMs: 200, batchMs: 25, rounds: 15, maxBatch: 1_000_000 };

async function batch(candidate: Candidate, n: number): Promise<number> {
  await candidate.prepare?.(n);
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const value = candidate.run(i);
    if (value instanceof Promise) await value;
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) * 1000;
}

async function calibrate(candidate: Candidate, options: Required<MeasureOptions>): Promise<number> {
  const warmupEnd = performance.now() + options.warmupMs;
  let n = 1;
  let elapsed = 0;
  while (performance.now() < warmupEnd || elapsed === 0) {
    elapsed = await batch(candidate, n);
    if (elapsed < options.batchMs * 1e6 && n < options.maxBatch)
      n = Math.min(n * 2, options.maxBatch);
  }
  const perOp = elapsed / n;
  return Math.max(1, Math.min(options.maxBatch, Math.round((options.batchMs * 1e6) / perOp)));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Times every candidate in interleaved rounds and returns their medians, in order. */
export async function measure(
  candidates: readonly Candidate[],
  options: MeasureOptions = {},
): Promise<Timing[]> {
  const opts = { ...defaults, ...options };
  const sizes: number[] = [];
  for (const candidate of candidates) sizes.push(await calibrate(candidate, opts));
  const samples: number[][] = candidates.map(() => []);
  for (let round = 0; round < opts.rounds; round++) {
    for (const [index, candidate] of candidates.entries()) {
      const n = sizes[index] as number;
      samples[index]?.push((await batch(candidate, n)) / n);
    }
  }
  return candidates.map((candidate, index) => {
    const perOp = samples[index] as number[];
    const mid = median(perOp);
    return {
      name: candidate.name,
      ns: mid,
      spread: (Math.max(...perOp) - Math.min(...perOp)) / mid,
      batch: sizes[index] as number,
    };
  });
}

/** Formats nanoseconds per operation with a unit a reader can take in. */
export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** A ratio as `1.07×`. */
export function formatRatio(value: number): string {
  if (value < 0.1) return `${value.toPrecision(2)}×`;
  return `${value.toFixed(value >= 10 ? 1 : 2)}×`;
}

export { median };
