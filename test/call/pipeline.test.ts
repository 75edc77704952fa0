/**
 * The one pipeline (`runCall`) that `Toolbox.execute`, `Playbook.execute` and `toolSet`
 * all settle: each outcome it reports, and what each site makes of it.
 */
import {
  definePlay,
  defineTool,
  playbook,
  ToolArgumentsError,
  type ToolDefinition,
  toolbox,
} from "toolwright";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import type { Callable, Container, Outcome } from "../../src/call/call";
import { runCall } from "../../src/call/pipeline";
import { rejection } from "../core/catch";
import { zodMajors } from "../core/zods";

type Named = Outcome & { readonly name?: string };

/** Runs `name` through the pipeline and returns the outcome it settled, counting settles. */
async function outcomeOf(
  callables: Readonly<Record<string, Callable>>,
  name: string,
  args: unknown,
): Promise<{ outcome: Named; settles: number }> {
  let settles = 0;
  const recorder: Container<typeof callables, Named> = {
    callables: (owner) => owner,
    controls: () => undefined,
    value: (value, _owner, called) => {
      settles += 1;
      return { kind: "value", name: called, value };
    },
    failure: (failed) => {
      settles += 1;
      return failed;
    },
  };
  const outcome = await runCall(recorder, callables, name, args, undefined);
  return { outcome, settles };
}

describe.each(zodMajors)("the pipeline with $major", ({ z, ZodError }) => {
  const echo = defineTool({
    description: "echo",
    parameters: z.object({ n: z.number() }),
    returns: z.object({ n: z.number(), tag: z.string().default("ok") }),
    execute: ({ n }) => ({ n }),
  });

  it("reports a value parsed through returns, settled once", async () => {
    const { outcome, settles } = await outcomeOf({ echo }, "echo", { n: 1 });
    expect(outcome).toEqual({ kind: "value", name: "echo", value: { n: 1, tag: "ok" } });
    expect(settles).toBe(1);
  });

  it("reports an unknown name, including names only the prototype has", async () => {
    for (const name of ["nope", "toString", "__proto__", "constructor"]) {
      const { outcome } = await outcomeOf({ echo }, name, {});
      expect(outcome).toEqual({ kind: "unknown-name", name });
    }
  });

  it("reports invalid arguments with the ZodError and its detail", async () => {
    const { outcome } = await outcomeOf({ echo }, "echo", { n: "x" });
    expect(outcome.kind).toBe("invalid-arguments");
    if (outcome.kind !== "invalid-arguments") return;
    expect(outcome.error).toBeInstanceOf(ZodError);
    expect(outcome.detail).toMatch(/^n: /);
  });

  it("reports an output violation with the ZodError and its detail", async () => {
    const bad = defineTool({
      description: "bad",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      // @ts-expect-error deliberately wrong
      execute: () => ({ n: "x" }),
    });
    const { outcome } = await outcomeOf({ bad }, "bad", {});
    expect(outcome.kind).toBe("invalid-output");
    if (outcome.kind !== "invalid-output") return;
    expect(outcome.error).toBeInstanceOf(ZodError);
    expect(outcome.detail).toMatch(/^n: /);
  });

  it("reports what a tool threw, by identity, sync or async", async () => {
    const problem = new Error("boom");
    const sync: ToolDefinition = {
      description: "sync",
      parameters: z.object({}),
      execute: () => {
        throw problem;
      },
    };
    const rejected: ToolDefinition = {
      description: "async",
      parameters: z.object({}),
      execute: () => Promise.reject(problem),
    };
    for (const [name, tool] of Object.entries({ sync, rejected })) {
      const { outcome } = await outcomeOf({ [name]: tool }, name, {});
      expect(outcome).toEqual({ kind: "thrown", name, error: problem });
      expect(outcome.kind === "thrown" && outcome.error).toBe(problem);
    }
  });

  it("reports a refinement that throws while parsing as invalid arguments, naming what it threw", async () => {
    const problem = new Error("refinement exploded");
    const fragile = defineTool({
      description: "fragile",
      parameters: z.object({
        n: z.number().refine(() => {
          throw problem;
        }),
      }),
      execute: () => "never",
    });
    const { outcome } = await outcomeOf({ fragile }, "fragile", { n: 1 });
    expect(outcome).toEqual({
      kind: "invalid-arguments",
      name: "fragile",
      error: problem,
      issues: [],
      detail: "parsing them threw: refinement exploded",
    });
    const error = await rejection(toolbox("box", "d", { fragile }).execute("fragile", { n: 1 }));
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect(error.message).toBe(
      "tool 'fragile' received invalid arguments: parsing them threw: refinement exploded",
    );
    expect(error.cause).toBe(problem);
  });

  it("reports input deep enough to overflow the stack as invalid arguments", async () => {
    type Tree = { child?: Tree };
    const tree: ZodType<Tree> = z.lazy(() => z.object({ child: tree.optional() }));
    const deep = defineTool({
      description: "deep",
      parameters: z.object({ tree }),
      execute: () => "never",
    });
    let input: Tree = {};
    for (let i = 0; i < 100_000; i++) input = { child: input };
    const { outcome } = await outcomeOf({ deep }, "deep", { tree: input });
    expect(outcome.kind).toBe("invalid-arguments");
    expect(outcome.kind === "invalid-arguments" && outcome.detail).toMatch(
      /^parsing them threw: Maximum call stack size exceeded/,
    );
  });

  it("awaits a thenable that is not a native promise", async () => {
    const thenable: ToolDefinition = {
      description: "thenable",
      parameters: z.object({}),
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a Promise is the point
      execute: () => ({ then: (resolve: (value: unknown) => void) => resolve(42) }) as never,
    };
    const { outcome } = await outcomeOf({ thenable }, "thenable", {});
    expect(outcome).toEqual({ kind: "value", name: "thenable", value: 42 });
  });

  it("parses with the schema a copy of a factory-built tool declares, not the original's", async () => {
    const stricter = { ...echo, parameters: z.object({ n: z.number().int() }) };
    const { outcome } = await outcomeOf({ stricter }, "stricter", { n: 1.5 });
    expect(outcome.kind).toBe("invalid-arguments");
    // The copy still validates its result: its execute is the factory's.
    const copied = await outcomeOf({ stricter }, "stricter", { n: 2 });
    expect(copied.outcome).toEqual({ kind: "value", name: "stricter", value: { n: 2, tag: "ok" } });
  });

  it("names a violation thrown by a hand-written execute calling its own factory-built one", async () => {
    const bad = defineTool({
      description: "bad",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      // @ts-expect-error deliberately wrong
      execute: () => ({ n: "x" }),
    });
    const logged: ToolDefinition = {
      ...bad,
      execute: (args, ctx) => bad.execute(args, ctx),
    };
    const { outcome } = await outcomeOf({ logged }, "logged", {});
    expect(outcome.kind).toBe("invalid-output");
    // Another tool's violation is not this tool's: it passes by identity.
    const other: ToolDefinition = {
      description: "other",
      parameters: z.object({}),
      execute: (args, ctx) => bad.execute(args, ctx),
    };
    const passed = await outcomeOf({ other }, "other", {});
    expect(passed.outcome.kind).toBe("thrown");
  });

  it("gives a tool without validateReturns its callback's value untouched", async () => {
    const value = { n: 1, extra: true };
    const raw = defineTool({
      description: "raw",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      validateReturns: false,
      execute: () => value,
    });
    const { outcome } = await outcomeOf({ raw }, "raw", {});
    expect(outcome.kind === "value" && outcome.value).toBe(value);
  });
});

