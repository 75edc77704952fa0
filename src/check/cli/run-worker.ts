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
import { killProcessGroup, killProcessTree, OWN_PROCESS_GROUP } from "./process-tree";
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
    // A process group of its own, so the children a module starts can be ended with it.
    detached: OWN_PROCESS_GROUP,
  });
  child.stdout?.on("data", run.relay);
  child.stderr?.on("data", run.relay);
  const release = endWithThisProcess(child);
  return new Promise((settle) => {
    const watch = watchWorker(child, job, run.importTimeout);
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      release();
      settle(watch.outcome(code, signal));
    };
    // `close` comes after the child's output has been relayed, so nothing it printed
    // lands after the report.
    child.on("close", done);
    child.on("exit", (code, signal) => {
      if (child.pid !== undefined) killProcessGroup(child.pid);
      // A process out of reach (handed to init) may hold the worker's output pipes for
      // as long as it lives: what it prints is not the check's, so stop reading soon.
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        done(code, signal);
      }, OUTPUT_GRACE).unref();
    });
    child.on("error", (error) => {
      watch.fail(`could not start the check worker: ${error.message}`);
    });
    child.send(job);
  });
}

/** How long the worker's pipes are read after it exited, for what it printed last. */
const OUTPUT_GRACE = 500;

const ENDING_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * In a group of its own the worker no longer gets the terminal's Ctrl-C: while it runs,
 * a signal or an exit of this process ends the worker's tree first. Returns the undo.
 */
function endWithThisProcess(child: ChildProcess): () => void {
  if (!OWN_PROCESS_GROUP) return () => {};
  const end = () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      killProcessTree(child.pid);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    release();
    end();
    // Ends this process as the signal would have, now that the worker cannot outlive it.
    process.kill(process.pid, signal);
  };
  const release = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
    process.off("exit", end);
  };
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
  process.on("exit", end);
  return release;
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
    // A module's live timer or handle, or a child it started, must not keep the check
    // waiting, nor outlive it. The worker waits to be ended (see `check-worker.ts`).
    if (child.pid !== undefined) killProcessTree(child.pid);
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
