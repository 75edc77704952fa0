/**
 * `set.content(name, value)`: what a model reads of a result. The value as one text part
 * by default; the parts a `toModelOutput` makes (checked, with a visible fallback when the
 * hook misbehaves); cut to `outputBudget` with a visible marker.
 */
import {
  type Capability,
  type ContentPart,
  capability,
  definePlay,
  defineTool,
  type ModelOutput,
  playbook,
  type ToolDefinition,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { zods } from "../set/fixtures";

/** One capability `media` holding `definitions` as its tools. */
function media(definitions: Record<string, ToolDefinition>): Capability {
  return capability({
    name: "media",
    description: "Media",
    toolbox: toolbox("media", "Media tools", definitions),
  });
}

describe.each(zods)("set.content (%s)", (_label, z) => {
  /** A hand-written tool whose `toModelOutput` is `hook`. */
  const withHook = (hook: (result: unknown) => unknown): ToolDefinition => ({
    description: "Hooked",
    parameters: z.object({}),
    execute: () => null,
    toModelOutput: hook as (result: unknown) => ModelOutput,
  });
  const plain: ToolDefinition = {
    description: "Plain",
    parameters: z.object({}),
    execute: () => null,
  };
  const contentOf = (hook: (result: unknown) => unknown, value: unknown) =>
    toolSet([media({ hooked: withHook(hook) })]).content("hooked", value);

  describe("without toModelOutput", () => {
    const set = toolSet([media({ plain })]);

    it("gives a string as one text part, as it is", () => {
      expect(set.content("plain", 'already "text"\n')).toEqual([
        { type: "text", text: 'already "text"\n' },
      ]);
    });

    it("gives anything else as one JSON text part", () => {
      expect(set.content("plain", { a: [1, "x"], b: null })).toEqual([
        { type: "text", text: '{"a":[1,"x"],"b":null}' },
      ]);
      expect(set.content("plain", 42)).toEqual([{ type: "text", text: "42" }]);
      expect(set.content("plain", undefined)).toEqual([{ type: "text", text: "null" }]);
    });

    it("gives a value JSON cannot write as text saying so", () => {
      expect(set.content("plain", { n: 1n })).toEqual([
        {
          type: "text",
          text: expect.stringMatching(/^\(a result that cannot be written as JSON: .*BigInt/),
        },
      ]);
    });

    it("gives an unknown name's value as JSON text", () => {
      expect(set.content("nope", { a: 1 })).toEqual([{ type: "text", text: '{"a":1}' }]);
    });
  });

  describe("with toModelOutput", () => {
    const everyType: ContentPart[] = [
      { type: "text", text: "A chart" },
      { type: "image", data: "iVBORw0KGgo=", mediaType: "image/png" },
      { type: "audio", data: "UklGRg==", mediaType: "audio/wav" },
      {
        type: "resource-link",
        uri: "file:///r.csv",
        name: "r.csv",
        description: "The rows",
        mediaType: "text/csv",
      },
      { type: "resource", uri: "file:///a.txt", mediaType: "text/plain", text: "alpha" },
      { type: "resource", uri: "file:///b.bin", blob: "AAEC" },
    ];

    it("gives a returned string as one text part", () => {
      expect(contentOf((result) => `total: ${(result as { n: number }).n}`, { n: 3 })).toEqual([
        { type: "text", text: "total: 3" },
      ]);
    });

    it("passes parts of every type through, as returned, and hands the hook the value", () => {
      let seen: unknown;
      const parts = contentOf(
        (result) => {
          seen = result;
          return everyType;
        },
        { rows: 2 },
      );
      expect(parts).toEqual(everyType);
      expect(seen).toEqual({ rows: 2 });
    });

    it("passes an empty list of parts through", () => {
      expect(contentOf(() => [], { a: 1 })).toEqual([]);
    });

    it("uses a defineTool's toModelOutput, given the parsed result", () => {
      const set = toolSet([
        media({
          chart: defineTool({
            description: "Chart",
            parameters: z.object({}),
            returns: z.object({ png: z.string(), title: z.string().default("Untitled") }),
            execute: () => ({ png: "iVBORw0KGgo=" }),
            toModelOutput: ({ png, title }) => [
              { type: "text", text: title },
              { type: "image", data: png, mediaType: "image/png" },
            ],
          }),
        }),
      ]);
      expect(set.get("chart")?.toModelOutput).toBeTypeOf("function");
      expect(set.content("chart", { png: "iVBORw0KGgo=", title: "Sales" })).toEqual([
        { type: "text", text: "Sales" },
        { type: "image", data: "iVBORw0KGgo=", mediaType: "image/png" },
      ]);
    });

    it("uses a definePlay's toModelOutput", () => {
      const set = toolSet([
        capability({
          name: "media",
          description: "Media",
          toolbox: toolbox("media", "Media tools", {}),
          playbook: playbook("plays", "Plays", {
            report: definePlay({
              description: "Report",
              parameters: z.object({}),
              returns: z.object({ lines: z.array(z.string()) }),
              execute: () => ({ lines: ["a", "b"] }),
              toModelOutput: ({ lines }) => lines.join("\n"),
            }),
          }),
        }),
      ]);
      expect(set.content("report", { lines: ["a", "b"] })).toEqual([
        { type: "text", text: "a\nb" },
      ]);
    });
  });

  describe("a misbehaving toModelOutput: the value as JSON, then what went wrong", () => {
    const value = { id: 7 };
    const json = { type: "text", text: '{"id":7}' };
    const note = (why: string) => ({
      type: "text",
      text: `(tool 'hooked': ${why}; the result is shown as JSON)`,
    });

    it("one that throws", () => {
      expect(
        contentOf(() => {
          throw new Error("no renderer");
        }, value),
      ).toEqual([json, note("toModelOutput threw: no renderer")]);
    });

    it("one that returns a number", () => {
      expect(contentOf(() => 42, value)).toEqual([
        json,
        note("toModelOutput returned a number (42), not text or content parts"),
      ]);
    });

    it("one that returns a part of an unknown type", () => {
      expect(
        contentOf(
          () => [
            { type: "text", text: "ok" },
            { type: "video", data: "x" },
          ],
          value,
        ),
      ).toEqual([
        json,
        note(
          'toModelOutput part 2 has type "video"; expected one of text, image, audio, resource-link, resource',
        ),
      ]);
    });

    it("one that returns a part without a type", () => {
      expect(contentOf(() => [{ text: "ok" }], value)).toEqual([
        json,
        note(
          "toModelOutput part 1 has type undefined; expected one of text, image, audio, resource-link, resource",
        ),
      ]);
    });

    it.each([
      [{ type: "text" }, "(text) needs a string 'text'"],
      [{ type: "image", data: "AAAA" }, "(image) needs a string 'mediaType'"],
      [{ type: "audio", mediaType: "audio/wav" }, "(audio) needs a string 'data'"],
      [{ type: "resource-link", uri: "file:///x" }, "(resource-link) needs a string 'name'"],
      [{ type: "resource", text: "t" }, "(resource) needs a string 'uri'"],
      [{ type: "resource", uri: "file:///x" }, "(resource) needs a string 'text' or 'blob'"],
      [
        { type: "image", data: "not base64!", mediaType: "image/png" },
        "(image) needs base64 'data'",
      ],
      [{ type: "audio", data: "AAAAA", mediaType: "audio/wav" }, "(audio) needs base64 'data'"],
      [{ type: "resource", uri: "file:///x", blob: "AA A" }, "(resource) needs base64 'blob'"],
    ])("one that returns %j", (part, why) => {
      expect(contentOf(() => [part], value)).toEqual([json, note(`toModelOutput part 1 ${why}`)]);
    });

    it("one that returns a part that is not an object", () => {
      expect(contentOf(() => ["plain"], value)).toEqual([
        json,
        note(`toModelOutput part 1 is a string ("plain"), not a content part`),
      ]);
    });
  });

  describe("outputBudget", () => {
    const budgeted = (hook: (result: unknown) => unknown, outputBudget: number) =>
      toolSet([media({ hooked: withHook(hook), plain })], { outputBudget });

    it("cuts a long text where the budget runs out, with a marker saying how much", () => {
      const set = budgeted(() => "", 10);
      const text = "x".repeat(2_010);
      expect(set.content("plain", text)).toEqual([
        { type: "text", text: `${"x".repeat(10)}\n… [truncated: 2,000 more characters]` },
      ]);
    });

    it("cuts the JSON of a value too", () => {
      const set = budgeted(() => "", 5);
      // '{"a":"bcdef"}' is 13 characters: 5 kept, 8 cut.
      expect(set.content("plain", { a: "bcdef" })).toEqual([
        { type: "text", text: '{"a":\n… [truncated: 8 more characters]' },
      ]);
    });

    it("leaves parts within the budget untouched, exactly at the limit too", () => {
      const parts: ContentPart[] = [
        { type: "text", text: "abcd" },
        { type: "image", data: "AAAAAA==", mediaType: "image/png" },
        { type: "resource-link", uri: "file:///r", name: "r" },
      ];
      // Every character counts: 4 of text, 8 of data and 9 of media type, 9 of URI and 1 of name.
      expect(budgeted(() => parts, 31).content("hooked", null)).toEqual(parts);
      expect(budgeted(() => parts, 30).content("hooked", null)).not.toEqual(parts);
      expect(budgeted(() => parts, 1_000).content("hooked", null)).toEqual(parts);
    });

    it("replaces a binary part over the budget by a marker, and marks what follows once", () => {
      const parts: ContentPart[] = [
        { type: "text", text: "head" },
        { type: "image", data: "A".repeat(1_200), mediaType: "image/png" },
        { type: "text", text: "tail" },
        { type: "resource-link", uri: "file:///r", name: "r" },
      ];
      expect(budgeted(() => parts, 100).content("hooked", null)).toEqual([
        { type: "text", text: "head" },
        {
          type: "text",
          text: "[image (image/png) omitted: 1,209 characters, over the output budget]",
        },
        { type: "text", text: "[2 more parts omitted: 14 characters, over the output budget]" },
      ]);
    });

    it("names an embedded resource over the budget by its uri", () => {
      const parts: ContentPart[] = [
        { type: "resource", uri: "file:///big.txt", text: "y".repeat(50) },
      ];
      expect(budgeted(() => parts, 20).content("hooked", null)).toEqual([
        {
          type: "text",
          text: "[resource file:///big.txt omitted: 65 characters, over the output budget]",
        },
      ]);
    });

    it("cuts the fallback of a misbehaving hook as well", () => {
      const set = budgeted(() => 1, 4);
      const why =
        "(tool 'hooked': toModelOutput returned a number (1), not text or content parts; the result is shown as JSON)";
      // The budget is spent on the JSON, so the note is cut whole: still visible as a marker.
      expect(set.content("hooked", { id: 7 })).toEqual([
        { type: "text", text: '{"id\n… [truncated: 4 more characters]' },
        { type: "text", text: `\n… [truncated: ${why.length} more characters]` },
      ]);
    });
  });

  it("refuses a toModelOutput that is not a function, naming the entry", () => {
    const definition = { ...plain, toModelOutput: "markdown" } as unknown as ToolDefinition;
    expect(() => toolSet([media({ shown: definition })])).toThrow(
      new TypeError(
        `toolSet: 'media/shown': toModelOutput must be a function, received a string ("markdown")`,
      ),
    );
  });

  it("refuses a defineTool toModelOutput that is not a function, naming the factory", () => {
    expect(() =>
      defineTool({
        description: "Bad",
        parameters: z.object({}),
        execute: () => null,
        toModelOutput: 3 as never,
      }),
    ).toThrow(new TypeError("defineTool: toModelOutput must be a function, received a number (3)"));
  });
});
