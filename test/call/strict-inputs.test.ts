/**
 * Strict inputs through `toolSet`: with `strictInputs` (per tool or play, or for the whole
 * set, the definition's own value winning) an argument key `parameters` does not declare
 * is refused by name before anything runs, instead of being stripped; and the schema a
 * model is shown says `additionalProperties: false`.
 */
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import { definePlay, defineTool, type ToolDefinition, toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { setOf, zods } from "../set/fixtures";

const TARGETS = ["draft-07", "draft-2020-12", "openapi-3.0"] as const;

interface Parser {
  safeParse(value: unknown): { success: boolean };
}

describe.each(zods)("strict inputs (%s)", (label, z) => {
  /** A tool over `{ a, b? }` that records what it ran on. */
  const recording = (strictInputs?: boolean) => {
    const runs: unknown[] = [];
    const tool = defineTool({
      description: "Takes a and b",
      parameters: z.object({ a: z.string(), b: z.number().default(1) }),
      ...(strictInputs !== undefined && { controls: { strictInputs } }),
      execute: (args) => {
        runs.push(args);
        return args;
      },
    });
    return { tool, runs };
  };

  it("a strict tool refuses an unknown key by name, and does not run", async () => {
    const { tool, runs } = recording(true);
    const outcome = await setOf({ x: tool }).call("x", { a: "v", foo: 1 });
    expect(outcome).toEqual({
      ok: false,
      kind: "invalid-arguments",
      error: "tool 'x' received an unknown argument 'foo'; it accepts a, b",
    });
    expect(runs).toEqual([]);
  });

  it("names every unknown key, in the plural", async () => {
    const { tool, runs } = recording(true);
    const outcome = await setOf({ x: tool }).call("x", { foo: 1, a: "v", bar: 2 });
    expect(!outcome.ok && outcome.error).toBe(
      "tool 'x' received unknown arguments 'foo', 'bar'; it accepts a, b",
    );
    expect(runs).toEqual([]);
  });

  it("a strict play is refused as a play", async () => {
    let ran = false;
    const play = definePlay({
      description: "p",
      parameters: z.object({ a: z.string(), b: z.number().optional() }),
      returns: z.object({}),
      controls: { strictInputs: true },
      execute: () => {
        ran = true;
        return {};
      },
    });
    const outcome = await setOf({}, {}, { x: play }).call("x", { a: "v", foo: 1 });
    expect(outcome).toEqual({
      ok: false,
      kind: "invalid-arguments",
      error: "play 'x' received an unknown argument 'foo'; it accepts a, b",
    });
    expect(ran).toBe(false);
  });

  it("a strict tool without parameters accepts none", async () => {
    const none = defineTool({
      description: "n",
      parameters: z.object({}),
      controls: { strictInputs: true },
      execute: () => "ran",
    });
    const set = setOf({ none });
    expect(await set.call("none", {})).toEqual({ ok: true, value: "ran" });
    expect(await set.call("none", { foo: 1 })).toMatchObject({
      error: "tool 'none' received an unknown argument 'foo'; it accepts none",
    });
  });

  it("declared keys still run, defaults applied", async () => {
    const { tool, runs } = recording(true);
    expect(await setOf({ x: tool }).call("x", { a: "v" })).toEqual({
      ok: true,
      value: { a: "v", b: 1 },
    });
    expect(runs).toEqual([{ a: "v", b: 1 }]);
  });

  it("without strict inputs an unknown key is stripped, as before", async () => {
    const { tool, runs } = recording();
    expect(await setOf({ x: tool }).call("x", { a: "v", foo: 1 })).toEqual({
      ok: true,
      value: { a: "v", b: 1 },
    });
    expect(runs).toEqual([{ a: "v", b: 1 }]);
  });

  it("the set's strictInputs applies to every entry that does not say otherwise; a tool's false wins", async () => {
    const inherits = recording();
    const optedOut = recording(false);
    const set = setOf(
      { inherits: inherits.tool, opted_out: optedOut.tool },
      { controls: { strictInputs: true } },
    );
    expect(await set.call("inherits", { a: "v", foo: 1 })).toMatchObject({
      kind: "invalid-arguments",
      error: "tool 'inherits' received an unknown argument 'foo'; it accepts a, b",
    });
    expect(await set.call("opted_out", { a: "v", foo: 1 })).toEqual({
      ok: true,
      value: { a: "v", b: 1 },
    });
    expect(inherits.runs).toEqual([]);
  });

  it("a tool's true wins over the set's false", async () => {
    const { tool } = recording(true);
    const outcome = await setOf({ x: tool }, { controls: { strictInputs: false } }).call("x", {
      a: "v",
      foo: 1,
    });
    expect(outcome).toMatchObject({ kind: "invalid-arguments" });
  });

  it.each([
    ["a string", "not an object"],
    ["null", null],
    ["an array", ["a"]],
  ])("arguments that are not an object (%s) reach the parameters' own error", async (_l, args) => {
    const { tool, runs } = recording(true);
    const outcome = await setOf({ x: tool }).call("x", args);
    expect(outcome).toMatchObject({ ok: false, kind: "invalid-arguments" });
    expect(!outcome.ok && outcome.error).toMatch(/^tool 'x' received invalid arguments: /);
    expect(runs).toEqual([]);
  });

  it("a declared key of the wrong type is the parameters' error, naming the fields expected", async () => {
    const { tool } = recording(true);
    const outcome = await setOf({ x: tool }).call("x", { a: 1 });
    expect(!outcome.ok && outcome.error).toMatch(
      /^tool 'x' received invalid arguments: .*; expected arguments: \{ a: string, b\?: number \}$/,
    );
  });

  it("an unknown key is refused before approval is asked", async () => {
    const gated = defineTool({
      description: "g",
      parameters: z.object({ a: z.string() }),
      controls: { strictInputs: true, needsApproval: true },
      execute: () => null,
    });
    const set = setOf({ gated });
    expect(await set.call("gated", { a: "v", foo: 1 })).toMatchObject({
      kind: "invalid-arguments",
    });
    expect(await set.approvalFor("gated", { a: "v", foo: 1 })).toBeUndefined();
    expect(await set.call("gated", { a: "v" })).toMatchObject({ kind: "approval-required" });
  });

  describe("the schemas a model is shown", () => {
    const set = () =>
      setOf(
        { strict: recording(true).tool, loose: recording().tool, opted_out: recording(false).tool },
        {},
        {
          strict_play: definePlay({
            description: "p",
            parameters: z.object({ a: z.string() }),
            returns: z.object({}),
            controls: { strictInputs: true },
            execute: () => ({}),
          }),
        },
      );

    it.each(TARGETS)("%s: additionalProperties: false for strict entries", (target) => {
      const schemas = set().schemas(target);
      for (const name of ["strict", "strict_play"]) {
        const schema = schemas.find((entry) => entry.name === name)?.parameters;
        expect(schema).toMatchObject({ type: "object", additionalProperties: false });
      }
    });

    // zod-to-json-schema (Zod 3) closes every z.object it projects, strict or not; Zod 4
    // closes only the strict ones, so there a loose entry must stay open.
    it.runIf(label === "zod").each(TARGETS)("%s: not for the others", (target) => {
      const schemas = set().schemas(target);
      for (const name of ["loose", "opted_out"]) {
        const schema = schemas.find((entry) => entry.name === name)?.parameters;
        expect(schema).toMatchObject({ type: "object" });
        expect(schema).not.toHaveProperty("additionalProperties", false);
      }
    });

    it("the strict entry's parameters are the strict form, the rest untouched", () => {
      const entries = set();
      // Both majors' schemas have safeParse; AnySchema only names what toolwright reads.
      const accepts = (name: string, args: unknown) =>
        (entries.get(name)?.parameters as unknown as Parser | undefined)?.safeParse(args).success;
      expect(accepts("strict", { a: "v", foo: 1 })).toBe(false);
      expect(accepts("strict", { a: "v" })).toBe(true);
      expect(accepts("loose", { a: "v", foo: 1 })).toBe(true);
    });

    it("ajv validates with the strict projection, rejecting extra keys", () => {
      const schemas = set();
      const draft07 = schemas.schemas("draft-07").find((entry) => entry.name === "strict");
      const draft2020 = schemas.schemas("draft-2020-12").find((entry) => entry.name === "strict");
      for (const [ajv, schema] of [
        [new Ajv({ strict: false }), draft07?.parameters],
        [new Ajv2020({ strict: false }), draft2020?.parameters],
      ] as const) {
        const validate = ajv.compile(structuredClone(schema ?? {}) as object);
        expect(validate({ a: "v" })).toBe(true);
        expect(validate({ a: "v", b: 2 })).toBe(true);
        expect(validate({ a: "v", foo: 1 })).toBe(false);
        expect(validate.errors?.[0]).toMatchObject({
          keyword: "additionalProperties",
          params: { additionalProperty: "foo" },
        });
      }
    });
  });

  describe("parameters that have no .strict() throw a TypeError where strict inputs are declared", () => {
    const union = () =>
      z.union([z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b") })]);
    const expected =
      /^toolSet: tool 'c\/x' has strictInputs, but its parameters are not a plain z\.object/;
    const byFactory = (factory: string) =>
      new RegExp(`^${factory} has strictInputs, but its parameters are not a plain z\\.object`);

    it("a union with strictInputs: defineTool throws; a hand-written one, toolSet() naming it", () => {
      const define = () =>
        defineTool({
          description: "u",
          parameters: union(),
          controls: { strictInputs: true },
          execute: () => null,
        });
      expect(define).toThrow(TypeError);
      expect(define).toThrow(byFactory("defineTool"));
      const x: ToolDefinition = {
        description: "u",
        parameters: union(),
        controls: { strictInputs: true },
        execute: () => null,
      };
      expect(() => setOf({ x })).toThrow(TypeError);
      expect(() => setOf({ x })).toThrow(expected);
      expect(() => toolbox("b", "d", { x }).getToolSchemas()).toThrow(
        /^toolbox 'b': tool 'x' has strictInputs, but its parameters are not a plain z\.object/,
      );
    });

    it("a union under the set's strictInputs; fine once the tool opts out", () => {
      const x = defineTool({ description: "u", parameters: union(), execute: () => null });
      expect(() => setOf({ x }, { controls: { strictInputs: true } })).toThrow(expected);
      const optedOut = defineTool({
        description: "u",
        parameters: union(),
        controls: { strictInputs: false },
        execute: () => null,
      });
      expect(() => setOf({ x: optedOut }, { controls: { strictInputs: true } })).not.toThrow();
    });

    it("a play, named as a play", () => {
      const define = () =>
        definePlay({
          description: "u",
          parameters: union(),
          returns: z.object({}),
          controls: { strictInputs: true },
          execute: () => ({}),
        });
      expect(define).toThrow(byFactory("definePlay"));
      const x = {
        description: "u",
        parameters: union(),
        controls: { strictInputs: true },
        execute: () => ({}),
      };
      expect(() => setOf({}, {}, { x })).toThrow(
        /^toolSet: play 'c\/x' has strictInputs, but its parameters are not a plain z\.object/,
      );
    });

    it("a refined object: refused with Zod 3 (an effect), kept strict with Zod 4", async () => {
      const define = () =>
        defineTool({
          description: "r",
          parameters: z.object({ a: z.string() }).refine((args) => args.a !== "no", "not no"),
          controls: { strictInputs: true },
          execute: () => "ran",
        });
      if (label === "zod/v3") {
        expect(define).toThrow(byFactory("defineTool"));
        return;
      }
      const x = define();
      const set = setOf({ x });
      expect(await set.call("x", { a: "v", foo: 1 })).toMatchObject({
        error: "tool 'x' received an unknown argument 'foo'; it accepts a",
      });
      expect(await set.call("x", { a: "no" })).toMatchObject({ kind: "invalid-arguments" });
      expect(await set.call("x", { a: "v" })).toEqual({ ok: true, value: "ran" });
      expect(set.schemas()[0]?.parameters).toMatchObject({ additionalProperties: false });
    });
  });

  it("a raw shape on a hand-written definition can be strict", async () => {
    const literal: ToolDefinition = {
      description: "raw",
      parameters: { a: z.string() },
      controls: { strictInputs: true },
      execute: () => "ran",
    };
    const set = setOf({ literal });
    expect(await set.call("literal", { a: "v", foo: 1 })).toMatchObject({
      error: "tool 'literal' received an unknown argument 'foo'; it accepts a",
    });
    expect(set.schemas()[0]?.parameters).toMatchObject({ additionalProperties: false });
  });

  it("a bad set-wide strictInputs throws a TypeError", () => {
    expect(() => setOf({}, { controls: { strictInputs: "yes" as never } })).toThrow(
      new TypeError("toolSet: strictInputs must be a boolean"),
    );
  });
});
