/**
 * Findings as the CLI prints them: a finding every dialect reports alike (same schema, same
 * path, same message) is one finding naming each dialect, and exact repeats print once.
 *
 * @module
 */
import type { SweepFinding } from "toolwright/check";
import type { LintDialect } from "toolwright/lint";

/** A finding and every dialect that reported it (none for the host checks). */
export interface MergedFinding extends SweepFinding {
  readonly dialects: readonly LintDialect[];
}

/** Merges `findings` in order of first appearance. */
export function mergeFindings(findings: readonly SweepFinding[]): MergedFinding[] {
  const merged = new Map<string, { finding: SweepFinding; dialects: LintDialect[] }>();
  for (const finding of findings) {
    const key = keyOf(finding);
    const entry = merged.get(key) ?? { finding, dialects: [] };
    merged.set(key, entry);
    if (finding.dialect !== undefined && !entry.dialects.includes(finding.dialect)) {
      entry.dialects.push(finding.dialect);
    }
  }
  return [...merged.values()].map(({ finding, dialects }) => ({ ...finding, dialects }));
}

// Every field but the dialect: JSON of a fixed key order, so no separator can collide.
function keyOf(finding: SweepFinding): string {
  return JSON.stringify([
    finding.source,
    finding.label,
    finding.agent,
    finding.capability,
    finding.owner,
    finding.kind,
    finding.name,
    finding.schema,
    finding.code,
    finding.severity,
    finding.path,
    finding.message,
  ]);
}

/** Errors and warnings among merged findings, as the summary and the verdict count them. */
export function countFindings(findings: readonly MergedFinding[]): {
  errorCount: number;
  warningCount: number;
} {
  const errorCount = findings.filter((finding) => finding.severity === "error").length;
  return { errorCount, warningCount: findings.length - errorCount };
}
