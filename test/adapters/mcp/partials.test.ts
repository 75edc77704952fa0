/**
 * Streamed partial results through MCP, with the official SDK `Client`: a streaming
 * tool's partial values arrive as progress notifications for the call's progress token
 * (the value's JSON as the message, the value in `_meta["toolwright/partial"]`), in order
 * and before the result; without a progress token only the result arrives; cancelling the
 * request stops the tool's generator. Generators wait on promises the test settles;
 * nothing is timed.
 */
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { type Capability, capability, defineTool, toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { type Z, zodMajors } from "../../core/zods";
import { connectInMemory } from "./in-memory-client";

/** A promise and the function that settles it. */
function gate(): { readonly promise: Promise<void>; readonly open: () => void } {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** What a stopped generator reports: whether its `finally` ran and whether it ran past its first yield. */
interface Stops {
  finallyRan: ReturnType<typeof gate>;
  aborted: ReturnType<typeof gate>;
  resume: ReturnType<typeof gate>;
  ranOn: boolean;
}

function streamingCapability(z: Z, stops: Stops): Capability {
  return capability({
    name: "stream",
    description: "Streaming tools",
    toolbox: toolbox("stream", "Streaming tools", {
      count: defineTool({
        description: "Counts to three, reporting each step",
        parameters: z.object({ label: z.string() }),
        partial: z.object({ step: z.number(), note: z.string().transform((s) => s.toUpperCase()) }),
        returns: z.object({ label: z.string(), total: z.number() }),
        async *execute({ label }, ctx) {
          yield { step: 1, note: `${label} 1` };
          // An event between partials: progress must still only grow.
          ctx?.emit?.({ type: "log", message: "halfway" });
          yield { step: 2, note: `${label} 2` };
          yield { step: 3, note: `${label} 3` };
          return { label, total: 3 };
        },
      }),
      endless: defineTool({
        description: "Streams until it is stopped",
        parameters: z.object({}),
        partial: z.number(),
        async *execute(_args, ctx) {
          ctx?.signal?.addEventListener("abort", () => stops.aborted.open(), { once: true });
          try {
            yield 1;
            await stops.resume.promise;
            yield 2;
            stops.ranOn = true;
            yield 3;
            return "never";
          } finally {
            stops.finallyRan.open();
          }
        },
      }),
    }),
  });
}

function newStops(): Stops {
  return { finallyRan: gate(), aborted: gate(), resume: gate(), ranOn: false };
}

function connect(z: Z, stops: Stops = newStops()) {
  return connectInMemory({
    name: "stream",
    version: "1.0.0",
    tools: [streamingCapability(z, stops)],
  });
}

const partialOf = (progress: Progress): unknown =>
  (progress as { _meta?: Record<string, unknown> })._meta?.["toolwright/partial"];

for (const { major, z } of zodMajors) {
  describe(`MCP partial results (${major})`, () => {
    it("sends each parsed partial as progress, in order, before the result", async () => {
      const { client, close } = await connect(z);
      try {
        const seen: (Progress | "result")[] = [];
        const result = await client.callTool(
          { name: "count", arguments: { label: "a" } },
          undefined,
          {
            onprogress: (progress) => seen.push(progress),
          },
        );
        seen.push("result");
        expect(result.structuredContent).toEqual({ label: "a", total: 3 });
        const partials = [
          { step: 1, note: "A 1" },
          { step: 2, note: "A 2" },
          { step: 3, note: "A 3" },
        ];
        expect(seen).toEqual([
          {
            progress: 1,
            message: JSON.stringify(partials[0]),
            _meta: { "toolwright/partial": partials[0] },
          },
          { progress: 2, message: "halfway" },
          {
            progress: 3,
            message: JSON.stringify(partials[1]),
            _meta: { "toolwright/partial": partials[1] },
          },
          {
            progress: 4,
            message: JSON.stringify(partials[2]),
            _meta: { "toolwright/partial": partials[2] },
          },
          "result",
        ]);
        expect(seen.flatMap((event) => (event === "result" ? [] : [partialOf(event)]))).toEqual([
          partials[0],
          undefined,
          partials[1],
          partials[2],
        ]);
      } finally {
        await close();
      }
    });

    it("without a progress token, drops the partials and still answers with the result", async () => {
      const { client, close } = await connect(z);
      const errors: Error[] = [];
      client.onerror = (error) => errors.push(error); // a stray progress would land here
      try {
        const result = await client.callTool({ name: "count", arguments: { label: "b" } });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual({ label: "b", total: 3 });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it("cancelling the request stops the tool's generator", async () => {
      const stops = newStops();
      const { client, close } = await connect(z, stops);
      try {
        const controller = new AbortController();
        const received: unknown[] = [];
        const call = client.callTool({ name: "endless", arguments: {} }, undefined, {
          signal: controller.signal,
          onprogress: (progress) => {
            received.push(partialOf(progress));
            controller.abort(new Error("the user stopped it"));
          },
        });
        await expect(call).rejects.toThrow("the user stopped it");
        await stops.aborted.promise; // the server's ctx.signal saw the cancellation
        stops.resume.open(); // the generator may now reach its next yield, where it is stopped
        await stops.finallyRan.promise;
        expect(stops.ranOn).toBe(false);
        expect(received).toEqual([1]);
      } finally {
        await close();
      }
    });
  });
}
