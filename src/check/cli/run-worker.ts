/**
 * Runs a check job in a child process (the CLI file itself, with the worker command) and
 * turns whatever happens there into an outcome the parent can trust: the worker's report,
 * or a load error naming the module that exited the process, never finished loading within
 * the import timeout, or kept the process alive. The child's own output goes to stderr, so
 * it never mixes with the report on stdout.
 *
 * @module
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { displayPath } from "./load-roots";
import {
  type PlainReport,
  readWorkerMessage,
  WORKER_COMMAND,
  type WorkerJob,
} from "./worker-protocol";

/** What a worker run ends with. */
export type WorkerOutcome =
  | { readonly kind: "report"; readonly report: PlainReport; readonly modules: readonly string[] }
  | { readonly kind: "problems"; readonly problems: readonly string[] };

/** How to start the worker and where its output goes. */
export interface WorkerRun {
  /** The CLI file, run again as the worker. */
  readonly script: string;
  /** Milliseconds one module may take to import. */
  readonly importTimeout: number;
  /** Receives the child's stdout and stderr, as they come. */
  readonly relay: (chunk: Buffer) => void;
}

/** Runs `job` in a worker and resolves to its outcome; never rejects. */
export function runInWorker(
  work: Omit<WorkerJob, "nonce">,
  run: WorkerRun,
): Promise<WorkerOutcome> {
  const job: WorkerJob = { ...work, nonce: randomBytes(32).toString("base64url") };
  const child = fork(run.script, [WORKER_COMMAND], {
    cwd: job.cwd,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.on("data", run.relay);
  child.stderr?.on("data", run.relay);
  return new Promise((settle) => {
    const watch = watchWorker(child, job, run.importTimeout);
    // `close` comes after the child's output has been relayed, so nothing it printed
    // lands after the report.
    child.on("close", (code, signal) => settle(watch.outcome(code, signal)));
    child.on("error", (error) => {
      watch.fail(`could not start the check worker: ${error.message}`);
    });
    child.send(job);
  });
}

/** Follows the worker's messages; the first outcome, report or problem, is final. */
function watchWorker(child: ChildProcess, job: WorkerJob, importTimeout: number) {
  let outcome: WorkerOutcome | undefined;
  let loading: string | undefined;
  let lastLoaded: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const finish = (result: WorkerOutcome) => {
    outcome ??= result;
    clearTimeout(timer);
    // A module's live timer or handle must not keep the check waiting.
    child.kill("SIGKILL");
  };
  const fail = (problem: string) => finish({ kind: "problems", problems: [problem] });
  child.on("message", (raw: unknown) => {
    // What a module sends on the channel itself is not the worker's word: ignored.
    const message = readWorkerMessage(raw, job.nonce);
    if (message === undefined) return;
    if (message.kind === "loading") {
      loading = message.file;
      timer = setTimeout(() => fail(timedOut(job, message.file, importTimeout)), importTimeout);
    } else if (message.kind === "loaded") {
      clearTimeout(timer);
      loading = undefined;
      lastLoaded = message.file;
    } else {
      finish(message);
    }
  });
  return {
    fail,
    outcome(code: number | null, signal: NodeJS.Signals | null): WorkerOutcome {
      if (outcome !== undefined) return outcome;
      clearTimeout(timer);
      return { kind: "problems", problems: [ended(job, { loading, lastLoaded, code, signal })] };
    },
  };
}

function timedOut(job: WorkerJob, file: string, importTimeout: number): string {
  return `${displayPath(job.cwd, file)} did not finish loading within ${importTimeout} ms (--import-timeout): a top-level await that never settles, or a slow import`;
}

interface Ending {
  readonly loading: string | undefined;
  readonly lastLoaded: string | undefined;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** The problem when the worker ended before it sent an outcome. */
function ended(job: WorkerJob, ending: Ending): string {
  const how = ending.signal === null ? `exit code ${ending.code}` : `signal ${ending.signal}`;
  if (ending.loading !== undefined) {
    return `${displayPath(job.cwd, ending.loading)} did not finish loading: the process ended (${how}) while importing it, by process.exit() or a top-level await that never settles`;
  }
  const after =
    ending.lastLoaded === undefined
      ? ""
      : ` after loading ${displayPath(job.cwd, ending.lastLoaded)}`;
  return `the check ended (${how})${after} before it could report: a module ended the process`;
}
