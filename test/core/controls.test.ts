/**
 * The call controls `defineTool` and `definePlay` take (`needsApproval`, `timeoutMs`,
 * `strictInputs`, `formatError`): copied onto the definition when given, absent when
 * not, and a bad value throws a `TypeError` where it is written, naming the factory and
 * the option, rather than at a call.
 */
import { definePlay, defineTool, type FormatError } from "toolwright";
import { describe, expect, it } from "vitest";
import { thrown } from "./catch";
import { zodMajors } from "./zods";

describe.each(zodMajors)("call controls of defineTool and definePlay ($major)", ({ z }) => {
  const factories = {
    defineTool: (controls: object) =>
      defineTool({
        description: "t",
        parameters: z.object({ id: z.string() }),
        execute: () => null,
        ...controls,
      }),
    definePlay: (controls: object) =>
      definePlay({
        description: "p",
        parameters: z.object({ id: z.string() }),
        returns: z.object({}),
        execute: () => ({}),
        ...controls,
      }),
  };

  describe.each(Object.entries(factories))("%s", (factory, define) => {
    it("copies the controls given onto the definition", () => {
      const check = ({ id }: { id: string }) => id === "x";
      const format: FormatError = () => "shaped";
      const definition = define({
        needsApproval: check,
        timeoutMs: 250,
        strictInputs: true,
        formatError: format,
      });
      expect(definition.needsApproval).toBe(check);
      expect(definition.timeoutMs).toBe(250);
      expect(definition.strictInputs).toBe(true);
      expect(definition.formatError).toBe(format);
      expect(define({ needsApproval: false, strictInputs: false })).toMatchObject({
        needsApproval: false,
        strictInputs: false,
      });
    });

    it("leaves absent controls absent", () => {
      const definition = define({});
      for (const key of ["needsApproval", "timeoutMs", "strictInputs", "formatError"]) {
        expect(definition).not.toHaveProperty(key);
      }
    });

    it("a fractional timeoutMs is fine", () => {
      expect(define({ timeoutMs: 0.5 }).timeoutMs).toBe(0.5);
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
