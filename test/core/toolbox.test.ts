import {
  defineTool,
  SchemaProjectionError,
  ToolArgumentsError,
  Toolbox,
  type ToolDefinition,
  type ToolExecutionContext,
  ToolOutputError,
  toJsonSchema,
  toolbox,
  UnknownToolError,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { rejection, thrown } from "./catch";
import { type Z, zodMajors } from "./zods";

function issuesOf(error: unknown): { message: string; path: PropertyKey[]; code: string }[] {
  return (error as { issues: { message: string; path: PropertyKey[]; code: string }[] }).issues;
}

function countingParameters(z: Z) {
  const counter = { parsed: 0 };
  const schema = z.object({
    n: z.number().transform((n) => {
      counter.parsed += 1;
      return n * 2;
    }),
  });
  return { counter, schema };
}

describe.each(zodMajors)("Toolbox.execute with $major", ({ z, ZodError }) => {
  it("parses a sync schema's arguments exactly once and hands the parsed value to the tool", async () => {
    const { counter, schema } = countingParameters(z);
    const seen: unknown[] = [];
    const box = toolbox("box", "d", {
      factory: defineTool({
        description: "factory",
        parameters: schema,
        returns: z.object({ n: z.number() }),
        execute: (args) => {
          seen.push(args);
          return { n: args.n };
        },
      }),
      plain: {
        description: "plain",
        parameters: schema,
        execute: (args) => {
          seen.push(args);
          return args;
        },
      },
    });
    await expect(box.execute("factory", { n: 2 })).resolves.toStrictEqual({ n: 4 });
    expect(counter.parsed).toBe(1);
    await expect(box.execute("plain", { n: 5 })).resolves.toStrictEqual({ n: 10 });
    expect(counter.parsed).toBe(2);
    expect(seen).toStrictEqual([{ n: 4 }, { n: 10 }]);
  });

  it("parses a schema with an async refinement exactly once per call, from the first call", async () => {
    const { counter, schema } = countingParameters(z);
    let refined = 0;
    const parameters = schema.refine(
      async (value) => {
        refined += 1;
        await Promise.resolve();
        return value.n > 0;
      },
      { message: "n must be positive" },
    );
    const box = toolbox("box", "d", {
      double: defineTool({
        description: "double",
        parameters,
        returns: z.object({ n: z.number() }),
        execute: ({ n }) => ({ n }),
      }),
    });
    await expect(box.execute("double", { n: 3 })).resolves.toStrictEqual({ n: 6 });
    expect([counter.parsed, refined]).toStrictEqual([1, 1]);
    await expect(box.execute("double", { n: 4 })).resolves.toStrictEqual({ n: 8 });
    expect([counter.parsed, refined]).toStrictEqual([2, 2]);
    const error = await rejection(box.execute("double", { n: -1 }));
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect(error.message).toBe("tool 'double' received invalid arguments: n must be positive");
    expect([counter.parsed, refined]).toStrictEqual([3, 3]);
  });

  it("names the tool on invalid arguments and keeps the ZodError as cause", async () => {
    let ran = false;
    const box = toolbox("box", "d", {
      list_meetings: defineTool({
        description: "list",
        parameters: z.object({ day: z.string(), limit: z.number() }),
        execute: () => {
          ran = true;
        },
      }),
    });
    const error = await rejection(box.execute("list_meetings", { day: 1, limit: "x" } as never));
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect(error.name).toBe("ToolArgumentsError");
    expect(error.cause).toBeInstanceOf(ZodError);
    const issues = issuesOf(error.cause);
    expect(issues.map((issue) => [issue.path, issue.code])).toStrictEqual([
      [["day"], "invalid_type"],
      [["limit"], "invalid_type"],
    ]);
    expect(error.message).toBe(
      `tool 'list_meetings' received invalid arguments: day: ${issues[0]?.message}; limit: ${issues[1]?.message}`,
    );
    const named = error as ToolArgumentsError;
    expect(named.tool).toBe("list_meetings");
    expect(named.issues).toBe(issues);
  });

  it("rejects a missing argument object as invalid arguments", async () => {
    const box = toolbox("box", "d", {
      t: { description: "t", parameters: z.object({ a: z.string() }), execute: () => 1 },
    });
    const error = await rejection(box.execute("t", undefined));
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect(error.message).toBe(
      `tool 't' received invalid arguments: ${issuesOf(error.cause)[0]?.message}`,
    );
  });

  it("names an output violation after the tool, with the ZodError as cause", async () => {
    const box = toolbox("box", "d", {
      list_meetings: defineTool({
        description: "list",
        parameters: z.object({}),
        returns: z.object({ meetings: z.array(z.string()), total: z.number() }),
        execute: () =>
          ({ meetings: ["a", 2], total: "3" }) as unknown as { meetings: string[]; total: number },
      }),
    });
    const error = await rejection(box.execute("list_meetings", {}));
    expect(error).toBeInstanceOf(ToolOutputError);
    expect(error.name).toBe("ToolOutputError");
    expect(error.cause).toBeInstanceOf(ZodError);
    const issues = issuesOf(error.cause);
    expect(issues.map((issue) => issue.path)).toStrictEqual([["meetings", 1], ["total"]]);
    expect(error.message).toBe(
      `tool 'list_meetings' output violated its returns schema: meetings.1: ${issues[0]?.message}; total: ${issues[1]?.message}`,
    );
    expect((error as ToolOutputError).tool).toBe("list_meetings");
    expect((error as ToolOutputError).issues).toBe(issues);
  });

  it("passes any other error from execute through by identity", async () => {
    const boom = new Error("boom");
    const inner = z.object({ a: z.string() });
    const box = toolbox("box", "d", {
      throws: defineTool({
        description: "throws",
        parameters: z.object({}),
        returns: z.object({}),
        execute: async () => {
          throw boom;
        },
      }),
      plain: {
        description: "plain",
        parameters: z.object({}),
        execute: () => {
          throw boom;
        },
      },
      not_an_error: {
        description: "throws a string",
        parameters: z.object({}),
        execute: () => Promise.reject("just a string"),
      },
      own_zod_error: defineTool({
        description: "parses something itself",
        parameters: z.object({}),
        returns: z.object({}),
        execute: () => {
          inner.parse({ a: 1 });
          return {};
        },
      }),
    });
    await expect(rejection(box.execute("throws", {}))).resolves.toBe(boom);
    await expect(rejection(box.execute("plain", {}))).resolves.toBe(boom);
    await expect(box.execute("not_an_error", {})).rejects.toBe("just a string");
    const own = await rejection(box.execute("own_zod_error", {}));
    expect(own).toBeInstanceOf(ZodError);
    expect(own).not.toBeInstanceOf(ToolOutputError);
  });

  it("passes another tool's returns violation through by identity, not renamed", async () => {
    const inner = defineTool({
      description: "inner",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      execute: () => ({ n: "x" }) as unknown as { n: number },
    });
    const innerError = await rejection(Promise.resolve(inner.execute({})));
    const box = toolbox("box", "d", {
      outer: defineTool({
        description: "calls inner directly",
        parameters: z.object({}),
        returns: z.object({ ok: z.boolean() }),
        execute: async () => {
          await inner.execute({});
          return { ok: true };
        },
      }),
      plain: {
        description: "a plain literal calling inner",
        parameters: z.object({}),
        execute: () => inner.execute({}),
      },
      rewrapped: { ...inner, execute: (args, ctx) => inner.execute(args, ctx) },
    });
    const outer = await rejection(box.execute("outer", {}));
    expect(outer).not.toBeInstanceOf(ToolOutputError);
    expect(outer.message).toBe(innerError.message);
    expect(outer.cause).toBeInstanceOf(ZodError);
    expect(await rejection(box.execute("plain", {}))).not.toBeInstanceOf(ToolOutputError);
    const rewrapped = await rejection(box.execute("rewrapped", {}));
    expect(rewrapped).toBeInstanceOf(ToolOutputError);
    expect(rewrapped.message).toBe(`tool 'rewrapped' ${innerError.message}`);
  });

  it("recognises a violation tagged by another copy of toolwright", async () => {
    const returns = z.object({ n: z.number() });
    const zodError = returns.safeParse({ n: "x" }).error;
    const foreign = Object.assign(new Error("output violated its returns schema: n: bad"), {
      [Symbol.for("toolwright.returnsViolation")]: returns,
      detail: "n: bad",
      cause: zodError,
    });
    const box = toolbox("box", "d", {
      t: {
        description: "built by another copy",
        parameters: z.object({}),
        returns,
        execute: () => Promise.reject(foreign),
      },
    });
    const error = await rejection(box.execute("t", {}));
    expect(error).toBeInstanceOf(ToolOutputError);
    expect(error.message).toBe("tool 't' output violated its returns schema: n: bad");
    expect(error.cause).toBe(zodError);
  });

  it("never validates returns of a plain object ToolDefinition", async () => {
    const value = { a: 1, extra: true };
    const plain: ToolDefinition = {
      description: "plain",
      parameters: z.object({}),
      returns: z.object({ a: z.string() }),
      execute: () => value,
    };
    await expect(toolbox("box", "d", { plain }).execute("plain", {})).resolves.toBe(value);
  });

  it("holds factory-built and hand-written tools in one record", async () => {
    const tools: Record<string, ToolDefinition> = {
      built: defineTool({
        description: "built",
        parameters: z.object({ s: z.string() }),
        returns: z.object({ s: z.string(), n: z.number().default(1) }),
        execute: ({ s }) => ({ s }),
      }),
      literal: {
        description: "literal",
        parameters: z.object({ s: z.string() }),
        returns: z.object({ s: z.string(), n: z.number().default(1) }),
        execute: (args) => args,
      },
    };
    const box = toolbox("mixed", "d", tools);
    expect(box.getToolNames()).toStrictEqual(["built", "literal"]);
    await expect(box.execute("built", { s: "x" })).resolves.toStrictEqual({ s: "x", n: 1 });
    await expect(box.execute("literal", { s: "x" })).resolves.toStrictEqual({ s: "x" });
  });

  it("hands emit, runId, host and signal to execute", async () => {
    const events: unknown[] = [];
    const controller = new AbortController();
    const ctx: ToolExecutionContext = {
      emit: (event) => events.push(event),
      runId: "run-1",
      traceId: "trace-1",
      parentToolCallId: "call-0",
      host: { scope: { operator: "ada" } },
      signal: controller.signal,
    };
    const seen: (ToolExecutionContext | undefined)[] = [];
    const box = toolbox("box", "d", {
      built: defineTool({
        description: "built",
        parameters: z.object({}),
        returns: z.object({ runId: z.string().optional(), aborted: z.boolean().optional() }),
        execute: (_args, context) => {
          seen.push(context);
          context?.emit?.({ type: "progress", done: 1 });
          return { runId: context?.runId, aborted: context?.signal?.aborted };
        },
      }),
      plain: {
        description: "plain",
        parameters: z.object({}),
        execute: (_args, context) => {
          seen.push(context);
          return context?.host;
        },
      },
    });
    await expect(box.execute("built", {}, ctx)).resolves.toStrictEqual({
      runId: "run-1",
      aborted: false,
    });
    await expect(box.execute("plain", {}, ctx)).resolves.toBe(ctx.host);
    expect(seen).toStrictEqual([ctx, ctx]);
    expect(seen[0]).toBe(ctx);
    expect(events).toStrictEqual([{ type: "progress", done: 1 }]);
    await expect(box.execute("plain", {})).resolves.toBeUndefined();
    // Once the signal has aborted, a call rejects with its reason, and nothing runs.
    controller.abort();
    await expect(box.execute("built", {}, ctx)).rejects.toBe(controller.signal.reason);
    expect(seen).toHaveLength(3);
  });

  it("rejects with the abort reason the moment the signal aborts, whether or not the tool listens", async () => {
    const controller = new AbortController();
    let finished = false;
    let release = (): void => {};
    const box = toolbox("box", "d", {
      deaf: defineTool({
        description: "Ignores its signal",
        parameters: z.object({}),
        execute: async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          finished = true;
          return "late";
        },
      }),
    });
    const call = box.execute("deaf", {}, { signal: controller.signal });
    const reason = new Error("the user left");
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).toBe(true);
  });

  it("projects getToolSchemas: name, description, parameters, returns, terminal, displayType", () => {
    const parameters = z.object({ day: z.string().describe("ISO date") });
    const returns = z.object({ meetings: z.array(z.string()) });
    const box = toolbox("meetings", "d", {
      list_meetings: defineTool({
        description: "List meetings for a day",
        parameters,
        returns,
        displayType: "table",
        execute: () => ({ meetings: [] }),
      }),
      finish: { description: "Finish", parameters: z.object({}), terminal: true, execute: () => 1 },
    });
    const [list, finish] = box.getToolSchemas();
    expect(list?.name).toBe("list_meetings");
    expect(list?.description).toBe("List meetings for a day");
    expect(list?.parameters).toBe(toJsonSchema(parameters, { side: "input" }));
    expect(list?.parameters.type).toBe("object");
    expect(list?.parameters.properties).toStrictEqual({
      day: { type: "string", description: "ISO date" },
    });
    expect(list?.parameters.required).toStrictEqual(["day"]);
    expect(list?.returns).toBe(toJsonSchema(returns, { side: "output", unrepresentable: "any" }));
    expect(list?.returns?.properties).toStrictEqual({
      meetings: { type: "array", items: { type: "string" } },
    });
    expect(list?.displayType).toBe("table");
    expect(list).not.toHaveProperty("terminal");
    expect(finish?.terminal).toBe(true);
    expect(finish).not.toHaveProperty("returns");
    expect(finish).not.toHaveProperty("displayType");
    expect(Object.keys(finish ?? {}).sort()).toStrictEqual([
      "description",
      "name",
      "parameters",
      "terminal",
    ]);
  });

  it("projects getToolSchemas in the requested target", () => {
    const box = toolbox("b", "d", {
      t: { description: "t", parameters: z.object({ x: z.number().nullable() }), execute: () => 1 },
    });
    const openapi = box.getToolSchemas("openapi-3.0")[0]?.parameters.properties;
    const draft07 = box.getToolSchemas()[0]?.parameters.properties;
    expect(openapi).toStrictEqual({ x: { type: "number", nullable: true } });
    expect(draft07).toStrictEqual({ x: { type: ["number", "null"] } });
  });

  it("refuses a parameters root that is not an object, naming the tool", () => {
    const box = toolbox("b", "d", {
      ok: { description: "ok", parameters: z.object({}), execute: () => 1 },
      bad: { description: "bad", parameters: z.string(), execute: () => 1 },
    });
    const error = thrown(() => box.getToolSchemas()) as SchemaProjectionError;
    expect(error).toBeInstanceOf(SchemaProjectionError);
    expect(error.tool).toBe("bad");
    expect(error.message).toBe(
      `tool 'bad' parameters must project to a JSON Schema with type "object" at the root, but projected to {"type":"string"}; declare parameters as z.object({...})`,
    );
    const empty = toolbox("b", "d", {
      any: { description: "any", parameters: z.any(), execute: () => 1 },
    });
    expect(thrown(() => empty.getToolSchemas()).message).toBe(
      `tool 'any' parameters must project to a JSON Schema with type "object" at the root, but projected to an empty schema {}; declare parameters as z.object({...})`,
    );
  });
});

