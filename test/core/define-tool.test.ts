import { defineTool, Toolbox, ToolOutputError, toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { zodMajors } from "./zods";

describe.each(zodMajors)("defineTool with $major", ({ z, ZodError }) => {
  const Returns = z.object({
    name: z.string(),
    count: z.number().default(3),
    label: z.string().transform((value) => value.toUpperCase()),
  });

  it("returns the parsed value: defaults, transforms and unknown-key stripping applied", async () => {
    const tool = defineTool({
      description: "parsed",
      parameters: z.object({}),
      returns: Returns,
      execute: async () => ({ name: "a", label: "shout", extra: "dropped" }),
    });
    const direct = await tool.execute({});
    expect(direct).toStrictEqual({ name: "a", count: 3, label: "SHOUT" });
    const viaBox = await toolbox("box", "d", { t: tool }).execute("t", {});
    expect(viaBox).toStrictEqual({ name: "a", count: 3, label: "SHOUT" });
  });

  it("validates a synchronous callback's value too", async () => {
    const tool = defineTool({
      description: "sync",
      parameters: z.object({}),
      returns: z.object({ n: z.number().default(7) }),
      execute: () => ({}),
    });
    await expect(tool.execute({})).resolves.toStrictEqual({ n: 7 });
  });

  it("runs async refinements in returns", async () => {
    let refined = 0;
    const tool = defineTool({
      description: "async refine",
      parameters: z.object({ ok: z.boolean() }),
      returns: z.object({ ok: z.boolean() }).refine(
        async (value) => {
          refined += 1;
          await Promise.resolve();
          return value.ok;
        },
        { message: "ok must be true" },
      ),
      execute: ({ ok }) => ({ ok }),
    });
    const box = toolbox("box", "d", { check: tool });
    await expect(box.execute("check", { ok: true })).resolves.toStrictEqual({ ok: true });
    expect(refined).toBe(1);
    const error = await box.execute("check", { ok: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolOutputError);
    expect((error as Error).message).toBe(
      "tool 'check' output violated its returns schema: ok must be true",
    );
    expect((error as Error).cause).toBeInstanceOf(ZodError);
    expect(refined).toBe(2);
  });

  it("with validateReturns: false returns the callback's value by identity and keeps returns", async () => {
    const value = { name: "a", label: "quiet", extra: true };
    const tool = defineTool({
      description: "unvalidated",
      parameters: z.object({}),
      returns: Returns,
      validateReturns: false,
      execute: () => value,
    });
    expect(tool.returns).toBe(Returns);
    expect(await tool.execute({})).toBe(value);
    expect(await toolbox("b", "d", { t: tool }).execute("t", {})).toBe(value);
    expect(value).toStrictEqual({ name: "a", label: "quiet", extra: true });
  });

  it("with validateReturns: false lets a value that violates returns through", async () => {
    const tool = defineTool({
      description: "unvalidated",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      validateReturns: false,
      execute: () => ({ n: "not a number" }) as unknown as { n: number },
    });
    await expect(toolbox("b", "d", { t: tool }).execute("t", {})).resolves.toStrictEqual({
      n: "not a number",
    });
  });

  it("without returns returns the callback's value by identity", async () => {
    const value = { anything: 1 };
    const tool = defineTool({
      description: "no returns",
      parameters: z.object({}),
      execute: () => value,
    });
    expect("returns" in tool).toBe(false);
    expect(await tool.execute({})).toBe(value);
  });

  it("never re-parses parameters: execute receives exactly what it is given", async () => {
    let parsed = 0;
    const tool = defineTool({
      description: "no reparse",
      parameters: z.object({
        n: z.number().transform((n) => {
          parsed += 1;
          return n * 2;
        }),
      }),
      returns: z.object({ got: z.unknown() }),
      execute: (args) => ({ got: args }),
    });
    const args = { n: "not even a number" };
    const result = (await tool.execute(args)) as { got: unknown };
    expect(result.got).toBe(args);
    expect(parsed).toBe(0);
  });

  it("copies description, parameters, returns, terminal, displayType and annotations", () => {
    const parameters = z.object({ day: z.string() });
    const returns = z.object({ done: z.boolean() });
    const tool = defineTool({
      description: "finish",
      parameters,
      returns,
      terminal: true,
      displayType: "card",
      annotations: { readOnly: true },
      execute: () => ({ done: true }),
    });
    expect(tool.description).toBe("finish");
    expect(tool.parameters).toBe(parameters);
    expect(tool.returns).toBe(returns);
    expect(tool.terminal).toBe(true);
    expect(tool.displayType).toBe("card");
    expect(tool.annotations).toStrictEqual({ readOnly: true });
    const bare = defineTool({ description: "bare", parameters, execute: () => 1 });
    expect(Object.keys(bare).sort()).toStrictEqual(["description", "execute", "parameters"]);
  });

  it("throws the tagged violation when called directly, outside a toolbox", async () => {
    const tool = defineTool({
      description: "bad",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      execute: () => ({ n: "x" }) as unknown as { n: number },
    });
    const error = (await Promise.resolve(tool.execute({})).catch((e: unknown) => e)) as Error;
    expect(error).not.toBeInstanceOf(ToolOutputError);
    expect(Symbol.for("toolwright.returnsViolation") in error).toBe(true);
    expect(error.cause).toBeInstanceOf(ZodError);
    const issue = (error.cause as unknown as { issues: { message: string }[] }).issues[0];
    expect(error.message).toBe(`output violated its returns schema: n: ${issue?.message}`);
  });

  it("is usable from a Toolbox subclass", async () => {
    class Box extends Toolbox {
      readonly name = "box";
      readonly description = "d";
      readonly tools = {
        echo: defineTool({
          description: "echo",
          parameters: z.object({ s: z.string() }),
          returns: z.object({ s: z.string() }),
          execute: ({ s }) => ({ s, extra: 1 }),
        }),
      };
    }
    await expect(new Box().execute("echo", { s: "hi" })).resolves.toStrictEqual({ s: "hi" });
  });
});
