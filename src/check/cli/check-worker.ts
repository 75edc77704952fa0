/**
 * The check worker: the CLI file run again as a child process (see `run-worker.ts`). It
 * receives one job over IPC, imports the modules, sweeps them, and sends the outcome as
 * plain data. Whatever a module does to its process (exits it, keeps it alive, prints)
 * happens here, where the parent can see it, never in the process that decides the exit code.
 *
 * @module
 */
import { messageOf } from "../../core/describe";
import { chooseImporter } from "./load-modules";
import { loadRoots } from "./load-roots";
import type { SignedMessage, WorkerJob, WorkerMessage } from "./worker-protocol";

/** `toolwright/check`, imported by the caller so that a failing import is reported there. */
export type CheckModule = typeof import("toolwright/check");

/** Sends one message to the parent, then calls `then`. */
type Send = (message: WorkerMessage, then?: () => void) => void;

/**
 * Waits for the job, imports the check, runs the job, sends the outcome, and ends the
 * process. `importCheck` resolves to why the check cannot be loaded, if it cannot.
 */
export function runCheckWorker(
  importCheck: () => Promise<CheckModule | { readonly problem: string }>,
): void {
  // Captured before any user module runs: a module that replaces `process.send` does not
  // see what the worker sends (see `readWorkerMessage` for what the nonce guards).
  const channel = process.send?.bind(process);
  process.once("message", async (job: WorkerJob) => {
    const send: Send = (message, then) => {
      const signed: SignedMessage = { ...message, nonce: job.nonce };
      channel?.(signed, undefined, {}, () => then?.());
    };
    const done = (message: WorkerMessage) => send(message, awaitEnd);
    const check = await importCheck();
    if ("problem" in check) return done({ kind: "problems", problems: [check.problem] });
    work(job, check, send).then(done, (error: unknown) =>
      done({ kind: "problems", problems: [messageOf(error)] }),
    );
  });
}

async function work(job: WorkerJob, check: CheckModule, send: Send): Promise<WorkerMessage> {
  const files = job.inputs.flatMap((input) => input.files);
  const choice = await chooseImporter(files, job.aliases);
  if (!choice.ok) return { kind: "problems", problems: [choice.problem] };
  const loaded = await loadRoots(job.inputs, {
    cwd: job.cwd,
    verbose: job.verbose,
    importer: choice.importer,
    hasToolwrightObjects: check.hasToolwrightObjects,
    progress: (kind, file) => send({ kind, file }),
    stderr: writeLine,
  });
  if (!loaded.ok) return { kind: "problems", problems: loaded.problems };
  const report = check.sweepModelFacingSchemas(loaded.roots, {
    // No dialect with targets given means the targets' dialects alone.
    ...(job.dialects.length > 0 && { dialects: job.dialects }),
    targets: job.targets,
    ledger: job.ledger,
    requireDescribe: job.requireDescribe,
    contracts: job.contracts,
    ...(job.verbose && {
      onSchema: (schema) => writeLine(`checking ${schema.source ?? "?"}: ${schema.label}`),
    }),
  });
  return { kind: "report", report, modules: loaded.modules };
}

function writeLine(line: string): void {
  process.stderr.write(`${line}\n`);
}

/**
 * After the outcome, the parent ends the worker together with every process a module
 * started; exiting here first would hand those processes to init, where the parent can no
 * longer find them. Exits when the parent is gone, since then nobody will end it.
 */
function awaitEnd(): void {
  if (!process.connected) process.exit(0);
  process.once("disconnect", () => process.exit(0));
  setInterval(() => {}, 2 ** 30);
}
