/**
 * One report out of the sweep of modules and the sweep of listings: the same options made
 * both, so their dialects and targets agree; findings, ledgers and counters add up.
 *
 * @module
 */
import type { SweepReport } from "toolwright/check";

/** `rest` added to `first`, in order; `first`'s dialects and targets stand for all. */
export function combineReports(first: SweepReport, ...rest: readonly SweepReport[]): SweepReport {
  const all = [first, ...rest];
  const sum = (key: "schemasChecked" | "toolsChecked" | "errorCount" | "warningCount") =>
    all.reduce((total, report) => total + report[key], 0);
  return {
    ...first,
    findings: all.flatMap((report) => report.findings),
    ledger: all.flatMap((report) => report.ledger),
    schemasChecked: sum("schemasChecked"),
    toolsChecked: sum("toolsChecked"),
    errorCount: sum("errorCount"),
    warningCount: sum("warningCount"),
  };
}
