/**
 * Streamed partial results: an `execute` written as an async generator yields partial
 * values, each parsed by `partial` and handed to `ctx.onPartial`, and returns the result,
 * checked by `returns`. Through `Toolbox.execute`, `toolSet(...).call` and `Playbook`,
 * under both Zod majors. Generators wait on promises the test settles; nothing is timed.
 */
import {
  type CallFailure,
  capability,
  definePlay,
  defineTool,
  PartialResultError,
  playbook,
  type ToolDefinition,
  type ToolExecutionContext,
  ToolOutputError,
  ToolTimeoutError,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { factoryOf } from "../../src/core/factory-execute";
import { rejection, thrown } from "../core/catch";
import { zodMajors } from "../core/zods";
import { adapterTexts, mcpText } from "./caller-texts";

/** A promise and the function that settles it. */
function gate<T = void>(): { readonly promise: Promise<T>; readonly open: (value: T) => void } {
  let open = (_value: T): void => {};
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A context that collects the partials it receives. */
function collecting(signal?: AbortSignal): { ctx: ToolExecutionContext; partials: unknown[] } {
  const partials: unknown[] = [];
  const ctx: ToolExecutionContext = {
    onPartial: (value) => partials.push(value),
    ...(signal !== undefined && { signal }),
  };
  return { ctx, partials };
}

describe.each(zodMajors)("partial results with $major", ({ z }) => {
  /** A streaming tool: three partials (one a transform's input), then its result. */
  function counter(finallyRan: { count: number }) {
    return defineTool({
      description: "Counts to three",
      parameters: z.object({ label: z.string() }),
      partial: z.object({ step: z.number(), note: z.string().transform((s) => s.toUpperCase()) }),
      returns: z.object({ label: z.string(), total: z.number(), done: z.boolean().default(true) }),
      async *execute({ label }) {
        try {
          for (let step = 1; step <= 3; step++) yield { step, note: `${label} ${step}` };
          return { label, total: 3 };
        } finally {
          finallyRan.count++;
        }
      },
    });
  }

  it("delivers each partial parsed, in order, then the result parsed by returns (Toolbox.execute)", async () => {
    const finallyRan = { count: 0 };
    const box = toolbox("box", "d", { count: counter(finallyRan) });
    const { ctx, partials } = collecting();
    const result = await box.execute("count", { label: "a" }, ctx);
    expect(partials).toStrictEqual([
      { step: 1, note: "A 1" },
      { step: 2, note: "A 2" },
      { step: 3, note: "A 3" },
    ]);
    expect(result).toStrictEqual({ label: "a", total: 3, done: true });
    expect(finallyRan.count).toBe(1);
  });

  it("delivers the same through toolSet(...).call, whose ctx reaches the tool", async () => {
    const set = toolSet([
      capability({
        name: "c",
        description: "d",
        toolbox: toolbox("box", "d", { count: counter({ count: 0 }) }),
      }),
    ]);
    const { ctx, partials } = collecting(new AbortController().signal);
    const outcome = await set.call("count", { label: "b" }, ctx);
    expect(outcome).toStrictEqual({ ok: true, value: { label: "b", total: 3, done: true } });
    expect(partials.map((p) => (p as { note: string }).note)).toStrictEqual(["B 1", "B 2", "B 3"]);
  });

  it("streams when its execute is called directly, and without a listener", async () => {
    const tool = counter({ count: 0 });
    const { ctx, partials } = collecting();
    await expect(tool.execute({ label: "c" }, ctx)).resolves.toStrictEqual({
      label: "c",
      total: 3,
      done: true,
    });
    expect(partials).toHaveLength(3);
    await expect(tool.execute({ label: "c" })).resolves.toMatchObject({ total: 3 });
  });

  it("parses partials through an asynchronous refinement", async () => {
    const tool = defineTool({
      description: "async partial",
      parameters: z.object({}),
      partial: z.number().refine(async (n) => n > 0, "must be positive"),
      async *execute() {
        yield 1;
        yield -1;
        return "unreached";
      },
    });
    const { ctx, partials } = collecting();
    const error = await rejection(toolbox("box", "d", { t: tool }).execute("t", {}, ctx));
    expect(error).toBeInstanceOf(PartialResultError);
    expect(error.message).toBe("partial result 1 violated its partial schema: must be positive");
    expect(partials).toStrictEqual([1]);
  });

  it("names a returns violation of the generator's result as it names any other", async () => {
    const tool = defineTool({
      description: "bad result",
      parameters: z.object({}),
      returns: z.object({ total: z.number() }),
      async *execute() {
        yield "working";
        return { total: "three" } as never;
      },
    });
    const box = toolbox("box", "d", { bad: tool });
    const error = await rejection(box.execute("bad", {}));
    expect(error).toBeInstanceOf(ToolOutputError);
    expect(error.message).toMatch(/^tool 'bad' output violated its returns schema: total: /);
    const set = toolSet([capability({ name: "c", description: "d", toolbox: box })]);
    await expect(set.call("bad", {})).resolves.toMatchObject({ ok: false, kind: "invalid-output" });
  });

  it("fails by name a stream that yields and returns nothing (the AI SDK's last-yield-is-the-output), on every path", async () => {
    const ported = defineTool({
      description: "written the AI SDK way",
      parameters: z.object({}),
      async *execute() {
        yield { status: "loading" };
        yield { status: "done", forecast: "sun" };
      },
    });
    const explicit = defineTool({
      description: "no result, said so",
      parameters: z.object({}),
      async *execute() {
        yield 1;
        return null;
      },
    });
    const silent = defineTool({
      description: "never yields",
      parameters: z.object({}),
      async *execute() {},
    });
    const box = toolbox("box", "d", { x: ported, explicit, silent });
    const detail =
      "yielded 2 partial results and returned nothing: a streaming execute's result is the value it returns, not its last yield (as in the AI SDK); return the result, or null for none";
    const error = await rejection(box.execute("x", {}));
    expect(error).toBeInstanceOf(PartialResultError);
    expect(error).toMatchObject({ message: detail, index: 2 });
    const set = toolSet([capability({ name: "c", description: "d", toolbox: box })]);
    const text = `tool 'x' ${detail}`;
    expect(await set.call("x", {})).toMatchObject({
      ok: false,
      kind: "invalid-output",
      error: text,
    });
    expect(await adapterTexts(set)).toEqual({
      chatCompletions: text,
      responses: text,
      anthropic: text,
      gemini: text,
      aiSdk: text,
    });
    expect(await mcpText(set)).toBe(text);
    // `return null` is a result of none; a stream that never yielded returns what it returns.
    expect(await set.call("explicit", {})).toEqual({ ok: true, value: null });
    expect(await set.call("silent", {})).toEqual({ ok: true, value: undefined });
  });

  it("fails the call on an invalid partial, naming it, and stops the generator", async () => {
    let resumed = false;
    let finallyRan = 0;
    const tool = defineTool({
      description: "bad partial",
      parameters: z.object({}),
      partial: z.object({ step: z.number() }),
      async *execute() {
        try {
          yield { step: 0 };
          yield { step: "one" } as never;
          resumed = true;
          yield { step: 2 };
          return "done";
        } finally {
          finallyRan++;
        }
      },
    });
    const box = toolbox("box", "d", { t: tool });
    const { ctx, partials } = collecting();
    const error = await rejection(box.execute("t", {}, ctx));
    expect(error).toBeInstanceOf(PartialResultError);
    expect(error.message).toMatch(/^partial result 1 violated its partial schema: step: /);
    expect(error).toMatchObject({ index: 1 });
    expect((error as PartialResultError).issues[0]?.path).toStrictEqual(["step"]);
    expect(partials).toStrictEqual([{ step: 0 }]);
    expect(finallyRan).toBe(1);
    expect(resumed).toBe(false);

    const set = toolSet([capability({ name: "c", description: "d", toolbox: box })]);
    const outcome = await set.call("t", {});
    // A tool set names it as the tool's invalid output, keeping the error as the cause.
    expect(outcome).toMatchObject({ ok: false, kind: "invalid-output" });
    expect(outcome.ok ? "" : outcome.error).toMatch(
      /^tool 't' partial result 1 violated its partial schema: step: /,
    );
    expect(!outcome.ok && outcome.cause).toBeInstanceOf(PartialResultError);
    expect(finallyRan).toBe(2);
  });

  /** A tool that yields once, then waits on `release` before yielding again. */
  function waiting(release: Promise<void>, stopped: { open: () => void }) {
    return defineTool({
      description: "waits",
      parameters: z.object({}),
      partial: z.number(),
      async *execute() {
        try {
          yield 1;
          await release;
          yield 2;
          return "finished";
        } finally {
          stopped.open();
        }
      },
    });
  }

  it("stops the generator when ctx.signal aborts, rejecting with the reason (Toolbox.execute)", async () => {
    const release = gate();
    const stopped = gate();
    const box = toolbox("box", "d", {
      t: waiting(release.promise, { open: () => stopped.open() }),
    });
    const controller = new AbortController();
    const { ctx, partials } = collecting(controller.signal);
    const first = gate();
    const running = box.execute(
      "t",
      {},
      {
        ...ctx,
        onPartial: (value) => {
          partials.push(value);
          first.open();
        },
      },
    );
    await first.promise;
    const reason = new Error("user pressed stop");
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    release.open();
    await stopped.promise;
    expect(partials).toStrictEqual([1]);
  });

  it("stops the generator when toolSet's call is cancelled or times out", async () => {
    const release = gate();
    const stopped = gate();
    const tool = waiting(release.promise, { open: () => stopped.open() });
    const set = toolSet([
      capability({ name: "c", description: "d", toolbox: toolbox("box", "d", { t: tool }) }),
    ]);
    const controller = new AbortController();
    const partials: unknown[] = [];
    const outcome = set.call(
      "t",
      {},
      {
        signal: controller.signal,
        onPartial: (value) => {
          partials.push(value);
          controller.abort();
        },
      },
    );
    await expect(outcome).resolves.toMatchObject({ ok: false, kind: "cancelled" });
    release.open();
    await stopped.promise;
    expect(partials).toStrictEqual([1]);

    const timedStop = gate();
    const limited = defineTool({
      description: "never finishes",
      parameters: z.object({}),
      controls: { timeoutMs: 5 },
      async *execute(_args, ctx) {
        try {
          yield "started";
          await new Promise((resolve) => ctx?.signal?.addEventListener("abort", resolve));
          yield "after the limit";
        } finally {
          timedStop.open();
        }
      },
    });
    const timed = toolSet([
      capability({ name: "c", description: "d", toolbox: toolbox("box", "d", { limited }) }),
    ]);
    const seen: unknown[] = [];
    const timeout = await timed.call("limited", {}, { onPartial: (value) => seen.push(value) });
    expect(timeout).toMatchObject({ ok: false, kind: "timeout" });
    expect((timeout as CallFailure).cause).toBeInstanceOf(ToolTimeoutError);
    await timedStop.promise;
    expect(seen).toStrictEqual(["started"]);
  });

  it("does not start a generator whose signal has already aborted", async () => {
    let started = false;
    const tool = defineTool({
      description: "never starts",
      parameters: z.object({}),
      async *execute() {
        started = true;
        yield 1;
      },
    });
    const controller = new AbortController();
    controller.abort(new Error("too late"));
    const error = await rejection(tool.execute({}, { signal: controller.signal }));
    expect(error.message).toBe("too late");
    expect(started).toBe(false);
  });

  it("ignores an onPartial that throws or rejects", async () => {
    const box = toolbox("box", "d", { count: counter({ count: 0 }) });
    let calls = 0;
    const throwing = await box.execute(
      "count",
      { label: "x" },
      {
        onPartial: () => {
          calls++;
          throw new Error("listener broke");
        },
      },
    );
    expect(throwing).toMatchObject({ total: 3 });
    const rejecting = await box.execute(
      "count",
      { label: "x" },
      {
        onPartial: (() => {
          calls++;
          return Promise.reject(new Error("listener rejected"));
        }) as (value: unknown) => void,
      },
    );
    expect(rejecting).toMatchObject({ total: 3 });
    expect(calls).toBe(6);
  });

  it("passes a generator's own throw through as the tool's error, after its finally", async () => {
    let finallyRan = false;
    const failure = new Error("upstream went away");
    const tool = defineTool({
      description: "throws midway",
      parameters: z.object({}),
      async *execute() {
        try {
          yield 1;
          throw failure;
        } finally {
          finallyRan = true;
        }
      },
    });
    await expect(toolbox("box", "d", { t: tool }).execute("t", {})).rejects.toBe(failure);
    expect(finallyRan).toBe(true);
  });

  it("leaves a tool that does not stream as it was: its callback is what the boundary runs", async () => {
    const callback = async ({ n }: { n: number }) => ({ doubled: n * 2 });
    const tool = defineTool({
      description: "plain",
      parameters: z.object({ n: z.number() }),
      returns: z.object({ doubled: z.number() }),
      execute: callback,
    });
    expect(factoryOf(tool.execute)?.run).toBe(callback);
    expect(tool.partial).toBeUndefined();
    const { ctx, partials } = collecting();
    await expect(
      toolbox("box", "d", { t: tool }).execute("t", { n: 2 }, ctx),
    ).resolves.toStrictEqual({ doubled: 4 });
    expect(partials).toStrictEqual([]);
  });

  it("drives a plain function's async iterable when the definition declares partial", async () => {
    const iterable = (): AsyncIterableIterator<number> => {
      let n = 0;
      return {
        [Symbol.asyncIterator]() {
          return this;
        },
        next: async () => (n < 2 ? { done: false, value: ++n } : { done: true, value: "end" }),
      } as AsyncIterableIterator<number>;
    };
    const tool = defineTool({
      description: "iterable",
      parameters: z.object({}),
      partial: z.number(),
      returns: z.string(),
      execute: iterable as never,
    });
    const { ctx, partials } = collecting();
    await expect(tool.execute({}, ctx)).resolves.toBe("end");
    expect(partials).toStrictEqual([1, 2]);
    expect(tool.partial).toBeDefined();
  });

  it("does not drive a hand-written definition's generator: it is the result, unstarted", async () => {
    let started = false;
    const literal: ToolDefinition = {
      description: "hand-written",
      parameters: z.object({}),
      async *execute() {
        started = true;
        yield 1;
      },
    };
    const { ctx, partials } = collecting();
    const result = await toolbox("box", "d", { literal }).execute("literal", {}, ctx);
    expect(typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator]).toBe("function");
    expect(started).toBe(false);
    expect(partials).toStrictEqual([]);
  });

  it("streams a play's partials into nothing, still checking them", async () => {
    const steps = definePlay({
      description: "steps",
      parameters: z.object({}),
      partial: z.number(),
      returns: z.object({ steps: z.number() }),
      async *execute() {
        yield 1;
        yield 2;
        return { steps: 2 };
      },
    });
    const broken = definePlay({
      description: "broken",
      parameters: z.object({}),
      partial: z.number(),
      returns: z.object({}),
      async *execute() {
        yield "one" as never;
        return {};
      },
    });
    const plays = playbook("plays", "d", { steps, broken });
    await expect(plays.execute("steps", {})).resolves.toStrictEqual({ steps: 2 });
    const failed = (await plays.execute("broken", {})) as { error: string };
    expect(failed.error).toMatch(/partial result 0 violated its partial schema/);
    expect(steps.partial).toBeDefined();
    // Through a tool set, the same failure is the play's invalid output, named after it.
    const set = toolSet([
      capability({ name: "c", description: "d", toolbox: toolbox("c", "d", {}), playbook: plays }),
    ]);
    const outcome = await set.call("broken", {});
    expect(outcome).toMatchObject({ ok: false, kind: "invalid-output" });
    expect(outcome.ok ? "" : outcome.error).toMatch(
      /^play 'broken' partial result 0 violated its partial schema/,
    );
    expect(!outcome.ok && outcome.cause).toBeInstanceOf(PartialResultError);
  });

  it("copies toModelOutput onto the definition, and refuses one that is not a function", () => {
    const toModelOutput = (result: { n: number }) => `n is ${result.n}`;
    const tool = defineTool({
      description: "output",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      execute: () => ({ n: 1 }),
      toModelOutput,
    });
    expect(tool.toModelOutput).toBe(toModelOutput);
    const play = definePlay({
      description: "output",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      execute: () => ({ n: 1 }),
      toModelOutput,
    });
    expect(play.toModelOutput).toBe(toModelOutput);
    expect(
      "toModelOutput" in defineTool({ description: "d", parameters: {}, execute: () => 1 }),
    ).toBe(false);
    const bad = thrown(() =>
      defineTool({
        description: "bad",
        parameters: {},
        execute: () => 1,
        toModelOutput: "text" as never,
      }),
    );
    expect(bad).toBeInstanceOf(TypeError);
    expect(bad.message).toBe(
      'defineTool: toModelOutput must be a function, received a string ("text")',
    );
    expect(
      thrown(() =>
        definePlay({
          description: "bad",
          parameters: {},
          returns: z.object({}),
          execute: () => ({}),
          toModelOutput: 1 as never,
        }),
      ).message,
    ).toMatch(/^definePlay: toModelOutput must be a function, received /);
  });

  it("refuses a partial that is not a schema, naming the factory", () => {
    const error = thrown(() =>
      defineTool({
        description: "d",
        parameters: {},
        partial: "number" as never,
        execute: () => 1,
      }),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/^defineTool: partial must be a Zod schema, received /);
  });
});
