/**
 * What every benchmark hands the runner: a Markdown section for RESULTS.md and rows
 * for the summary table. Sections print themselves as they go.
 *
 * @module
 */

/** One line of the summary table: a figure beside its peer, measured in the same run. */
export interface SummaryRow {
  readonly area: string;
  readonly figure: string;
  readonly value: string;
  readonly goal?: string;
}

/** A benchmark's contribution to the report. */
export interface Section {
  readonly title: string;
  readonly markdown: string;
  readonly summary: readonly SummaryRow[];
  /** Where toolwright is behind a peer or a goal in this run, and why. */
  readonly behind?: readonly string[];
}

/** A Markdown table from a header and rows; also used for console output. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
