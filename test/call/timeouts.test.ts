/**
 * Time limits through `toolSet`: `timeoutMs` per tool or play and per set (the
 * definition's wins). On expiry the call's `ctx.signal` aborts with a `ToolTimeoutError`
 * naming the call and the limit, the call settles as a `timeout` failure, and whatever
 * the tool does later (returns or throws) is discarded. Limits are short and tools wait
 * on the signal or on a promise the test settles; no test measures time.
 */
import {
  type CallOutcome,
  definePlay,
  defineTool,
  type ToolCallRecord,
  type ToolDefinition,
  ToolTimeoutError,
  ToolwrightError,
} from "toolwright";
import { afterEach, describe, expect, it } from "vitest";
import { setOf, zods } from "../set/fixtures";

/** A promise and its resolve, for a tool to wait on until the test lets it go. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Resolves once the signal aborts (or at once when it already has). */
function aborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

// Gates a test leaves open are opened after it, so that no tool waits past its test.
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function held<T = void>() {
  const g = gate<T>();
  cleanups.push(() => g.open(undefined as T));
  return g;
}

describe.each(zods)("timeouts (%s)", (_label, z) => {
  /** A tool that waits for its signal to abort, and reports the signal it got. */
  const waiting = (timeoutMs?: number) => {
    const signals: (AbortSignal | undefined)[] = [];
    const tool = defineTool({
      description: "Waits until aborted",
      parameters: z.object({}),
      ...(timeoutMs !== undefined && { controls: { timeoutMs } }),
      execute: async (_args, ctx) => {
        signals.push(ctx?.signal);
        await aborted(ctx?.signal);
        return "finished";
      },
    });
    return { tool, signals };
  };

  it("a tool's timeoutMs fails the call as timeout and aborts ctx.signal with a ToolTimeoutError", async () => {
    const { tool, signals } = waiting(20);
    const outcome = await setOf({ wait: tool }).call("wait", {});
    expect(outcome).toEqual({
      ok: false,
      kind: "timeout",
      error: "tool 'wait' timed out after 20 ms",
      cause: expect.any(ToolTimeoutError),
    });
    const signal = signals[0];
    expect(signal?.aborted).toBe(true);
    const reason = signal?.reason as ToolTimeoutError;
    expect(reason).toBeInstanceOf(ToolTimeoutError);
    expect(reason).toBeInstanceOf(ToolwrightError);
    expect(reason).toBe((outcome as { cause: unknown }).cause);
    expect(reason).toMatchObject({
      name: "ToolTimeoutError",
      code: "TOOL_TIMEOUT",
      tool: "wait",
      timeoutMs: 20,
      message: "tool 'wait' timed out after 20 ms",
    });
  });

  it("the set's timeoutMs applies to every call whose definition sets none", async () => {
    const { tool } = waiting();
    const outcome = await setOf({ wait: tool }, { controls: { timeoutMs: 20 } }).call("wait", {});
    expect(outcome).toMatchObject({ kind: "timeout", error: "tool 'wait' timed out after 20 ms" });
  });

  it("the tool's timeoutMs wins over the set's, shorter or longer", async () => {
    const shorter = waiting(20);
    const release = held();
    const longer = defineTool({
      description: "Finishes when the test lets it, well within its own limit",
      parameters: z.object({}),
      controls: { timeoutMs: 600_000 },
      execute: async () => {
        await release.opened;
        return "done";
      },
    });
    const set = setOf({ shorter: shorter.tool, longer: longer }, { controls: { timeoutMs: 30 } });
    expect(await set.call("shorter", {})).toMatchObject({
      kind: "timeout",
      error: "tool 'shorter' timed out after 20 ms",
    });
    // The set's 30 ms would have expired while this waits on a call that does.
    const running = set.call("longer", {});
    await set.call("shorter", {});
    await new Promise((resolve) => setTimeout(resolve, 40));
    release.open();
    expect(await running).toEqual({ ok: true, value: "done" });
  });

  it("a fast tool is unaffected, and its context still reaches it", async () => {
    const seen: unknown[] = [];
    const fast = defineTool({
      description: "fast",
      parameters: z.object({ n: z.number() }),
      controls: { timeoutMs: 20 },
      execute: ({ n }, ctx) => {
        seen.push(ctx?.host);
        return n * 2;
      },
    });
    const set = setOf({ fast }, { controls: { timeoutMs: 20 } });
    expect(await set.call("fast", { n: 21 }, { host: { user: "ada" } })).toEqual({
      ok: true,
      value: 42,
    });
    expect(seen).toEqual([{ user: "ada" }]);
  });

  it("a late result is discarded: the call settled as timeout, and only that is recorded", async () => {
    const records: ToolCallRecord[] = [];
    const release = held();
    let finished = false;
    const stubborn = defineTool({
      description: "Ignores its signal",
      parameters: z.object({}),
      controls: { timeoutMs: 20 },
      execute: async () => {
        await release.opened;
        finished = true;
        return "late";
      },
    });
    const set = setOf({ stubborn }, { recorder: (record) => records.push(record) });
    const outcome = await set.call("stubborn", {});
    expect(outcome).toMatchObject({ ok: false, kind: "timeout" });
    release.open();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(finished).toBe(true);
    expect(records.map((r) => r.outcome)).toEqual([outcome]);
  });

  it("a late throw does not surface as an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const release = held();
      let threw = false;
      const throwing = defineTool({
        description: "Throws after its time is up",
        parameters: z.object({}),
        controls: { timeoutMs: 20 },
        execute: async (_args, ctx) => {
          await aborted(ctx?.signal);
          await release.opened;
          threw = true;
          throw new Error("too late to matter");
        },
      });
      const rejecting = defineTool({
        description: "Rejects with the abort reason",
        parameters: z.object({}),
        controls: { timeoutMs: 20 },
        execute: async (_args, ctx) => {
          await aborted(ctx?.signal);
          throw ctx?.signal?.reason;
        },
      });
      const set = setOf({ throwing, rejecting });
      expect(await set.call("throwing", {})).toMatchObject({ kind: "timeout" });
      expect(await set.call("rejecting", {})).toMatchObject({ kind: "timeout" });
      release.open();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(threw).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("the host's signal still cancels a call that has a time limit", async () => {
    const { tool, signals } = waiting(600_000);
    const controller = new AbortController();
    const set = setOf({ wait: tool });
    const running = set.call("wait", {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error("user pressed stop"));
    const outcome: CallOutcome = await running;
    expect(outcome).toMatchObject({
      ok: false,
      kind: "cancelled",
      error: "call to 'wait' was cancelled: user pressed stop",
    });
    // The tool's own signal aborts too, with the host's reason, not a timeout.
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toEqual(new Error("user pressed stop"));
  });

  it("an already-aborted host signal fails the call without running it", async () => {
    const { tool, signals } = waiting(20);
    const outcome = await setOf({ wait: tool }).call("wait", {}, { signal: AbortSignal.abort() });
    expect(outcome).toMatchObject({ ok: false, kind: "cancelled" });
    expect(signals).toEqual([]);
  });

  it("a play's timeoutMs fails it as a play", async () => {
    const release = held();
    const slowPlay = definePlay({
      description: "Waits until the test lets it",
      parameters: z.object({}),
      returns: z.object({}),
      controls: { timeoutMs: 20 },
      execute: async () => {
        await release.opened;
        return {};
      },
    });
    const outcome = await setOf({}, {}, { slow_play: slowPlay }).call("slow_play", {});
    expect(outcome).toMatchObject({
      ok: false,
      kind: "timeout",
      error: "play 'slow_play' timed out after 20 ms",
    });
    expect((outcome as { cause: unknown }).cause).toMatchObject({
      tool: "slow_play",
      timeoutMs: 20,
      code: "TOOL_TIMEOUT",
    });
  });

  it("a call resumed after approval runs under its time limit too", async () => {
    const { tool, signals } = waiting(20);
    const gated: ToolDefinition = { ...tool, controls: { ...tool.controls, needsApproval: true } };
    const set = setOf({ wait: gated });
    const pending = await set.call("wait", {});
    expect(signals).toEqual([]);
    if (pending.ok || !("approval" in pending)) throw new Error("expected a pending call");
    expect(await set.resume(pending.approval, { approved: true })).toMatchObject({
      kind: "timeout",
      error: "tool 'wait' timed out after 20 ms",
    });
  });

  describe("a bad timeoutMs throws a TypeError naming the option", () => {
    const bad = [0, -1, Number.NaN, Number.POSITIVE_INFINITY, "5", null];
    it.each(bad)("toolSet({ timeoutMs: %s })", (timeoutMs) => {
      expect(() => setOf({}, { controls: { timeoutMs: timeoutMs as never } })).toThrow(
        /^toolSet: timeoutMs must be a positive, finite number of milliseconds, received /,
      );
      expect(() => setOf({}, { controls: { timeoutMs: timeoutMs as never } })).toThrow(TypeError);
    });
    it.each(bad)("a hand-written definition's timeoutMs: %s", (timeoutMs) => {
      const literal = {
        description: "d",
        parameters: z.object({}),
        controls: { timeoutMs },
        execute: () => null,
      } as unknown as ToolDefinition;
      expect(() => setOf({ literal })).toThrow(
        /^toolSet: tool 'c\/literal': timeoutMs must be a positive, finite number of milliseconds, received /,
      );
    });
  });
});
