/**
 * The call controls `defineTool` and `definePlay` take under `controls` (`needsApproval`,
 * `timeoutMs`, `strictInputs`, `formatError`): kept on the definition when given, absent
 * when not, and a bad value throws a `TypeError` where it is written, naming the factory
 * and the option, rather than at a call.
 */
import {
  capability,
  definePlay,
  defineTool,
  type FormatError,
  type ToolDefinition,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { thrown } from "../core/catch";
import { zodMajors } from "../core/zods";

describe.each(zodMajors)("call controls of defineTool and definePlay ($major)", ({ z }) => {
  const factories = {
    defineTool: (controls?: object) =>
      defineTool({
        description: "t",
        parameters: z.object({ id: z.string() }),
        execute: () => null,
        ...(controls !== undefined && { controls }),
      }),
    definePlay: (controls?: object) =>
      definePlay({
        description: "p",
        parameters: z.object({ id: z.string() }),
        returns: z.object({}),
        execute: () => ({}),
        ...(controls !== undefined && { controls }),
      }),
  };

  describe.each(Object.entries(factories))("%s", (factory, define) => {
    it("keeps the controls given on the definition", () => {
      const check = ({ id }: { id: string }) => id === "x";
      const format: FormatError = () => "shaped";
      const controls = {
        needsApproval: check,
        timeoutMs: 250,
        strictInputs: true,
        formatError: format,
      };
      const definition = define(controls);
      expect(definition.controls).toStrictEqual(controls);
      expect(definition.controls?.needsApproval).toBe(check);
      expect(definition.controls?.formatError).toBe(format);
      expect(define({ needsApproval: false, strictInputs: false }).controls).toStrictEqual({
        needsApproval: false,
        strictInputs: false,
      });
    });

    it("leaves absent controls absent", () => {
      expect(define()).not.toHaveProperty("controls");
      for (const key of ["needsApproval", "timeoutMs", "strictInputs", "formatError"]) {
        expect(define()).not.toHaveProperty(key);
      }
    });

    it("a fractional timeoutMs is fine", () => {
      expect(define({ timeoutMs: 0.5 }).controls?.timeoutMs).toBe(0.5);
    });

    it.each([null, 5, "fast"])("controls: %s throws a TypeError naming the option", (controls) => {
      const error = thrown(() => define(controls as never));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(
        new RegExp(`^${factory}: controls must be an object, received `),
      );
    });

    it("a control beside controls instead of under it throws, saying where it goes", () => {
      const misplaced = { timeoutMs: 50, needsApproval: true };
      const error = thrown(() =>
        factory === "defineTool"
          ? defineTool({
              description: "t",
              parameters: z.object({ id: z.string() }),
              execute: () => null,
              ...(misplaced as object),
            })
          : definePlay({
              description: "p",
              parameters: z.object({ id: z.string() }),
              returns: z.object({}),
              execute: () => ({}),
              ...(misplaced as object),
            }),
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe(
        `${factory}: needsApproval, timeoutMs are controls: declare them under controls: { needsApproval, timeoutMs }`,
      );
    });

    it("strictInputs over parameters that are not a plain z.object throws where it is written", () => {
      const union = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
      const error = thrown(() =>
        defineTool({
          description: "u",
          parameters: union,
          controls: { strictInputs: true },
          execute: () => null,
        }),
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe(
        "defineTool has strictInputs, but its parameters are not a plain z.object (no .strict()); declare them as z.object({...}) or turn strictInputs off for it",
      );
    });

    it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, "5", null, true])(
      "timeoutMs: %s throws a TypeError naming the option",
      (timeoutMs) => {
        const error = thrown(() => define({ timeoutMs }));
        expect(error).toBeInstanceOf(TypeError);
        expect(error.message).toMatch(
          new RegExp(
            `^${factory}: timeoutMs must be a positive, finite number of milliseconds, received `,
          ),
        );
      },
    );

    it.each(["yes", 1, null, {}])("needsApproval: %s throws a TypeError", (needsApproval) => {
      const error = thrown(() => define({ needsApproval }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(
        new RegExp(`^${factory}: needsApproval must be a boolean or a function, received `),
      );
    });

    it.each(["true", 1, null])("strictInputs: %s throws a TypeError", (strictInputs) => {
      const error = thrown(() => define({ strictInputs }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(
        new RegExp(`^${factory}: strictInputs must be a boolean, received `),
      );
    });

    it.each(["shaped", 1, null, {}])("formatError: %s throws a TypeError", (formatError) => {
      const error = thrown(() => define({ formatError }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(
        new RegExp(`^${factory}: formatError must be a function, received `),
      );
    });

    it("the message describes the value it received", () => {
      expect(thrown(() => define({ timeoutMs: "5" })).message).toContain('"5"');
    });
  });
});

describe.each(zodMajors)("controls of a hand-written definition ($major)", ({ z }) => {
  const literal = (extra: object): ToolDefinition =>
    ({ description: "d", parameters: z.object({}), execute: () => "ran", ...extra }) as never;

  it("a control beside controls is refused where the definition is met, never ignored", async () => {
    const tool = literal({ timeoutMs: 5 });
    expect(() =>
      toolSet([capability({ name: "c", description: "d", toolbox: toolbox("c", "d", { tool }) })]),
    ).toThrow(
      "toolSet: tool 'c/tool': timeoutMs is a control: declare it under controls: { timeoutMs }",
    );
    const error = await toolbox("box", "d", { tool })
      .execute("tool", {})
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      "toolbox 'box': tool 'tool': timeoutMs is a control: declare it under controls: { timeoutMs }",
    );
  });

  it("a set's control beside controls is refused at toolSet, never ignored", () => {
    const notes = capability({
      name: "c",
      description: "d",
      toolbox: toolbox("c", "d", { tool: literal({}) }),
    });
    const misplaced = { needsApproval: true, timeoutMs: 5 } as object;
    expect(() => toolSet([notes], misplaced)).toThrow(
      new TypeError(
        "toolSet: needsApproval, timeoutMs are controls: declare them under controls: { needsApproval, timeoutMs }",
      ),
    );
  });

  it("a control of the wrong type rejects Toolbox.execute, naming the tool: it never runs unasked", async () => {
    const tool = literal({ controls: { needsApproval: "always" } });
    await expect(toolbox("box", "d", { tool }).execute("tool", {})).rejects.toThrow(
      /^toolbox 'box': tool 'tool': needsApproval must be a boolean or a function, received a string \("always"\)$/,
    );
  });
});
