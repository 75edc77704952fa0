/**
 * Approval across processes: a request made in one process is resumed in another that
 * builds the same set with the same `approvalSecret`, as after a restart. Each side runs
 * in a genuinely separate Node process (test/set/approval-process.ts). A request that
 * was changed on the way, or a process with another secret, runs nothing.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type ApprovalRequest, type CallOutcome, isPending } from "toolwright";
import { beforeAll, describe, expect, it } from "vitest";
import { approvalSet } from "./approval-process";
import { zods } from "./fixtures";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SECRET = "the deployment's approval secret, 32+ bytes";
// A child process compiles the sources through tsx first: seconds, more on a busy machine.
const CHILD_TIMEOUT = 120_000;

/** Runs the fixture in a child process; resolves with its stdout, parsed as one JSON line. */
function inChild(mode: "request" | "resume", major: string, secret: string, stdin = "") {
  return new Promise<unknown>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/set/approval-process.ts", mode, major],
      { cwd: root, env: { ...process.env, APPROVAL_SECRET: secret }, stdio: "pipe" },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`approval-process ${mode} exited ${code}: ${stderr}`));
      else resolve(JSON.parse(stdout));
    });
    child.stdin.end(stdin);
  });
}

function requestOf(outcome: CallOutcome): ApprovalRequest {
  if (!isPending(outcome)) {
    throw new Error(`expected a pending outcome, got ${JSON.stringify(outcome)}`);
  }
  return outcome.approval;
}

describe.each(zods)("approval across processes (%s)", (major, z) => {
  // The request another process made and printed, read back from JSON as a host would.
  let theirs: ApprovalRequest;
  beforeAll(async () => {
    theirs = requestOf((await inChild("request", major, SECRET)) as CallOutcome);
  }, CHILD_TIMEOUT);

  it("a request made in another process is resumed here, and runs here once", async () => {
    expect(theirs).toMatchObject({ tool: "delete_note", args: { id: "n7", force: false } });
    const runs: unknown[] = [];
    const set = approvalSet(z, SECRET, runs);
    expect(await set.resume(theirs, { approved: true })).toEqual({
      ok: true,
      value: { deleted: "n7" },
    });
    expect(runs).toEqual([{ id: "n7", force: false }]);
  });

  it("here, with another secret or none, the other process's request is refused", async () => {
    const runs: unknown[] = [];
    for (const secret of ["another secret of at least 32 bytes", undefined]) {
      const set = approvalSet(z, secret, runs);
      expect(await set.resume(theirs, { approved: true })).toMatchObject({
        ok: false,
        kind: "denied",
      });
    }
    expect(runs).toEqual([]);
  });

  it(
    "a request made here is resumed by another process; a changed one is refused there",
    async () => {
      const set = approvalSet(z, SECRET, []);
      const request = requestOf(await set.call("delete_note", { id: "n8", force: true }));
      const changed = { ...request, args: { id: "n9", force: true } };
      const [resumed, refused, elsewhere] = await Promise.all([
        inChild("resume", major, SECRET, JSON.stringify(request)),
        inChild("resume", major, SECRET, JSON.stringify(changed)),
        inChild("resume", major, `${SECRET} rotated`, JSON.stringify(request)),
      ]);
      expect(resumed).toEqual({
        outcome: { ok: true, value: { deleted: "n8" } },
        runs: [{ id: "n8", force: true }],
      });
      expect(refused).toEqual({
        outcome: { ok: false, kind: "denied", error: expect.stringContaining("was refused") },
        runs: [],
      });
      expect(elsewhere).toMatchObject({ outcome: { ok: false, kind: "denied" }, runs: [] });
    },
    CHILD_TIMEOUT,
  );
});
