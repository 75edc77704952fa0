/**
 * Text output groups the findings one rule reports on many fields of one schema: a schema
 * with twelve bounded numbers is one line naming twelve paths, not twelve lines. Counts,
 * JSON and annotations keep every finding.
 *
 * @module
 */
import type { MergedFinding } from "./merge-findings";

/** How many findings of one rule in one schema print as one line. */
const GROUP_THRESHOLD = 3;

/** A finding, or several of one rule in one schema with their paths. */
export interface FindingGroup {
  /** The first finding of the group: its message stands for the rest. */
  readonly finding: MergedFinding;
  /** Every path the rule hit, in order; one for an ungrouped finding. */
  readonly paths: readonly string[];
}

/** Groups `findings` in order of first appearance; below the threshold each stays its own. */
export function groupFindings(findings: readonly MergedFinding[]): FindingGroup[] {
  const byKey = new Map<string, MergedFinding[]>();
  for (const finding of findings) {
    const key = keyOf(finding);
    const group = byKey.get(key) ?? [];
    group.push(finding);
    byKey.set(key, group);
  }
  return [...byKey.values()].flatMap((group) =>
    group.length >= GROUP_THRESHOLD && group[0] !== undefined
      ? [{ finding: group[0], paths: group.map((finding) => finding.path) }]
      : group.map((finding) => ({ finding, paths: [finding.path] })),
  );
}

// One rule, one schema of one tool, the same severity and dialects.
function keyOf(finding: MergedFinding): string {
  return JSON.stringify([
    finding.source,
    finding.label,
    finding.code,
    finding.severity,
    finding.dialects,
  ]);
}
