import { definePlay, Playbook, type PlayDefinition, playbook } from "toolwright";
import { describe, expect, it } from "vitest";
import { zodMajors } from "./zods";

function issueMessages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

function stringifyError(value: unknown): string {
  try {
    JSON.stringify(value);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected JSON.stringify to throw");
}

describe.each(zodMajors)("Playbook.execute with $major", ({ z, ZodError }) => {
  const SlugArgs = z.object({ title: z.string(), from: z.string(), to: z.string() });
  const slugAndSpan = definePlay({
    description: "Slugify a title and report how many days until a target date.",
    parameters: SlugArgs,
    returns: z.object({ slug: z.string(), days: z.number() }),
    execute: async ({ title, from, to }) => {
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
      return { slug, days };
    },
  });

  it("runs a definePlay play on parsed arguments", async () => {
    const plays = playbook("recipes", "d", { slug_and_span: slugAndSpan });
    await expect(
      plays.execute("slug_and_span", {
        title: "Hello World",
        from: "2024-01-01",
        to: "2024-01-11",
      }),
    ).resolves.toStrictEqual({ slug: "hello-world", days: 10 });
  });

  it("returns the parsed output: defaults, transforms and stripping applied", async () => {
    const plays = playbook("p", "d", {
      shaped: definePlay({
        description: "shaped",
        parameters: z.object({}),
        returns: z.object({ n: z.number().default(2), s: z.string().transform((s) => s.length) }),
        execute: () => ({ s: "four", extra: true }),
      }),
    });
    await expect(plays.execute("shaped", {})).resolves.toStrictEqual({ n: 2, s: 4 });
  });

  it("parses arguments exactly once", async () => {
    let parsed = 0;
    const plays = playbook("p", "d", {
      twice: definePlay({
        description: "twice",
        parameters: z.object({
          n: z.number().transform((n) => {
            parsed += 1;
            return n * 2;
          }),
        }),
        returns: z.object({ n: z.number() }),
        execute: ({ n }) => ({ n }),
      }),
    });
    await expect(plays.execute("twice", { n: 21 })).resolves.toStrictEqual({ n: 42 });
    expect(parsed).toBe(1);
  });

  it("returns an envelope for an unknown play, listing the plays there are", async () => {
    const plays: Playbook = playbook("recipes", "d", { b: slugAndSpan, a: slugAndSpan });
    await expect(plays.execute("nope", {})).resolves.toStrictEqual({
      error: "unknown play 'nope' in playbook 'recipes'; available plays: a, b",
    });
    await expect(plays.execute("toString", {})).resolves.toStrictEqual({
      error: "unknown play 'toString' in playbook 'recipes'; available plays: a, b",
    });
    const empty: Playbook = playbook("empty", "d", {});
    await expect(empty.execute("x", {})).resolves.toStrictEqual({
      error: "unknown play 'x' in playbook 'empty'; available plays: (none)",
    });
  });

  it("returns an envelope for invalid arguments, naming the play", async () => {
    let ran = false;
    const plays = playbook("recipes", "d", {
      slug: definePlay({
        description: "slug",
        parameters: z.object({ title: z.string() }),
        returns: z.object({}),
        execute: () => {
          ran = true;
          return {};
        },
      }),
    });
    const [message] = issueMessages(z.object({ title: z.string() }).safeParse({ title: 3 }));
    await expect(plays.execute("slug", { title: 3 } as never)).resolves.toStrictEqual({
      error: `play 'slug' received invalid arguments: title: ${message}`,
    });
    expect(ran).toBe(false);
  });

  it("returns the error's message for an execution error", async () => {
    const plays = playbook("p", "d", {
      factory: definePlay({
        description: "throws",
        parameters: z.object({}),
        returns: z.object({}),
        execute: async () => {
          throw new Error("the calendar service is down");
        },
      }),
      plain: {
        description: "throws synchronously",
        parameters: z.object({}),
        execute: () => {
          throw new TypeError("bad input shape");
        },
      },
      not_an_error: {
        description: "rejects with a string",
        parameters: z.object({}),
        execute: () => Promise.reject("a bare string"),
      },
    });
    await expect(plays.execute("factory", {})).resolves.toStrictEqual({
      error: "the calendar service is down",
    });
    await expect(plays.execute("plain", {})).resolves.toStrictEqual({ error: "bad input shape" });
    await expect(plays.execute("not_an_error", {})).resolves.toStrictEqual({
      error: "a bare string",
    });
  });

  it("returns an envelope naming the play when a refinement of the parameters throws", async () => {
    const plays = playbook("p", "d", {
      odd: {
        description: "odd",
        parameters: z.object({}).refine(() => {
          throw new Error("refinement blew up");
        }),
        execute: () => 1,
      },
    });
    await expect(plays.execute("odd", {})).resolves.toStrictEqual({
      error: "play 'odd' received invalid arguments: parsing them threw: refinement blew up",
    });
  });

  it("returns the output violation as an envelope naming the play", async () => {
    const Returns = z.object({ slug: z.string(), days: z.number() });
    const plays = playbook("p", "d", {
      slug_and_span: definePlay({
        description: "bad",
        parameters: z.object({}),
        returns: Returns,
        execute: () => ({ slug: "x", days: "ten" }) as unknown as { slug: string; days: number },
      }),
    });
    const [message] = issueMessages(Returns.safeParse({ slug: "x", days: "ten" }));
    await expect(plays.execute("slug_and_span", {})).resolves.toStrictEqual({
      error: `play 'slug_and_span' output violated its returns schema: days: ${message}`,
    });
  });

  it("reports another play's violation as an execution error, not as this play's", async () => {
    const inner = definePlay({
      description: "inner",
      parameters: z.object({}),
      returns: z.object({ n: z.number() }),
      execute: () => ({ n: "x" }) as unknown as { n: number },
    });
    const innerMessage = await Promise.resolve(inner.execute({})).catch(
      (error: Error) => error.message,
    );
    const plays = playbook("p", "d", {
      outer: definePlay({
        description: "calls inner directly",
        parameters: z.object({}),
        returns: z.object({ ok: z.boolean() }),
        execute: async () => {
          await inner.execute({});
          return { ok: true };
        },
      }),
    });
    await expect(plays.execute("outer", {})).resolves.toStrictEqual({ error: innerMessage });
  });

  it("JSON round-trips a success: undefined becomes null, a Date an ISO string", async () => {
    const at = new Date("2024-02-03T04:05:06.000Z");
    const plays = playbook("p", "d", {
      nothing: { description: "nothing", parameters: z.object({}), execute: () => undefined },
      dated: definePlay({
        description: "dated",
        parameters: z.object({}),
        returns: z.object({ at: z.date(), missing: z.string().optional() }),
        execute: () => ({ at, missing: undefined }),
      }),
      listed: {
        description: "listed",
        parameters: z.object({}),
        execute: () => [1, undefined, at],
      },
    });
    await expect(plays.execute("nothing", {})).resolves.toBeNull();
    await expect(plays.execute("dated", {})).resolves.toStrictEqual({
      at: "2024-02-03T04:05:06.000Z",
    });
    await expect(plays.execute("listed", {})).resolves.toStrictEqual([
      1,
      null,
      "2024-02-03T04:05:06.000Z",
    ]);
  });

  it("returns an envelope for a value JSON cannot carry: a BigInt, a cycle", async () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    const plays = playbook("p", "d", {
      big: { description: "big", parameters: z.object({}), execute: () => ({ n: 10n }) },
      cycle: { description: "cycle", parameters: z.object({}), execute: () => cyclic },
    });
    await expect(plays.execute("big", {})).resolves.toStrictEqual({
      error: `play 'big' returned a value that cannot be serialised to JSON: ${stringifyError({ n: 10n })}`,
    });
    await expect(plays.execute("cycle", {})).resolves.toStrictEqual({
      error: `play 'cycle' returned a value that cannot be serialised to JSON: ${stringifyError(cyclic)}`,
    });
  });

  it("never validates returns of a plain object PlayDefinition", async () => {
    const plain: PlayDefinition = {
      description: "plain",
      parameters: z.object({}),
      returns: z.object({ a: z.string() }),
      execute: () => ({ a: 1, extra: true }),
    };
    await expect(playbook("p", "d", { plain }).execute("plain", {})).resolves.toStrictEqual({
      a: 1,
      extra: true,
    });
  });

  it("definePlay with validateReturns: false returns the value verbatim and keeps returns", async () => {
    const returns = z.object({ n: z.number().default(1) });
    const value = { extra: "kept" };
    const play = definePlay({
      description: "raw",
      parameters: z.object({}),
      returns,
      validateReturns: false,
      execute: () => value as unknown as { n?: number },
    });
    expect(play.returns).toBe(returns);
    expect(await play.execute({})).toBe(value);
    await expect(playbook("p", "d", { play }).execute("play", {})).resolves.toStrictEqual({
      extra: "kept",
    });
  });

  it("definePlay's execute called directly throws the tagged violation", async () => {
    const Returns = z.object({ n: z.number() });
    const play = definePlay({
      description: "direct",
      parameters: z.object({}),
      returns: Returns,
      execute: () => ({ n: "x" }) as unknown as { n: number },
    });
    const error = (await Promise.resolve(play.execute({})).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(Symbol.for("toolwright.returnsViolation") in error).toBe(true);
    expect(error.cause).toBeInstanceOf(ZodError);
    const [message] = issueMessages(Returns.safeParse({ n: "x" }));
    expect(error.message).toBe(`output violated its returns schema: n: ${message}`);
  });

  it("definePlay builds a definition without terminal", () => {
    const parameters = z.object({});
    const returns = z.object({});
    const play = definePlay({
      description: "shown",
      parameters,
      returns,
      displayType: "card",
      execute: () => ({}),
    });
    expect(play.description).toBe("shown");
    expect(play.parameters).toBe(parameters);
    expect(play.returns).toBe(returns);
    expect(play.displayType).toBe("card");
    expect(Object.keys(play).sort()).toStrictEqual([
      "description",
      "displayType",
      "execute",
      "parameters",
      "returns",
    ]);
  });

  it("projects getPlaySchemas", () => {
    const plays = playbook("recipes", "d", {
      slug_and_span: slugAndSpan,
      shown: {
        description: "shown",
        parameters: z.object({ x: z.number() }),
        displayType: "chart",
        execute: () => 1,
      },
    });
    expect(plays.getPlayNames()).toStrictEqual(["slug_and_span", "shown"]);
    const [slug, shown] = plays.getPlaySchemas();
    expect(slug?.name).toBe("slug_and_span");
    expect(slug?.description).toBe("Slugify a title and report how many days until a target date.");
    expect(slug?.parameters.type).toBe("object");
    expect(slug?.parameters.required).toStrictEqual(["title", "from", "to"]);
    expect(slug?.returns?.properties).toStrictEqual({
      slug: { type: "string" },
      days: { type: "number" },
    });
    expect(slug).not.toHaveProperty("displayType");
    expect(shown?.displayType).toBe("chart");
    expect(shown).not.toHaveProperty("returns");
    expect(plays.getPlaySchemas("openapi-3.0")[1]?.parameters.properties).toStrictEqual({
      x: { type: "number" },
    });
  });
});

describe("playbook()", () => {
  const { z } = zodMajors[0] as (typeof zodMajors)[number];

  it("is a Playbook keeping its record by reference", async () => {
    const plays: Record<string, PlayDefinition> = {};
    const book = playbook("recipes", "Named multi-step recipes", plays);
    expect(book).toBeInstanceOf(Playbook);
    expect(book.name).toBe("recipes");
    expect(book.description).toBe("Named multi-step recipes");
    expect(book.plays).toBe(plays);
    plays.late = { description: "late", parameters: z.object({}), execute: () => "added later" };
    await expect(book.execute("late", {})).resolves.toBe("added later");
  });

  it("class X extends Playbook still works", async () => {
    class Recipes extends Playbook {
      readonly name = "recipes";
      readonly description = "d";
      readonly plays = {
        hello: { description: "hello", parameters: z.object({}), execute: () => "hi" },
      };
    }
    const book = new Recipes();
    expect(book).toBeInstanceOf(Playbook);
    await expect(book.execute("hello", {})).resolves.toBe("hi");
  });
});
