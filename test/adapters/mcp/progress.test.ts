/**
 * Progress values through MCP, with the official SDK `Client`: a value a tool emits
 * arrives as sent when it is above the last one sent (a first 0 stays 0); a value that is
 * not, an event without one and a partial result move the count on, so that progress
 * still strictly increases, as MCP requires.
 */
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { capability, defineTool, type ToolEvent, toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { type Z, zodMajors } from "../../core/zods";
import { connectInMemory } from "./in-memory-client";

function progressCapability(z: Z, events: readonly ToolEvent[]) {
  return capability({
    name: "progress",
    description: "Progress",
    toolbox: toolbox("progress", "Progress", {
      report: defineTool({
        description: "Emits the events it was given, then a partial, then one more event",
        parameters: z.object({}),
        partial: z.object({ done: z.number() }),
        returns: z.object({ ok: z.boolean() }),
        async *execute(_args, ctx) {
          for (const event of events) ctx?.emit?.(event);
          yield { done: 1 };
          ctx?.emit?.({ type: "progress", progress: 100, total: 100 });
          return { ok: true };
        },
      }),
    }),
  });
}

async function progressOf(z: Z, events: readonly ToolEvent[]): Promise<Progress[]> {
  const { client, close } = await connectInMemory({
    name: "progress",
    version: "1.0.0",
    tools: [progressCapability(z, events)],
  });
  try {
    const seen: Progress[] = [];
    const result = await client.callTool({ name: "report", arguments: {} }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    expect(result.structuredContent).toEqual({ ok: true });
    return seen;
  } finally {
    await close();
  }
}

for (const { major, z } of zodMajors) {
  describe(`MCP progress values (${major})`, () => {
    it("sends a first 0 as 0, and increasing values as the tool sent them", async () => {
      const seen = await progressOf(z, [
        { type: "progress", progress: 0, total: 100 },
        { type: "progress", progress: 2.5, total: 100 },
        { type: "progress", progress: 40, total: 100 },
      ]);
      expect(seen.map(({ progress, total }) => [progress, total])).toEqual([
        [0, 100],
        [2.5, 100],
        [40, 100],
        [41, undefined], // the partial moves the count on by one
        [100, 100],
      ]);
    });

    it("raises a value not above the last, and an event without one, past the last", async () => {
      const seen = await progressOf(z, [
        { type: "start" },
        { type: "progress", progress: 0 },
        { type: "progress", progress: 5 },
        { type: "progress", progress: 5 },
        { type: "progress", progress: 3 },
      ]);
      expect(seen.map(({ progress }) => progress)).toEqual([1, 2, 5, 6, 7, 8, 100]);
    });

    it("still increases past values too large to grow by one", async () => {
      const big = 2 ** 60;
      const seen = await progressOf(z, [
        { type: "progress", progress: big },
        { type: "progress", progress: big },
      ]);
      const values = seen.map(({ progress }) => progress);
      expect(values[0]).toBe(big);
      for (let i = 1; i < values.length; i += 1) {
        expect(values[i]).toBeGreaterThan(values[i - 1] as number);
      }
    });
  });
}
