/**
 * A factory-built tool whose schemas are known to parse synchronously runs on the
 * boundary's direct path from its second call on (the first decides how each schema
 * parses). These tests call every case more than once, so that both paths settle it,
 * and check that the direct path costs the microtasks the hand-written code costs.
 */
import { defineTool, type ToolDefinition, ToolOutputError, toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { zodMajors } from "../core/zods";

/** How a promise settled, and after how many microtasks. */
async function settled(promise: Promise<unknown>): Promise<{ outcome: string; ticks: number }> {
  let outcome: string | undefined;
  promise.then(
    (value) => {
      outcome = `value ${JSON.stringify(value)}`;
    },
    (error: Error) => {
      outcome = `${error.name}: ${error.message}`;
    },
  );
  let ticks = 0;
  while (outcome === undefined && ticks < 100) {
    await Promise.resolve();
    ticks += 1;
  }
  return { outcome: outcome ?? "pending", ticks };
}

describe.each(zodMajors)("the direct path with $major", ({ major, z }) => {
  const parameters = z.object({ n: z.number() });
  const returns = z.object({ n: z.number() });
  const tool = (execute: (args: { n: number }) => unknown): ToolDefinition =>
    defineTool({ description: "t", parameters, returns, execute: execute as never });

  it("settles every outcome alike on the first call and the ones after", async () => {
    const problem = new Error("boom");
    const box = toolbox("b", "d", {
      sync: tool(({ n }) => ({ n })),
      async: tool(async ({ n }) => ({ n })),
      throws: tool(() => {
        throw problem;
      }),
      rejects: tool(() => Promise.reject(problem)),
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is the point
      thenable: tool(({ n }) => ({ then: (resolve: (value: unknown) => void) => resolve({ n }) })),
      bad: tool(async () => ({ n: "x" })),
    });
    for (const name of ["sync", "async", "throws", "rejects", "thenable", "bad"] as const) {
      for (const args of [{ n: 1 }, { n: 2 }, { n: "x" }, { n: 3 }]) {
        const first = await settled(box.execute(name, args));
        const again = await settled(box.execute(name, args));
        expect({ name, args, ...again }).toEqual({ name, args, ...first });
      }
    }
  });

  it("settles after as many microtasks as the hand-written code", async () => {
    const execute = async ({ n }: { n: number }) => ({ n });
    const floor = async (args: unknown) => returns.parse(await execute(parameters.parse(args)));
    const box = toolbox("b", "d", { t: tool(execute) });
    await box.execute("t", { n: 0 });
    const hand = await settled(floor({ n: 1 }));
    expect(await settled(box.execute("t", { n: 1 }))).toEqual(hand);
  });

  it("names an output violation on every call", async () => {
    const box = toolbox("b", "d", { bad: tool(async () => ({ n: "x" })) });
    for (let call = 0; call < 3; call += 1) {
      await expect(box.execute("bad", { n: 1 })).rejects.toBeInstanceOf(ToolOutputError);
    }
  });

  it("re-runs a parse that meets a plain function returning a promise, then parses asynchronously", async () => {
    const counter = { runs: 0 };
    const counted = z.number().transform((n) => {
      counter.runs += 1;
      return n;
    });
    // Only n > 1 reaches the promise, so the first calls parse synchronously.
    const later = (value: { n: number }) => (value.n > 1 ? Promise.resolve(true) : true);
    const args = defineTool({
      description: "args",
      parameters: z.object({ n: counted }).refine(later),
      execute: ({ n }) => ({ n }),
    });
    const result = defineTool({
      description: "result",
      parameters: z.object({ n: z.number() }),
      returns: z.object({ n: counted }).refine(later),
      execute: ({ n }) => ({ n }),
    });
    const box = toolbox("b", "d", { args, result });
    for (const name of ["args", "result"] as const) {
      for (const n of [1, 1, 2, 3]) {
        const before = counter.runs;
        await expect(box.execute(name, { n })).resolves.toStrictEqual({ n });
        // Once per call, but for the call that met the promise: it ran again. (Zod 3
        // hides a `.refine` callback, so that schema is parsed asynchronously from the
        // first call, and never re-run.)
        const reran = n === 2 && major === "zod (v4)";
        expect(counter.runs - before).toBe(reran ? 2 : 1);
      }
    }
  });
});
