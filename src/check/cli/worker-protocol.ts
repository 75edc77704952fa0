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
  /**
   * This run's secret: the worker puts it on every message it sends, and the parent
   * ignores any message without it (see `readWorkerMessage`).
   */
  readonly nonce: string;
  readonly cwd: string;
  readonly inputs: readonly ResolvedInput[];
  readonly aliases: Aliases;
  readonly dialects: readonly LintDialect[];
  readonly targets: readonly AdapterMode[];
  readonly ledger: boolean;
  readonly requireDescribe: boolean;
  readonly verbose: boolean;
  /** Read each set's contract listings (`--lock`). */
  readonly contracts: boolean;
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

/** A worker message as it travels: with the run's nonce. */
export type SignedMessage = WorkerMessage & { readonly nonce: string };

/**
 * The worker's message, or `undefined` for anything else on the channel: a message a user
 * module sent itself (`process.send("ready")`, as PM2 expects; a forged report), or one
 * whose shape is wrong.
 *
 * Why the nonce makes a message the worker's: the parent draws it per run and sends it in
 * the job, the first IPC message, which the worker receives before it imports any user
 * module; it keeps the nonce in a closure and sends through the `process.send` it
 * captured at start. A module imported later cannot receive the job (the message is gone
 * by then), nor read the nonce from argv or the environment (`/proc/self/environ` keeps
 * even a deleted variable), so it cannot sign a message. A module that patches Node's IPC
 * internals to read what the worker sends targets toolwright on purpose; it runs in the
 * worker and could as well patch the sweep, and no check in the same process stops that.
 */
export function readWorkerMessage(message: unknown, nonce: string): WorkerMessage | undefined {
  if (!isRecord(message) || message.nonce !== nonce) return undefined;
  switch (message.kind) {
    case "loading":
    case "loaded":
      return typeof message.file === "string"
        ? { kind: message.kind, file: message.file }
        : undefined;
    case "problems":
      return isStrings(message.problems)
        ? { kind: "problems", problems: message.problems }
        : undefined;
    case "report":
      return isReport(message.report) && isStrings(message.modules)
        ? { kind: "report", report: message.report, modules: message.modules }
        : undefined;
    default:
      return undefined;
  }
}

/** The fields of a report the CLI reads, each of its type. */
function isReport(value: unknown): value is PlainReport {
  return (
    isRecord(value) &&
    Array.isArray(value.findings) &&
    value.findings.every(isRecord) &&
    Array.isArray(value.ledger) &&
    isStrings(value.dialects) &&
    isStrings(value.targets) &&
    typeof value.requireDescribe === "boolean" &&
    (value.contracts === undefined || Array.isArray(value.contracts)) &&
    ["schemasChecked", "toolsChecked", "errorCount", "warningCount"].every(
      (key) => typeof value[key] === "number",
    )
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
