/**
 * The sweep's public types: its options, its report, and the findings it labels.
 *
 * @module
 */
import type { ContractTarget, ToolContract } from "toolwright";
import type {
  AdapterMode,
  LintDialect,
  LintRuleCode,
  LintSeverity,
  ToolSetRuleCode,
} from "toolwright/lint";

/** Codes of the checks the sweep adds beside the lint rules. Stable, like lint codes. */
export const SWEEP_CHECK_CODES = [
  "parameters-not-object",
  "projection-failed",
  "schema-unreadable",
  "not-a-schema",
  "lint-failed",
  "duplicate-name",
] as const;

/** A check the sweep adds beside the lint rules, e.g. `"duplicate-name"`. */
export type SweepCheckCode = (typeof SWEEP_CHECK_CODES)[number];

/** Which schema of a tool or play a finding is about. */
export type SchemaRole = "parameters" | "returns";

/** One finding, labelled with where the tool sits: `agent / capability / tool.parameters`. */
export interface SweepFinding {
  /** `agent / capability / tool.parameters|returns`; parts that do not apply are left out. */
  readonly label: string;
  /** The agent (or capability set) the tool was reached through. */
  readonly agent: string | undefined;
  /** The capability the tool belongs to. */
  readonly capability: string | undefined;
  /** The toolbox or playbook holding the tool; `undefined` for a tool exported on its own. */
  readonly owner: string | undefined;
  /** A toolbox tool or a playbook play. */
  readonly kind: "tool" | "play";
  /** The tool's or play's name. */
  readonly name: string;
  /** The schema the finding is about; `undefined` for `duplicate-name`. */
  readonly schema: SchemaRole | undefined;
  /** A lint rule code, a tool-set rule code (with `targets`), or a sweep check code. */
  readonly code: LintRuleCode | ToolSetRuleCode | SweepCheckCode;
  readonly severity: LintSeverity;
  /** JSONPath-like location in the schema, `$` for the whole schema or tool. */
  readonly path: string;
  /** The dialect a lint finding was reported under; `undefined` for the host checks. */
  readonly dialect: LintDialect | undefined;
  readonly message: string;
  /** The module the tool was found in, when the sweep was given one. */
  readonly source: string | undefined;
}

/**
 * One change a target's lowering makes to one tool's parameters, labelled like a finding:
 * `notes / search.parameters`, `$.limit`, `maximum 100 moved into the description`.
 */
export interface SweepLedgerEntry {
  /** The tool's label, as findings carry it. */
  readonly label: string;
  /** The tool's name. */
  readonly name: string;
  /** The module the tool was found in. */
  readonly source: string | undefined;
  /** The adapter mode whose lowering made the change. */
  readonly target: AdapterMode;
  /** Where in the parameters, as a lint path. */
  readonly path: string;
  /** `moved`, `dropped`, `rewritten`, `nullable` or `non-strict`. */
  readonly kind: "moved" | "dropped" | "rewritten" | "nullable" | "non-strict";
  /** What changed, in words. */
  readonly message: string;
}

/**
 * One capability set's contracts, as `set.contract(target)` reads the tool set built from
 * it: per target, each tool in listing order.
 */
export interface SweptContracts {
  /** The set's label: the agent's name, or the capability's for a lone one. */
  readonly set: string;
  /** The module it was found in. */
  readonly source: string | undefined;
  /** One listing per target (`"toolwright"` when the sweep has none). */
  readonly listings: readonly {
    readonly target: ContractTarget;
    readonly tools: readonly ToolContract[];
  }[];
  /** Why the set has no listings: `toolSet` refused its capabilities. */
  readonly problem?: string;
}

/** A schema the sweep is about to check, for progress output. */
export interface SweptSchema {
  readonly label: string;
  readonly source: string | undefined;
}

/** Options of {@link sweepModelFacingSchemas}. */
export interface SweepOptions {
  /**
   * The dialects to lint under, each schema (`parameters` and `returns`) once per dialect.
   * @default ["gemini-bifrost"], or none when `targets` are given
   */
  readonly dialects?: readonly LintDialect[];
  /** Also warn (`missing-description`) on fields without `.describe()`. @default false */
  readonly requireDescribe?: boolean;
  /**
   * Adapter modes (`ADAPTER_MODES`) to check for: each adds its dialect
   * (`ADAPTER_DIALECTS`), under which only what that adapter sends is linted (every tool's
   * `parameters`; for `mcp`, also a `returns` whose root is an object, its `outputSchema`),
   * and checks each capability set as one request of that adapter: tool names and
   * per-request budgets (`lintToolSet`). A dialect also in `dialects` lints both sides.
   * Every `returns` is still projected, as every host projects it. With targets and no
   * `dialects`, only the targets' dialects are used. @default []
   */
  readonly targets?: readonly AdapterMode[];
  /**
   * Also collect the lowering ledger of the targets that lower schemas (`openai-strict`,
   * `anthropic-strict`): what each adapter changes in each tool's parameters. @default false
   */
  readonly ledger?: boolean;
  /**
   * Also read each capability set's contract listings, per target (`"toolwright"` without
   * targets), as `set.contract` does: what `toolwright check --lock` records. @default false
   */
  readonly contracts?: boolean;
  /** Called once per schema before it is checked (a `--verbose` listing). */
  readonly onSchema?: (schema: SweptSchema) => void;
}

/** What a sweep found: plain data, ready to print or serialise. */
export interface SweepReport {
  /** Every finding, in discovery order. */
  readonly findings: readonly SweepFinding[];
  /** Schemas checked: each tool's and play's `parameters`, and `returns` where declared. */
  readonly schemasChecked: number;
  /** Tools and plays checked. */
  readonly toolsChecked: number;
  /** The dialects linted under; a target's lints only what its adapter sends. */
  readonly dialects: readonly LintDialect[];
  /** The adapter modes each capability set was checked as a request of. */
  readonly targets: readonly AdapterMode[];
  /** The lowering ledger, with `ledger: true`; empty otherwise. */
  readonly ledger: readonly SweepLedgerEntry[];
  /** The contract listings, with `contracts: true`; empty otherwise. */
  readonly contracts: readonly SweptContracts[];
  readonly requireDescribe: boolean;
  readonly errorCount: number;
  readonly warningCount: number;
}

/** One tool as a listing gives it: its name and its JSON Schemas, as sent to a model. */
export interface ListedTool {
  readonly name: string;
  /** The parameters' JSON Schema (MCP's `inputSchema`, OpenAI's `parameters`, …). */
  readonly inputSchema: unknown;
  /** MCP's `outputSchema`, when the listing has one. */
  readonly outputSchema?: unknown;
}

/**
 * The tools one MCP server, or one JSON file, lists, for
 * {@link sweepToolListings}: a listing is checked as one request of each target.
 */
export interface ToolListing {
  /**
   * The server listing the tools, as findings name it (their `agent`, the first part of the
   * label); `undefined` for a file, which `source` names already.
   */
  readonly server?: string;
  /** Where the listing came from, as findings' `source`: the command, the URL, the file. */
  readonly source: string;
  readonly tools: readonly ListedTool[];
}
