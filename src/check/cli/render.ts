/**
 * What `toolwright check` prints on stdout for a finished sweep: one line per finding and a
 * summary, one JSON document, or GitHub Actions workflow annotations that point at the line
 * defining the tool.
 *
 * @module
 */
import type { SweepLedgerEntry, SweepReport } from "toolwright/check";
import { workflowCommand } from "../workflow-command";
import type { CheckOptions } from "./arguments";
import type { CheckModule } from "./check-worker";
import { type FindingGroup, groupFindings } from "./group-findings";
import type { MergedFinding } from "./merge-findings";
import { lockJson, lockLines, lockSummary } from "./render-lock";
import type { LockOutcome } from "./run-lock";
import type { SourceLines } from "./source-lines";

/** What the output needs beside the report. */
export interface RenderContext extends Pick<CheckOptions, "format" | "maxWarnings" | "ledger"> {
  /** The findings to print, merged across dialects. */
  readonly findings: readonly MergedFinding[];
  readonly errorCount: number;
  readonly warningCount: number;
  /** Whether the command fails: errors, or more warnings than allowed. */
  readonly failed: boolean;
  /** The modules swept, as displayed. */
  readonly modules: readonly string[];
  /** The MCP servers listed (`--mcp` commands, `--mcp-url` endpoints): sources, not files. */
  readonly servers: readonly string[];
  /** Finds the line defining a tool, for annotations. */
  readonly lines: SourceLines;
  /** `toolwright/check`'s formatters. */
  readonly check: Pick<CheckModule, "formatFinding" | "describeCounts" | "describeCoverage">;
  /** The lock step, with `--lock`. */
  readonly lock?: LockOutcome | undefined;
}

/** The lines to print on stdout, each written as one `stdout` call. */
export function renderReport(report: SweepReport, context: RenderContext): string[] {
  if (context.format === "json") return [JSON.stringify(jsonReport(report, context), null, 2)];
  const several = report.dialects.length > 1;
  const lines =
    context.format === "github"
      ? context.findings.map((finding) => annotation(finding, fileOf(finding, context), several))
      : groupFindings(context.findings).map((group) => textLine(group, context, several));
  const ledger = context.ledger ? report.ledger.map((entry) => ledgerOutput(entry, context)) : [];
  const { lock } = context;
  if (lock === undefined) return [...lines, ...ledger, summarise(report, context)];
  const locked = lockLines(lock, context.format, context.lines);
  return [...lines, ...ledger, ...locked, summarise(report, context), lockSummary(lock)];
}

/** Where an annotation points: a module or a JSON file, and the line; a server is no file. */
function fileOf(finding: MergedFinding, context: RenderContext): FilePosition {
  if (finding.source === undefined || context.servers.includes(finding.source)) return {};
  return { file: finding.source, line: context.lines.lineOf(finding.source, finding.name) };
}

interface FilePosition {
  readonly file?: string;
  readonly line?: number | undefined;
}

// In a workflow a ledger entry is a notice at the tool's line: nothing failed, something changed.
function ledgerOutput(entry: SweepLedgerEntry, context: RenderContext): string {
  if (context.format !== "github") return ledgerLine(entry);
  const file =
    entry.source === undefined || context.servers.includes(entry.source) ? undefined : entry.source;
  const line = file === undefined ? undefined : context.lines.lineOf(file, entry.name);
  const title = `toolwright [ledger ${entry.target}] ${entry.label}`;
  return workflowCommand(
    "notice",
    { file, line, title },
    `${entry.kind} ${entry.path} — ${entry.message}`,
  );
}

// A ledger line reads like a finding, tagged with its target instead of a rule.
function ledgerLine(entry: SweepLedgerEntry): string {
  return `${entry.source ?? "?"}: ${entry.label}: [ledger ${entry.target}] ${entry.kind} ${entry.path} — ${entry.message}`;
}

// A group prints its rule once with every path: `[numeric-bound] error 4 paths ($.a, …) — …`.
function textLine(group: FindingGroup, context: RenderContext, several: boolean): string {
  const { finding, paths } = group;
  const path = paths.length === 1 ? finding.path : `${paths.length} paths (${paths.join(", ")})`;
  const line = context.check.formatFinding({ ...finding, path });
  return `${finding.source ?? "?"}: ${line}${dialectNote(finding, several)}`;
}

// With one dialect checked, every line would name the same one: it is left to the summary.
function dialectNote(finding: MergedFinding, several: boolean): string {
  return several && finding.dialects.length > 0 ? ` (${finding.dialects.join(", ")})` : "";
}

/**
 * A workflow command for one finding:
 * `::error file=src/tools.ts,line=12,title=toolwright [tuple] meetings / list.parameters::$.range — …`.
 */
function annotation(finding: MergedFinding, at: FilePosition, several: boolean): string {
  const level = finding.severity === "error" ? "error" : "warning";
  const title = `toolwright [${finding.code}] ${finding.label}${dialectNote(finding, several)}`;
  return workflowCommand(level, { ...at, title }, `${finding.path} — ${finding.message}`);
}

function jsonReport(report: SweepReport, context: RenderContext) {
  return {
    ok: !context.failed,
    schemasChecked: report.schemasChecked,
    toolsChecked: report.toolsChecked,
    dialects: report.dialects,
    targets: report.targets,
    requireDescribe: report.requireDescribe,
    errorCount: context.errorCount,
    warningCount: context.warningCount,
    // `null`: no limit, so warnings alone never fail.
    maxWarnings: context.maxWarnings ?? null,
    modules: context.modules,
    servers: context.servers,
    findings: context.findings.map((finding) => jsonFinding(finding, context)),
    ...(context.ledger && { ledger: report.ledger }),
    ...(context.lock !== undefined && { lock: lockJson(context.lock, context.lines) }),
  };
}

// Absent parts are `null`, not left out, so every finding has the same keys.
function jsonFinding(finding: MergedFinding, context: RenderContext) {
  const at = fileOf(finding, context);
  const server = context.servers.includes(finding.source ?? "");
  return {
    file: at.file ?? null,
    line: at.line ?? null,
    // The MCP server a finding is about: its command or endpoint, and the name it gave.
    server: server ? { source: finding.source, name: finding.agent ?? null } : null,
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
    dialects: finding.dialects,
    message: finding.message,
  };
}

function summarise(report: SweepReport, context: RenderContext): string {
  const head = `toolwright check: ${context.check.describeCoverage(report)}`;
  if (context.findings.length === 0) return `${head}: no findings`;
  const counts = context.check.describeCounts(context);
  // Without errors, only a limit the command line set can have failed the run: name it.
  const over =
    context.errorCount === 0 &&
    context.maxWarnings !== undefined &&
    context.warningCount > context.maxWarnings
      ? ` (more than --max-warnings ${context.maxWarnings})`
      : "";
  return `${head}: ${counts}${over}`;
}
