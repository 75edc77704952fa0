/**
 * Renderings of a sweep report: one text line per finding, a JSON document, and GitHub
 * Actions workflow annotations.
 *
 * @module
 */
import type { SweepFinding, SweepReport } from "./types";
import { workflowCommand } from "./workflow-command";

/**
 * One finding as one line: `agent / capability / tool.parameters: [code] severity path — message`.
 *
 * @example
 * ```ts
 * formatFinding(finding);
 * // "examples / planning / list_meetings.parameters: [exclusive-numeric-bound] error $.limit — …"
 * ```
 */
export function formatFinding(finding: SweepFinding): string {
  return `${finding.label}: [${finding.code}] ${finding.severity} ${finding.path} — ${finding.message}`;
}

/** "3 schemas under gemini-bifrost" / "… under gemini-bifrost and openai". */
export function describeCoverage(report: Pick<SweepReport, "schemasChecked" | "dialects">): string {
  const noun = report.schemasChecked === 1 ? "schema" : "schemas";
  return `${report.schemasChecked} ${noun} under ${joinWords(report.dialects)}`;
}

/** "2 errors, 1 warning". */
export function describeCounts(report: Pick<SweepReport, "errorCount" | "warningCount">): string {
  return `${plural(report.errorCount, "error")}, ${plural(report.warningCount, "warning")}`;
}

/**
 * A GitHub Actions workflow command for one finding:
 * `::error file=src/tools.ts,title=toolwright [tuple] meetings / list.parameters::$.range — …`.
 */
export function formatAnnotation(finding: SweepFinding, file: string | undefined): string {
  const level = finding.severity === "error" ? "error" : "warning";
  const title = `toolwright [${finding.code}] ${finding.label}`;
  return workflowCommand(level, { file, title }, `${finding.path} — ${finding.message}`);
}

/** A GitHub Actions error annotation for a problem that is no finding (a load error). */
export function formatErrorAnnotation(message: string): string {
  return workflowCommand("error", { title: "toolwright check" }, message);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
