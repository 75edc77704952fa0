/**
 * The model-facing schema sweep: find every toolwright object in some values, lint each
 * schema under the requested dialects, and check what every host needs. Used by the
 * repo's own `tools/check-model-facing-schemas.ts` and by `toolwright check`.
 *
 * @example
 * ```ts
 * import * as tools from "./src/tools.js";
 * import { formatFinding, sweepModelFacingSchemas } from "toolwright/check";
 *
 * const report = sweepModelFacingSchemas(tools, { requireDescribe: true });
 * for (const finding of report.findings) console.error(formatFinding(finding));
 * if (report.findings.length > 0) process.exitCode = 1;
 * ```
 *
 * @module
 */
export type { SweepRoot } from "./discover";
export {
  describeCounts,
  describeCoverage,
  formatAnnotation,
  formatErrorAnnotation,
  formatFinding,
} from "./format";
export { hasToolwrightObjects, sweepModelFacingSchemas } from "./sweep";
export { sweepToolListings } from "./sweep-listing";
export {
  type ListedTool,
  type SchemaRole,
  SWEEP_CHECK_CODES,
  type SweepCheckCode,
  type SweepFinding,
  type SweepLedgerEntry,
  type SweepOptions,
  type SweepReport,
  type SweptContracts,
  type SweptSchema,
  type ToolListing,
} from "./types";
