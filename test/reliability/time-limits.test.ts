/**
 * Time limits tell the truth: a limit a timer cannot hold is refused when it is set, and
 * a call that finishes after its limit is a timeout, whichever of the tool and the timer
 * the event loop gets to first.
 */
import {
  capability,
  definePlay,
  defineTool,
  type ToolDefinition,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/** The longest delay a Node timer holds (2³¹−1 ms); a longer one fires at once. */
const LONGEST = 2 ** 31 - 1;

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

const parameters = z.object({});

describe("a time limit a timer cannot hold", () => {
  const setOf = (definition: ToolDefinition) =>
    toolSet([
      capability({ name: "c", description: "c", toolbox: toolbox("c", "c", { t: definition }) }),
    ]);
  const places: [string, (timeoutMs: number) => unknown, string][] = [
    [
      "defineTool",
      (timeoutMs) =>
        defineTool({ description: "t", parameters, controls: { timeoutMs }, execute: () => ({}) }),
      "defineTool: timeoutMs",
    ],
    [
      "definePlay",
      (timeoutMs) =>
        definePlay({
          description: "p",
          parameters,
          returns: z.object({}),
          controls: { timeoutMs },
          execute: () => ({}),
        }),
      "definePlay: timeoutMs",
    ],
    [
      "toolSet's controls",
      (timeoutMs) => toolSet([], { controls: { timeoutMs } }),
      "toolSet: timeoutMs",
    ],
    [
      "a hand-written ToolDefinition",
      (timeoutMs) =>
        setOf({
          description: "t",
          parameters,
          controls: { timeoutMs },
          execute: () => ({}),
        } as ToolDefinition),
      "toolSet: tool 'c/t': timeoutMs",
    ],
  ];

  it.each(places)(
    "%s refuses 2³¹ ms with a RangeError naming the option and its range",
    (_, make, option) => {
      const error = thrown(() => make(LONGEST + 1));
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toBe(
        `${option} must be at most ${LONGEST} ms (about 24.8 days, the longest a timer holds), received ${LONGEST + 1}`,
      );
    },
  );

  it.each(places)("%s accepts the longest a timer holds", (_, make) => {
    expect(() => make(LONGEST)).not.toThrow();
  });

  it("a call under the longest limit runs, with no TimeoutOverflowWarning", async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on("warning", listen);
    try {
      const set = toolSet([
        capability({
          name: "c",
          description: "c",
          toolbox: toolbox("c", "c", {
            t: defineTool({
              description: "t",
              parameters,
              controls: { timeoutMs: LONGEST },
              execute: () => ({ ran: true }),
            }),
          }),
        }),
      ]) as unknown as ToolSet;
      expect(await set.call("t", {})).toEqual({ ok: true, value: { ran: true } });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain("TimeoutOverflowWarning");
    } finally {
      process.off("warning", listen);
    }
  });
});

/** Holds the thread for `ms`, as a busy event loop does. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe("a call that finishes after its limit", () => {
  // The tool's last step runs in a timer callback that ends past the limit, so its result
  // settles before Node runs the limit's own timer, which is due in the same phase.
  const late = defineTool({
    description: "Finishes late",
    parameters,
    controls: { timeoutMs: 20 },
    execute: async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      spin(60);
      return { done: true };
    },
  });
  const lateSet = () =>
    toolSet([
      capability({ name: "c", description: "c", toolbox: toolbox("c", "c", { late }) }),
    ]) as unknown as ToolSet;

  it("is a timeout through a tool set", async () => {
    expect(await lateSet().call("late", {})).toMatchObject({ ok: false, kind: "timeout" });
  });

  it("is a ToolTimeoutError through Toolbox.execute", async () => {
    const box = toolbox("c", "c", { late });
    await expect(box.execute("late", {})).rejects.toMatchObject({ name: "ToolTimeoutError" });
  });
});
