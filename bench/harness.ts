/**
 * A small timing harness: warm-up, then interleaved rounds of calibrated batches.
 * Candidates of one group take turns inside every round, the first of them rotating
 * from round to round, so drift (frequency scaling, GC) lands on all of them alike,
 * and a ratio between two candidates can be taken round by round (see `ratio.ts`).
 * Time is the process's CPU time (user + system, all its threads, from
 * `process.cpuUsage()`), not wall time: on a shared machine another process holding
 * the CPU does not count against whichever candidate was running.
 * Everything measured here runs in process (the MCP transport is in memory), so
 * nothing waits on I/O. Benchmarks print; nothing here asserts a time.
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
  /** Timed batches per candidate. */
  readonly rounds?: number;
  /** Upper bound on a batch's size (for candidates whose `prepare` allocates per op). */
  readonly maxBatch?: number;
}

/** A candidate's time per operation in every round, and their median. */
export interface Timing {
  readonly name: string;
  /** Median nanoseconds per operation across rounds. */
  readonly ns: number;
  /** Nanoseconds per operation in each round, in round order: round `r` of every candidate of a group ran side by side. */
  readonly rounds: readonly number[];
  /** Operations per batch. */
  readonly batch: number;
}

/** Candidates warmed up and calibrated, ready to be timed one interleaved round at a time. */
export interface Calibrated {
  /** Operations per batch, per candidate. */
  readonly sizes: readonly number[];
  /** Times one batch of every candidate; resolves to nanoseconds per operation, in candidate order. */
  round(): Promise<number[]>;
}

/** What {@link measure} uses for any option not given; exported so reports can state it. */
export const measureDefaults = { warmupMs: 200, batchMs: 25, rounds: 15, maxBatch: 1_000_000 };

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

/**
 * Warms up and calibrates every candidate. Split from {@link measure} so a process of
 * its own (`mcp-worker.ts`) can time its rounds when another process tells it to.
 */
export async function calibrateAll(
  candidates: readonly Candidate[],
  options: MeasureOptions = {},
): Promise<Calibrated> {
  const opts = { ...measureDefaults, ...options };
  const sizes: number[] = [];
  for (const candidate of candidates) sizes.push(await calibrate(candidate, opts));
  let rounds = 0;
  return {
    sizes,
    async round() {
      // Each round starts one candidate later than the last, so no candidate always
      // runs right after the same neighbour (and inherits the garbage it left).
      const start = rounds++ % candidates.length;
      const perOp: number[] = new Array(candidates.length);
      for (let k = 0; k < candidates.length; k++) {
        const index = (start + k) % candidates.length;
        const n = sizes[index] as number;
        perOp[index] = (await batch(candidates[index] as Candidate, n)) / n;
      }
      return perOp;
    },
  };
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Times every candidate in interleaved rounds and returns each one's rounds, in order. */
export async function measure(
  candidates: readonly Candidate[],
  options: MeasureOptions = {},
): Promise<Timing[]> {
  const { sizes, round } = await calibrateAll(candidates, options);
  const samples: number[][] = candidates.map(() => []);
  for (let r = 0; r < (options.rounds ?? measureDefaults.rounds); r++) {
    for (const [index, ns] of (await round()).entries()) samples[index]?.push(ns);
  }
  return candidates.map((candidate, index) => {
    const rounds = samples[index] as number[];
    return { name: candidate.name, ns: median(rounds), rounds, batch: sizes[index] as number };
  });
}

/** Formats nanoseconds per operation with a unit a reader can take in. */
export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** A ratio as `1.07` (no sign), with as many digits as its size needs. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "?";
  if (value < 0.1) return value.toPrecision(2);
  return value.toFixed(value >= 10 ? 1 : 2);
}

/** A ratio as `1.07×`. */
export function formatRatio(value: number): string {
  return `${formatNumber(value)}×`;
}
