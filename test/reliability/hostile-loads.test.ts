/**
 * The hostile loads of `npm run bench -- reliability`, small: slow readers and partial
 * floods against an MCP server in a process of its own, calls timing out at once, pending
 * approvals. Counts only (0 lost, every outcome a timeout, every approved call run
 * once): no assertion is about time or memory, which the bench prints.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  concurrentTimeouts,
  httpPartialFlood,
  pendingApprovals,
  slowReaders,
  stdioPartialFlood,
  type TimeoutFigures,
} from "./hostile-drive";

const root = resolve(import.meta.dirname, "../..");

describe("hostile clients of an MCP server", () => {
  it("2 slow readers of a 16 MiB result: every echo call is answered, and the server closes both", async () => {
    const figures = await slowReaders({ readers: 2, mib: 16, stallMs: 500, windowMs: 200 });
    expect(figures.echo.calls).toBeGreaterThan(0);
    expect(figures.echo.lost).toBe(0);
    expect(figures.echo.answered).toBe(figures.echo.calls);
    expect(figures.readersClosed).toBe(2);
  });

  it("partials nobody reads over HTTP: every echo call is answered, the flood runs out, its connection is kept", async () => {
    const figures = await httpPartialFlood({ partials: 20_000, size: 1_000 });
    expect(figures.yielded).toBe(20_000);
    expect(figures.echo.lost).toBe(0);
    expect(figures.echo.answered).toBe(figures.echo.calls);
    expect(figures.readerOpen).toBe(true);
  });

  it("partials over stdio with stdout unread: the flood runs out and its answer still comes", async () => {
    const figures = await stdioPartialFlood({ partials: 20_000, size: 1_000 });
    expect(figures.yielded).toBe(20_000);
    expect(figures.lost).toBe(0);
  });
});

describe("many calls held at once", () => {
  it("500 concurrent calls of a tool that never settles, timeoutMs 20: all 500 are timeouts", async () => {
    const figures = await concurrentTimeouts(500);
    expect([figures.calls, figures.timeouts, figures.lost]).toEqual([500, 500, 0]);
    expect(figures.latenessMs.every((late) => Number.isFinite(late))).toBe(true);
  });

  it("2,000 pending approvals, each resumed approved: the tool runs exactly once per call, a replay not at all", async () => {
    const figures = await pendingApprovals(2_000, { replay: 500 });
    expect(figures).toMatchObject({
      calls: 2_000,
      pending: 2_000,
      resumedOk: 2_000,
      missing: 0,
      doubled: 0,
      replayed: 500,
      replayRan: 0,
    });
  });

  it("the probe the bench runs prints the same counts from a process of its own", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "test/reliability/hostile-probe.ts", "timeouts", "200"],
      { cwd: root },
    );
    const figures = JSON.parse(stdout) as TimeoutFigures;
    expect([figures.calls, figures.timeouts, figures.lost]).toEqual([200, 200, 0]);
  });
});
