/**
 * What every benchmark hands the runner: a Markdown section for RESULTS.md and rows
 * for the summary table. Sections print themselves as they go.
 *
 * @module
 */
import { formatRatio } from "./harness";
import { formatSpread, type Goal, type RatioSpread, verdict } from "./ratio";

/** One line of the summary table: a figure beside its peer, measured in the same run. */
export interface SummaryRow {
  readonly area: string;
  readonly figure: string;
  /** What this run measured: a median ratio, a size, a count, a check's result. */
  readonly value: string;
  /** How far a ratio moved between rounds, or why it has no spread (an exact count). */
  readonly spread?: string;
  readonly goal?: string;
  /** Whether `value` (with its spread) meets `goal`, computed from the measurements. */
  readonly meets?: string;
}

/** A summary row for a timed ratio: its median, its spread, and the goal checked against both. */
export function ratioRow(
  area: string,
  figure: string,
  spread: RatioSpread,
  goal?: Goal,
): SummaryRow {
  return {
    area,
    figure,
    value: formatRatio(spread.median),
    spread: formatSpread(spread),
    ...(goal ? { goal: goal.text, meets: verdict(spread, goal) } : {}),
  };
}

/** A benchmark's contribution to the report. */
export interface Section {
  readonly title: string;
  readonly markdown: string;
  readonly summary: readonly SummaryRow[];
}

/** A Markdown table from a header and rows; also used for console output. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The summary table of every section. */
export function summaryTable(rows: readonly SummaryRow[]): string {
  return table(
    ["area", "figure", "this run", "spread", "goal", "meets goal"],
    rows.map((row) => [
      row.area,
      row.figure,
      row.value,
      row.spread ?? "",
      row.goal ?? "",
      row.meets ?? "",
    ]),
  );
}
