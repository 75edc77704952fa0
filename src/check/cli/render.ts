/**
 * What `toolwright check` prints on stdout for a finished sweep: one line per finding and a
 * summary, one JSON document, or GitHub Actions workflow annotations.
 *
 * @module
 */
import {
  describeCounts,
  describeCoverage,
  formatAnnotation,
  formatFinding,
  type SweepFinding,
  type SweepReport,
} from "toolwright/check";
import type { CheckOptions } from "./arguments";

/** What the output needs beside the report: the verdict and the modules swept. */
export interface RenderContext
  extends Pick<CheckOptions, "format" | "maxWarnings" | "explicitMaxWarnings"> {
  /** Whether the command fails: errors, or more warnings than allowed. */
  readonly failed: boolean;
  /** The modules swept, as displayed. */
  readonly modules: readonly string[];
}

/** The lines to print on stdout, each written as one `stdout` call. */
export function renderReport(report: SweepReport, context: RenderContext): string[] {
  if (context.format === "json") return [JSON.stringify(jsonReport(report, context), null, 2)];
  const lines = report.findings.map((finding) =>
    context.format === "github"
      ? formatAnnotation(finding, finding.source)
      : `${finding.source ?? "?"}: ${formatFinding(finding)}`,
  );
  return [...lines, summarise(report, context)];
}

function jsonReport(report: SweepReport, context: RenderContext) {
  return {
    ok: !context.failed,
    schemasChecked: report.schemasChecked,
    toolsChecked: report.toolsChecked,
    dialects: report.dialects,
    requireDescribe: report.requireDescribe,
    errorCount: report.errorCount,
    warningCount: report.warningCount,
    maxWarnings: context.maxWarnings,
    modules: context.modules,
    findings: report.findings.map(jsonFinding),
  };
}

// Absent parts are `null`, not left out, so every finding has the same keys.
function jsonFinding(finding: SweepFinding) {
  return {
    file: finding.source ?? null,
    label: finding.label,
    agent: finding.agent ?? null,
    capability: finding.capability ?? null,
    owner: finding.owner ?? null,
    kind: finding.kind,
    name: finding.name,
    schema: finding.schema ?? null,
    code: finding.code,
    severity: finding.severity,
    path: finding.path,
    dialect: finding.dialect ?? null,
    message: finding.message,
  };
}

function summarise(report: SweepReport, context: RenderContext): string {
  const head = `toolwright check: ${describeCoverage(report)}`;
  if (report.findings.length === 0) return `${head}: no findings`;
  const counts = describeCounts(report);
  const over =
    report.errorCount === 0 && context.failed && context.explicitMaxWarnings
      ? ` (more than --max-warnings ${context.maxWarnings})`
      : "";
  return `${head}: ${counts}${over}`;
}
