/**
 * Partials wait in a bounded queue: a streaming tool that yields faster than its reader
 * reads cannot grow the process. The AI SDK's generator keeps the newest partials waiting
 * (the oldest go first) and always delivers the result.
 */
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const PARTIALS = 10_000;

describe("aiSdk.list, a streaming tool and a reader that stops reading", () => {
  it("keeps at most 1,000 partials waiting, the newest, and delivers the result", async () => {
    let finished = (): void => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const tools = toolbox("t", "Tools", {
      flood: defineTool({
        description: "Streams many partials",
        parameters: z.object({}),
        execute: async function* () {
          try {
            for (let at = 1; at <= PARTIALS; at++) yield { at };
            return { total: PARTIALS };
          } finally {
            finished();
          }
        },
      }),
    });
    const set = toolSet([capability({ name: "t", description: "Tools", toolbox: tools })]);
    const execute = aiSdk.list(set).tools.flood?.execute;
    if (execute === undefined) throw new Error("flood has no execute");
    const stream = execute({}, { toolCallId: "c1", messages: [] }) as AsyncIterable<unknown>;
    const reader = stream[Symbol.asyncIterator]();
    expect(await reader.next()).toEqual({ done: false, value: { at: 1 } });
    await done; // the tool ran to its end while nobody read
    const rest: unknown[] = [];
    for (let step = await reader.next(); !step.done; step = await reader.next()) {
      rest.push(step.value);
    }
    expect(rest.length).toBeLessThanOrEqual(1_001);
    expect(rest.at(-1)).toEqual({ total: PARTIALS });
    const partials = rest.slice(0, -1) as { at: number }[];
    expect(partials.at(-1)).toEqual({ at: PARTIALS });
    // In order, and contiguous: the ones dropped are the oldest.
    expect(partials.every((p, i) => i === 0 || p.at === (partials[i - 1]?.at ?? 0) + 1)).toBe(true);
  });
});
