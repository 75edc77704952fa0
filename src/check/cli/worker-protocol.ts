/**
 * What the CLI and its check worker say to each other over the IPC channel: the job,
 * progress through the imports (so the parent can name a module that never finishes or
 * ends the process), and the outcome as plain data.
 *
 * @module
 */
import type { AdapterMode, LintDialect } from "toolwright/lint";
import type { ResolvedInput } from "./resolve-inputs";
import type { Aliases } from "./tsconfig-paths";

/** The hidden command that runs the CLI file as the check worker. */
export const WORKER_COMMAND = "__toolwright-check-worker";

/** What the parent asks the worker to load and sweep. */
export interface WorkerJob {
  readonly cwd: string;
  readonly inputs: readonly ResolvedInput[];
  readonly aliases: Aliases;
  readonly dialects: readonly LintDialect[];
  readonly targets: readonly AdapterMode[];
  readonly ledger: boolean;
  readonly requireDescribe: boolean;
  readonly verbose: boolean;
}

/** A plain-data sweep report (`SweepReport` from `toolwright/check`, as sent over IPC). */
export type PlainReport = import("toolwright/check").SweepReport;

/** One message from the worker. */
export type WorkerMessage =
  | { readonly kind: "loading"; readonly file: string }
  | { readonly kind: "loaded"; readonly file: string }
  | { readonly kind: "problems"; readonly problems: readonly string[] }
  | {
      readonly kind: "report";
      readonly report: PlainReport;
      /** Every module loaded, as displayed (relative to the working directory). */
      readonly modules: readonly string[];
    };
