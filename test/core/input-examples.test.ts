/**
 * Input examples (`examples: [args, …]`): kept on the definition when every one is
 * accepted by `parameters` (input side), refused at definition time, naming the tool and
 * the example, when one is not; checked by `toolSet()` for hand-written definitions;
 * carried by `set.entries()` and `set.schemas()`; folded into a description by
 * `describeWithExamples`.
 */
import {
  capability,
  definePlay,
  defineTool,
  playbook,
  type ToolDefinition,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { describeWithExamples } from "../../src/adapters/examples-text";
import { thrown } from "./catch";
import { zodMajors } from "./zods";

describe.each(zodMajors)("input examples with $major", ({ z }) => {
  const day = z.object({
    day: z.string().describe("ISO date"),
    limit: z.number().int().default(10),
  });
  const listMeetings = (examples: unknown) =>
    defineTool({
      description: "List meetings",
      parameters: day,
      execute: ({ day, limit }) => ({ day, limit }),
      examples: examples as never,
    });

  it("keeps valid examples on a defineTool definition, as given", () => {
    const examples = [{ day: "2025-06-01" }, { day: "2025-06-02", limit: 3 }];
    expect(listMeetings(examples).examples).toEqual(examples);
  });

  it("checks examples on the input side: a defaulted field may be left out", () => {
    // `limit` is required in the output type but defaulted, so absent from a valid call.
    expect(() => listMeetings([{ day: "2025-06-01" }])).not.toThrow();
  });

  it("leaves `examples` off a definition that declares none", () => {
    expect("examples" in listMeetings(undefined)).toBe(false);
  });

  it("refuses a bad example at definition time, naming the tool and which example", () => {
    const error = thrown(() => listMeetings([{ day: "2025-06-01" }, { day: 1 }]));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(
      /^defineTool \("List meetings"\): example 2 \{"day":1\} does not match parameters: day: (Invalid input: e|E)xpected string, received number$/,
    );
    expect(error.cause).toBeDefined();
  });

  it("names a definition with a long description by its first 39 characters and …", () => {
    const error = thrown(() =>
      defineTool({
        description: "List every meeting on a given day in the shared calendar",
        parameters: day,
        execute: () => null,
        examples: [{ day: 1 } as never],
      }),
    );
    expect(error.message).toMatch(
      /^defineTool \("List every meeting on a given day in th…"\): example 1 /,
    );
  });

  it("refuses an example with an unknown field only when the schema is strict", () => {
    expect(() =>
      defineTool({
        description: "Strict",
        parameters: z.object({ day: z.string() }).strict(),
        execute: () => null,
        examples: [{ day: "x", extra: 1 } as never],
      }),
    ).toThrow(/^defineTool \("Strict"\): example 1 \{"day":"x","extra":1\} does not match/);
  });

  it("refuses examples that are not an array", () => {
    const error = thrown(() => listMeetings({ day: "2025-06-01" }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(
      /^defineTool \("List meetings"\): examples must be an array of arguments, received /,
    );
  });

  it.each([
    ["a string", "2025-06-01"],
    ["null", null],
    ["an array", [{ day: "2025-06-01" }]],
    ["a BigInt", { day: "2025-06-01", n: 1n }],
  ])("refuses an example that is %s", (_what, example) => {
    const error = thrown(() => listMeetings([{ day: "2025-06-01" }, example]));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(
      /^defineTool \("List meetings"\): example 2 must be an object of arguments that JSON can carry, received /,
    );
  });

  it("refuses an example with a cycle", () => {
    const cyclic: Record<string, unknown> = { day: "2025-06-01" };
    cyclic.self = cyclic;
    expect(() => listMeetings([cyclic])).toThrow(
      /^defineTool \("List meetings"\): example 1 must be an object of arguments that JSON can carry/,
    );
  });

  it("checks definePlay's examples the same way", () => {
    const play = (examples: unknown) =>
      definePlay({
        description: "Book a room",
        parameters: z.object({ room: z.string() }),
        returns: z.object({ booked: z.boolean() }),
        execute: () => ({ booked: true }),
        examples: examples as never,
      });
    expect(play([{ room: "A1" }]).examples).toEqual([{ room: "A1" }]);
    const error = thrown(() => play([{ room: "A1" }, { room: "B2" }, { room: false }]));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(
      /^definePlay \("Book a room"\): example 3 \{"room":false\} does not match parameters: room: /,
    );
  });

  it("checks examples against raw-shape parameters", () => {
    const raw = (examples: unknown) =>
      defineTool({
        description: "Forecast",
        parameters: { city: z.string(), days: z.number().optional() },
        execute: () => null,
        examples: examples as never,
      });
    expect(raw([{ city: "Oslo" }, { city: "Rome", days: 2 }]).examples).toHaveLength(2);
    expect(() => raw([{ days: 2 }])).toThrow(
      /^defineTool \("Forecast"\): example 1 \{"days":2\} does not match parameters: city: /,
    );
  });

  describe("hand-written definitions, checked by toolSet", () => {
    const setOf = (definition: ToolDefinition) =>
      toolSet([
        capability({
          name: "cal",
          description: "Calendar",
          toolbox: toolbox("cal", "Calendar tools", { list_meetings: definition }),
        }),
      ]);
    const handWritten = (examples: unknown): ToolDefinition => ({
      description: "List meetings",
      parameters: day,
      execute: (args) => args,
      examples: examples as never,
    });

    it("refuses a bad example, naming capability/name and the example", () => {
      const error = thrown(() => setOf(handWritten([{ day: 7 }])));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(
        /^toolSet: 'cal\/list_meetings': example 1 \{"day":7\} does not match parameters: day: /,
      );
    });

    it("refuses examples that are not an array", () => {
      expect(() => setOf(handWritten("day=2025-06-01"))).toThrow(
        /^toolSet: 'cal\/list_meetings': examples must be an array of arguments, received /,
      );
    });

    it("checks a hand-written raw shape's examples against the object it stands for", () => {
      const definition: ToolDefinition = {
        description: "Raw",
        parameters: { city: z.string() },
        execute: (args) => args,
        examples: [{ city: 3 }],
      };
      expect(() => setOf(definition)).toThrow(
        /^toolSet: 'cal\/list_meetings': example 1 \{"city":3\} does not match parameters: city: /,
      );
    });

    it("carries valid examples (defaulted field left out) to entries() and schemas()", () => {
      const examples = [{ day: "2025-06-01" }, { day: "2025-06-02", limit: 2 }];
      const set = setOf(handWritten(examples));
      expect(set.get("list_meetings")?.examples).toEqual(examples);
      for (const target of ["draft-07", "draft-2020-12", "openapi-3.0"] as const) {
        expect(set.schemas(target)[0]?.examples).toEqual(examples);
      }
    });
  });

  it("carries defineTool and definePlay examples to entries() and schemas(), none where none", () => {
    const set = toolSet([
      capability({
        name: "cal",
        description: "Calendar",
        toolbox: toolbox("cal", "Calendar tools", {
          list_meetings: listMeetings([{ day: "2025-06-01" }]),
          plain: defineTool({
            description: "Plain",
            parameters: z.object({}),
            execute: () => null,
          }),
        }),
        playbook: playbook("cal-plays", "Calendar plays", {
          book: definePlay({
            description: "Book",
            parameters: z.object({ room: z.string() }),
            returns: z.object({}),
            execute: () => ({}),
            examples: [{ room: "A1" }],
          }),
        }),
      }),
    ]);
    expect(set.entries().map((entry) => [entry.name, entry.examples])).toEqual([
      ["list_meetings", [{ day: "2025-06-01" }]],
      ["plain", undefined],
      ["book", [{ room: "A1" }]],
    ]);
    const schemas = set.schemas();
    expect(schemas.map((schema) => schema.examples)).toEqual([
      [{ day: "2025-06-01" }],
      undefined,
      [{ room: "A1" }],
    ]);
    expect("examples" in (schemas[1] ?? {})).toBe(false);
  });
});

describe("describeWithExamples", () => {
  it("appends one JSON line per example under a heading", () => {
    expect(
      describeWithExamples("List meetings", [
        { day: "2025-06-01" },
        { day: "2025-06-02", limit: 3 },
      ]),
    ).toBe(
      'List meetings\n\nExamples of valid arguments:\n{"day":"2025-06-01"}\n{"day":"2025-06-02","limit":3}',
    );
  });

  it("returns the description as it is without examples", () => {
    expect(describeWithExamples("List meetings", undefined)).toBe("List meetings");
    expect(describeWithExamples("List meetings", [])).toBe("List meetings");
  });
});