describe("Toolbox without Zod specifics", () => {
  const { z } = zodMajors[0] as (typeof zodMajors)[number];
  const tool = (description: string): ToolDefinition => ({
    description,
    parameters: z.object({}),
    execute: () => description,
  });

  it("throws UnknownToolError listing the available names, sorted", async () => {
    const box: Toolbox = toolbox("meetings", "d", { zeta: tool("z"), alpha: tool("a") });
    const error = await rejection(box.execute("nope", {}));
    expect(error).toBeInstanceOf(UnknownToolError);
    expect(error.name).toBe("UnknownToolError");
    expect(error.message).toBe(
      "unknown tool 'nope' in toolbox 'meetings'; available tools: alpha, zeta",
    );
    expect((error as UnknownToolError).tool).toBe("nope");
    expect((error as UnknownToolError).available).toStrictEqual(["alpha", "zeta"]);
  });

  it("does not treat inherited object keys as tools", async () => {
    const box: Toolbox = toolbox("b", "d", { real: tool("r") });
    for (const name of ["toString", "__proto__", "constructor", "hasOwnProperty"]) {
      const error = await rejection(box.execute(name, {}));
      expect(error).toBeInstanceOf(UnknownToolError);
    }
  });

  it("says (none) when the toolbox is empty", async () => {
    const empty: Toolbox = toolbox("empty", "d", {});
    const error = await rejection(empty.execute("x", {}));
    expect(error.message).toBe("unknown tool 'x' in toolbox 'empty'; available tools: (none)");
  });

  it("toolbox() is a Toolbox keeping its record by reference", async () => {
    const tools: Record<string, ToolDefinition> = { first: tool("first") };
    const box = toolbox("meetings", "Meeting management tools", tools);
    expect(box).toBeInstanceOf(Toolbox);
    expect(box.name).toBe("meetings");
    expect(box.description).toBe("Meeting management tools");
    expect(box.tools).toBe(tools);
    tools.second = tool("second");
    expect(box.getToolNames()).toStrictEqual(["first", "second"]);
    await expect(box.execute("second", {})).resolves.toBe("second");
  });

  it("class X extends Toolbox still works", async () => {
    class MeetingToolbox extends Toolbox {
      readonly name = "meetings";
      readonly description = "Meeting management tools";
      readonly tools: Record<string, ToolDefinition> = {
        list_meetings: {
          description: "List meetings for a day",
          parameters: z.object({ day: z.string() }),
          execute: async (args) => {
            const { day } = args as { day: string };
            return { meetings: [`standup ${day}`] };
          },
        },
      };
    }
    const box = new MeetingToolbox();
    expect(box).toBeInstanceOf(Toolbox);
    expect(box.getToolNames()).toStrictEqual(["list_meetings"]);
    expect(box.getToolSchemas().map((schema) => schema.name)).toStrictEqual(["list_meetings"]);
    await expect(box.execute("list_meetings", { day: "mon" })).resolves.toStrictEqual({
      meetings: ["standup mon"],
    });
    await expect(box.execute("list_meetings", { day: 1 })).rejects.toBeInstanceOf(
      ToolArgumentsError,
    );
  });
});