describe.each(zodMajors)("bounded error messages with $major", ({ z }) => {
  const numbers = defineTool({
    description: "Sums numbers",
    parameters: z.object({ values: z.array(z.number()) }),
    execute: ({ values }) => values.length,
  });

  it("describes at most 20 issues and counts the rest; the ZodError keeps them all", async () => {
    const values = Array.from({ length: 1000 }, (_, i) => `not a number ${i}`);
    const box = toolbox("box", "d", { numbers });
    const error = await rejection(box.execute("numbers", { values } as never));
    expect(error.message).toMatch(/^tool 'numbers' received invalid arguments: values\.0: /);
    expect(error.message).toMatch(/; and 980 more issues$/);
    expect(error.message.split("; ")).toHaveLength(21);
    expect((error.cause as { issues: unknown[] }).issues).toHaveLength(1000);
  });

  it("cuts a description longer than 4 KB, visibly", async () => {
    const long = defineTool({
      description: "Takes short strings",
      parameters: z.object({ text: z.string().max(1, "x".repeat(10_000)) }),
      execute: () => "never",
    });
    const error = await rejection(toolbox("box", "d", { long }).execute("long", { text: "ab" }));
    expect(error.message.endsWith(" … (truncated)")).toBe(true);
    expect(error.message.length).toBeLessThanOrEqual(
      4096 + "tool 'long' received invalid arguments: ".length,
    );
  });
});

describe.each(zodMajors)("sites of the pipeline with $major", ({ z }) => {
  it("Toolbox.execute rejects with the error a tool threw, by identity", async () => {
    const problem = { not: "an Error" };
    const box = toolbox("box", "d", {
      t: {
        description: "t",
        parameters: z.object({}),
        execute: () => {
          throw problem;
        },
      },
    });
    expect(await rejection(box.execute("t", {}))).toBe(problem);
  });

  it("Playbook.execute resolves a play's declared { error } result as its result", async () => {
    const book = playbook("book", "d", {
      report: definePlay({
        description: "Reports an error string as data",
        parameters: z.object({}),
        returns: z.object({ error: z.string() }),
        execute: () => ({ error: "x" }),
      }),
    });
    await expect(book.execute("report", {})).resolves.toEqual({ error: "x" });
  });
});
