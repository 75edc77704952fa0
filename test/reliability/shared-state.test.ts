/**
 * What a call shares with its host stays the host's: a `formatError` hook reads the
 * failure without changing it, and calls that share one signal (a run's, a connection's)
 * hold one abort listener on it, streaming or not.
 */
import { getEventListeners } from "node:events";
import {
  type CallOutcome,
  capability,
  defineTool,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { z } from "zod";

describe("a formatError hook", () => {
  it("receives a copy it cannot turn into a success, nor change for the hooks after it", async () => {
    const seen: CallOutcome[] = [];
    const tools = toolbox("t", "Tools", {
      fails: defineTool({
        description: "Fails",
        parameters: z.object({}),
        controls: {
          formatError: (outcome) => {
            const writable = outcome as { ok: boolean; value?: unknown; error?: string };
            // Each would make a success of it, or hide the failure from the next hook.
            for (const change of [
              () => Object.assign(writable, { ok: true, value: "forged" }),
              () => Object.assign(writable, { error: "changed" }),
            ]) {
              expect(change).toThrow(TypeError);
            }
            return undefined;
          },
        },
        execute: () => {
          throw new Error("disk full");
        },
      }),
    });
    const set = toolSet([capability({ name: "t", description: "Tools", toolbox: tools })], {
      controls: {
        formatError: (outcome) => {
          seen.push(outcome);
          return `${outcome.ok ? "" : outcome.error} (retry later)`;
        },
      },
    });
    const outcome = await set.call("fails", {});
    expect(outcome).toMatchObject({
      ok: false,
      kind: "thrown",
      error: "disk full (retry later)",
    });
    expect(seen).toMatchObject([{ ok: false, error: "disk full" }]);
  });
});

describe("streaming calls that share one signal", () => {
  it("hold one abort listener on it while they run, none after, and all stop on abort", async () => {
    let release = (): void => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tools = toolbox("t", "Tools", {
      stream: defineTool({
        description: "Streams until released",
        parameters: z.object({}),
        execute: async function* () {
          yield 1;
          await released;
          return "done";
        },
      }),
    });
    const set = toolSet([capability({ name: "t", description: "Tools", toolbox: tools })]);
    const { signal } = new AbortController();
    const calls = Array.from({ length: 50 }, () => (set as ToolSet).call("stream", {}, { signal }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(signal, "abort")).toHaveLength(1);
    release();
    const outcomes = await Promise.all(calls);
    expect(outcomes.every((outcome) => outcome.ok && outcome.value === "done")).toBe(true);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);

    const controller = new AbortController();
    const never = toolSet([
      capability({
        name: "n",
        description: "Never ends",
        toolbox: toolbox("n", "n", {
          forever: defineTool({
            description: "Streams for ever",
            parameters: z.object({}),
            execute: async function* () {
              yield 1;
              await new Promise(() => {});
            },
          }),
        }),
      }),
    ]);
    const pending = Array.from({ length: 50 }, () =>
      never.call("forever", {}, { signal: controller.signal }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort(new Error("run ended"));
    const cancelled = await Promise.all(pending);
    expect(cancelled.every((outcome) => !outcome.ok && outcome.kind === "cancelled")).toBe(true);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
