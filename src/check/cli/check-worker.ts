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
import type { WorkerJob, WorkerMessage } from "./worker-protocol";

/** `toolwright/check`, imported by the caller so that a failing import is reported there. */
export type CheckModule = typeof import("toolwright/check");

/** Waits for the job, runs it, sends the outcome, and ends the process. */
export function runCheckWorker(check: CheckModule): void {
  process.once("message", (job: WorkerJob) => {
    work(job, check).then(
      (outcome) => send(outcome, () => process.exit(0)),
      (error: unknown) =>
        send({ kind: "problems", problems: [messageOf(error)] }, () => process.exit(0)),
    );
  });
}

async function work(job: WorkerJob, check: CheckModule): Promise<WorkerMessage> {
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
    ...(job.verbose && {
      onSchema: (schema) => writeLine(`checking ${schema.source ?? "?"}: ${schema.label}`),
    }),
  });
  return { kind: "report", report, modules: loaded.modules };
}

function send(message: WorkerMessage, then?: () => void): void {
  process.send?.(message, undefined, {}, () => then?.());
}

function writeLine(line: string): void {
  process.stderr.write(`${line}\n`);
}
