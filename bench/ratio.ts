/**
 * A ratio and its spread, computed from the measurements themselves: one ratio per
 * round, each from two candidates timed side by side in that round, then the median
 * of those ratios, their interquartile range and their extremes. A ratio of two
 * medians would hide how far it moves from round to round; these figures show it.
 * A goal is checked against the interquartile range, so a verdict never rests on one
 * lucky or unlucky round.
 *
 * @module
 */
import { formatNumber, formatRatio, median } from "./harness";

/** The distribution of one ratio across rounds. */
export interface RatioSpread {
  readonly median: number;
  /** First quartile of the per-round ratios. */
  readonly q1: number;
  /** Third quartile of the per-round ratios. */
  readonly q3: number;
  readonly min: number;
  readonly max: number;
  /** How many per-round ratios the figures come from. */
  readonly count: number;
}

/** A goal for a ratio, as the report states it and as a test of one value. */
export interface Goal {
  readonly text: string;
  readonly holds: (value: number) => boolean;
}

/** Goal: the ratio is at most `bound`. */
export function atMost(bound: number): Goal {
  return { text: `≤ ${formatRatio(bound)}`, holds: (value) => value <= bound };
}

/** Goal: the ratio is at least `bound`. */
export function atLeast(bound: number): Goal {
  return { text: `≥ ${formatRatio(bound)}`, holds: (value) => value >= bound };
}

/** Goal: the ratio is below `bound`. */
export function below(bound: number): Goal {
  return { text: `< ${formatRatio(bound)}`, holds: (value) => value < bound };
}

/** Quantile by linear interpolation between the closest ranks (R's type 7). */
function quantile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] as number;
  const b = sorted[high] as number;
  return a + (b - a) * (at - low);
}

/** The spread of a list of ratios (one per round). */
export function spreadOf(ratios: readonly number[]): RatioSpread {
  if (ratios.length === 0) throw new TypeError("spreadOf: no ratios; measure at least one round");
  const sorted = [...ratios].sort((a, b) => a - b);
  return {
    median: median(sorted),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    min: sorted[0] as number,
    max: sorted.at(-1) as number,
    count: sorted.length,
  };
}

/**
 * `numerators[r] / denominators[r]` for every round `r`, then their spread. Both lists
 * must come from the same rounds, in the same order.
 */
export function ratioSpread(
  numerators: readonly number[],
  denominators: readonly number[],
): RatioSpread {
  if (numerators.length !== denominators.length) {
    throw new TypeError(
      `ratioSpread: ${numerators.length} numerators but ${denominators.length} denominators; pass the rounds of two candidates timed side by side`,
    );
  }
  return spreadOf(numerators.map((value, r) => value / (denominators[r] as number)));
}

function spans(spread: RatioSpread): { iqr: string; range: string } {
  const span = (a: number, b: number) => `${formatNumber(a)}–${formatRatio(b)}`;
  return { iqr: span(spread.q1, spread.q3), range: span(spread.min, spread.max) };
}

/** `IQR 1.01–1.07×, range 0.97–1.15× (15 rounds)`. */
export function formatSpread(spread: RatioSpread): string {
  const { iqr, range } = spans(spread);
  return `IQR ${iqr}, range ${range} (${spread.count} rounds)`;
}

/** `1.04× (IQR 1.01–1.07×, range 0.97–1.15×, 15 rounds)`: a median ratio with its spread. */
export function formatWithSpread(spread: RatioSpread): string {
  const { iqr, range } = spans(spread);
  return `${formatRatio(spread.median)} (IQR ${iqr}, range ${range}, ${spread.count} rounds)`;
}

/**
 * Whether a measured ratio meets a goal: `yes` when its whole interquartile range
 * does, `no` when none of it does, otherwise which side the median is on.
 */
export function verdict(spread: RatioSpread, goal: Goal): string {
  const low = goal.holds(spread.q1);
  const high = goal.holds(spread.q3);
  if (low && high) return "yes";
  if (!low && !high) return "no";
  return `IQR straddles the goal; median ${goal.holds(spread.median) ? "meets" : "misses"} it`;
}
