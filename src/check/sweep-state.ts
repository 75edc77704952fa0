/**
 * What one sweep accumulates while it walks: its findings, its counters, and the caches
 * that keep a shared definition, capability, manual or schema from being checked twice.
 *
 * @module
 */
import type { ManualToolbox } from "toolwright";
import type { AdapterMode, LintDialect, SchemaLintFinding } from "toolwright/lint";
import type { CapabilityLike } from "./discover";
import { type Entry, locate, type Place } from "./entries";
import type { Verdict } from "./host-checks";
import type { LintScope } from "./lint-scope";
import type {
  SchemaRole,
  SweepFinding,
  SweepLedgerEntry,
  SweepOptions,
  SweepReport,
  SweptContracts,
} from "./types";

/** One sweep's settings, findings, counters and caches. */
export interface SweepState {
  /** Kept whole so `onSchema` is called as the caller's method, when it is one. */
  readonly options: SweepOptions;
  readonly dialects: readonly LintDialect[];
  /** How much of each tool's `returns` each dialect lints. */
  readonly scope: LintScope;
  readonly targets: readonly AdapterMode[];
  readonly requireDescribe: boolean;
  readonly findings: SweepFinding[];
  readonly ledger: SweepLedgerEntry[];
  /** With `contracts: true`, each capability set's contract listings. */
  readonly contracts: SweptContracts[];
  schemasChecked: number;
  toolsChecked: number;
  /** The names each definition was swept under: one object under two names is two tools. */
  readonly swept: Map<object, Set<string>>;
  readonly sweptCapabilities: Set<CapabilityLike>;
  /** The module each capability was found in, for a set that names none, or no set at all. */
  readonly sources: Map<object, string | undefined>;
  /** One `ManualToolbox` per manual, however many capabilities share it. */
  readonly manuals: WeakMap<object, ManualToolbox>;
  /** Lint results per schema and dialect: a schema shared by many tools is linted once. */
  readonly lints: WeakMap<object, Map<string, SchemaLintFinding[]>>;
}

/** A fresh state for one sweep under the dialects of `scope`. */
export function createSweepState(
  options: SweepOptions,
  scope: LintScope,
  requireDescribe: boolean,
): SweepState {
  return {
    options,
    dialects: [...scope.keys()],
    scope,
    targets: [...new Set(options.targets ?? [])],
    requireDescribe,
    findings: [],
    ledger: [],
    contracts: [],
    schemasChecked: 0,
    toolsChecked: 0,
    swept: new Map(),
    sweptCapabilities: new Set(),
    sources: new Map(),
    manuals: new WeakMap(),
    lints: new WeakMap(),
  };
}

/** Records `verdict` as a finding about `entry`, or about its `schema` when given. */
export function addFinding(
  state: SweepState,
  entry: Entry,
  place: Place,
  schema: SchemaRole | undefined,
  verdict: Verdict,
): void {
  state.findings.push({
    ...locate(entry, place, schema),
    code: verdict.code,
    severity: verdict.severity,
    path: verdict.path,
    dialect: verdict.dialect,
    message: verdict.message,
  });
}

/** The finished sweep as plain data. */
export function reportOf(state: SweepState): SweepReport {
  const { findings } = state;
  const errorCount = findings.filter((finding) => finding.severity === "error").length;
  return {
    findings,
    schemasChecked: state.schemasChecked,
    toolsChecked: state.toolsChecked,
    dialects: state.dialects,
    targets: state.targets,
    ledger: state.ledger,
    contracts: state.contracts,
    requireDescribe: state.requireDescribe,
    errorCount,
    warningCount: findings.length - errorCount,
  };
}
