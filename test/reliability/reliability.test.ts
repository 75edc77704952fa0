/**
 * The reliability suite: under load, with faults injected, every call settles with what
 * it is owed (0 lost, 0 crossed), and memory returns to its baseline after collection.
 * `npm run bench -- reliability` prints the same loads' figures.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  concurrentHttpCalls,
  concurrentScopedCalls,
  faultInjectedCalls,
  shutdownUnderLoad,
} from "./drive";
import type { MemoryFigures } from "./memory-probe";

const root = resolve(import.meta.dirname, "../..");

describe("reliability under load", () => {
  it("5,000 concurrent calls with distinct scopes: 0 lost, 0 crossed", async () => {
    expect(await concurrentScopedCalls(5_000)).toEqual({
      calls: 5_000,
      ok: 5_000,
      lost: 0,
      crossed: 0,
    });
  });

  it("1,000 concurrent HTTP calls through the MCP SDK Client: 0 lost, 0 crossed", async () => {
    expect(await concurrentHttpCalls(1_000)).toEqual({
      calls: 1_000,
      ok: 1_000,
      lost: 0,
      crossed: 0,
    });
  }, 120_000);

  it("shutdown with 500 calls in flight: those within the grace period finish, the rest are told", async () => {
    expect(await shutdownUnderLoad(500, 400)).toEqual({ calls: 500, ok: 500, lost: 0, crossed: 0 });
  }, 120_000);

  it("heap returns to its baseline after 20,000 calls and a collection", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "test/reliability/memory-probe.ts", "10", "1000"],
      { cwd: root },
    );
    const figures = JSON.parse(stdout) as MemoryFigures;
    expect(figures.calls).toBe(20_000);
    // A leak of 50 bytes a call would be 1 MB here; collection noise is about 0.1 MB.
    expect(figures.finalBytes - figures.baselineBytes).toBeLessThan(1024 * 1024);
  }, 120_000);
});

describe("reliability with faults injected", () => {
  it("2,500 concurrent calls, a fifth of each fault: each settles as its fault says", async () => {
    expect(await faultInjectedCalls(2_500)).toEqual({
      calls: 2_500,
      ok: 2_500,
      lost: 0,
      crossed: 0,
    });
  });
});
