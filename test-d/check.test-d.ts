import { expectAssignable, expectError, expectType } from "tsd";
import {
  formatFinding,
  type SweepCheckCode,
  type SweepFinding,
  type SweepReport,
  sweepModelFacingSchemas,
} from "../dist/check";
import type { LintDialect } from "../dist/lint";

// The sweep takes a module's exports (a record) or labelled roots, and returns plain data.
declare const exports: Record<string, unknown>;
const report = sweepModelFacingSchemas(exports, {
  dialects: ["openai-strict"],
  requireDescribe: true,
});
expectType<SweepReport>(report);
expectType<readonly SweepFinding[]>(report.findings);
expectType<readonly LintDialect[]>(report.dialects);
expectType<string>(formatFinding(report.findings[0] as SweepFinding));
expectAssignable<SweepCheckCode>("duplicate-name");

// Dialects are the lint's closed set.
expectError(sweepModelFacingSchemas(exports, { dialects: ["gemini-legacy"] }));
