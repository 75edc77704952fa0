import { capability, defineTool, toolbox, toolSet } from "toolwright";
import {
  chatCompletions,
  openAIStrictParameters,
  responses,
  StrictSchemaError,
  toOpenAIStrict,
} from "toolwright/openai";
import { describe, expect, it, vi } from "vitest";
import * as z4 from "zod";
import { type Z, zods } from "../set/fixtures";
import { openAIOutcome } from "./openai-outcome";

function searchSchema(z: Z) {
  return z.object({
    query: z.string().describe("What to look for"),
    limit: z.number().int().optional(),
    cursor: z.string().nullable(),
    since: z.string().nullish(),
    filter: z.object({ tag: z.string().optional(), exact: z.boolean() }).optional(),
    sort: z.enum(["asc", "desc"]).optional(),
    items: z.array(z.object({ id: z.string(), note: z.string().optional() })),
    page: z.number().default(1),
  });
}

describe.each(zods)("OpenAI strict (%s)", (_label, z) => {
  const Search = searchSchema(z);
  const seen: unknown[] = [];
  const set = toolSet([
    capability({
      name: "search",
      description: "Search",
      toolbox: toolbox("search", "Search", {
        search: defineTool({
          description: "Search things",
          parameters: Search,
          execute: (args) => {
            seen.push(args);
            return { hits: 0 };
          },
        }),
      }),
    }),
  ]);

  it("makes every property required, optionals nullable, every object closed", () => {
    const { parameters } = openAIStrictParameters("search", Search);
    expect(parameters).toMatchObject({
      type: "object",
      additionalProperties: false,
      required: ["query", "limit", "cursor", "since", "filter", "sort", "items", "page"],
      properties: {
        query: { type: "string", description: "What to look for" },
        limit: { type: ["integer", "null"] },
        cursor: { type: ["string", "null"] },
        filter: {
          anyOf: [
            {
              type: "object",
              required: ["tag", "exact"],
              additionalProperties: false,
              properties: { tag: { type: ["string", "null"] }, exact: { type: "boolean" } },
            },
            { type: "null" },
          ],
        },
        sort: { anyOf: [{ type: "string", enum: ["asc", "desc"] }, { type: "null" }] },
        items: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "note"],
            additionalProperties: false,
            properties: { note: { type: ["string", "null"] } },
          },
        },
        page: { type: ["number", "null"] },
      },
    });
    expect(JSON.stringify(parameters)).not.toContain('"default"');
    // Converted once and cached (one restore), each caller reading its own copy of the schema:
    // changing one copy changes nothing another caller is sent.
    const again = openAIStrictParameters("search", Search);
    expect(again.restore).toBe(openAIStrictParameters("search", Search).restore);
    expect(again).toEqual(openAIStrictParameters("search", Search));
    expect(again.parameters).not.toBe(parameters);
    (again.parameters.properties as Record<string, unknown>).query = { type: "number" };
    expect(openAIStrictParameters("search", Search).parameters).toEqual(parameters);
  });

  it("maps the model's nulls back so the tool's schema sees the keys absent", async () => {
    const { restore } = openAIStrictParameters("search", Search);
    const sent = {
      query: "q",
      limit: null,
      cursor: null,
      since: null,
      filter: { tag: null, exact: true },
      sort: null,
      items: [
        { id: "a", note: null },
        { id: "b", note: "n" },
      ],
      page: null,
    };
    expect(restore(sent)).toEqual({
      query: "q",
      cursor: null,
      since: null,
      filter: { exact: true },
      items: [{ id: "a" }, { id: "b", note: "n" }],
    });
    const result = await openAIOutcome(set, "search", JSON.stringify(sent), { strict: true });
    expect(result).toEqual({ ok: true, value: { hits: 0 } });
    expect(seen.at(-1)).toEqual({
      query: "q",
      cursor: null,
      since: null,
      filter: { exact: true },
      items: [{ id: "a" }, { id: "b", note: "n" }],
      page: 1,
    });
    // Without strict the nulls reach the schema, which rejects them.
    const loose = await openAIOutcome(set, "search", JSON.stringify(sent));
    expect(!loose.ok && loose.error).toMatch(/^tool 'search' received invalid arguments/);
    // run decodes the same way: strict answers with the result, non-strict with the refusal.
    const call = { call_id: "r1", name: "search", arguments: JSON.stringify(sent) };
    expect((await responses.run(set, call, { strict: true })).output).toBe('{"hits":0}');
    expect((await responses.run(set, call)).output).toMatch(
      /^tool 'search' received invalid arguments/,
    );
    // filter: null where the object was optional is removed too.
    expect(restore({ ...sent, filter: null })).not.toHaveProperty("filter");
  });

  it("fails at conversion with the openai-strict finding that says why", () => {
    const cases = [
      [z.object({ counts: z.record(z.string(), z.number()) }), "[open-object]"],
      [z.object({ site: z.string().url() }), "[string-format]"],
      [z.object({ loose: z.object({ a: z.string() }).passthrough() }), "[open-object]"],
    ] as const;
    for (const [schema, code] of cases) {
      let error: unknown;
      try {
        openAIStrictParameters("bad_tool", schema);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(StrictSchemaError);
      expect((error as StrictSchemaError).message).toMatch(
        /^tool 'bad_tool' parameters cannot be made OpenAI-strict: \$\.\w+ \[/,
      );
      expect((error as StrictSchemaError).message).toContain(code);
      expect((error as StrictSchemaError).message).toMatch(
        /\. Rewrite those parts of the schema, send this tool without strict, or use strict: "auto"$/,
      );
      expect((error as StrictSchemaError).target).toBe("openai");
      expect((error as StrictSchemaError).findings.length).toBeGreaterThan(0);
    }
  });

  it("decoding a strict call copies no schema, and a tool that cannot be strict is linted once", () => {
    const tally = z.object({ counts: z.record(z.string(), z.number()) });
    const mixed = toolSet([
      capability({
        name: "m",
        description: "m",
        toolbox: toolbox("m", "m", {
          search: defineTool({ description: "s", parameters: Search, execute: () => null }),
          tally: defineTool({ description: "t", parameters: tally, execute: () => null }),
        }),
      }),
    ]);
    const sent = (name: string) => ({ id: "c", function: { name, arguments: "{}" } });
    chatCompletions.decode(mixed, sent("search"), { strict: true }); // converted, cached
    const clone = vi.spyOn(globalThis, "structuredClone");
    try {
      for (let i = 0; i < 5; i++) chatCompletions.decode(mixed, sent("search"), { strict: true });
      expect(clone).not.toHaveBeenCalled();
    } finally {
      clone.mockRestore();
    }
    // The refusal is the same error every time it is asked for: made once, not re-linted.
    const refusal = () => {
      try {
        openAIStrictParameters("tally", tally);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refusal()).toBeInstanceOf(StrictSchemaError);
    expect(refusal()).toBe(refusal());
    expect(chatCompletions.decode(mixed, sent("tally"), { strict: "auto" })).toEqual({
      name: "tally",
      args: {},
    });
  });

  it("the OpenAI formats carry strict schemas and refuse what cannot be strict", () => {
    const chat = chatCompletions.list(set, { strict: true }).tools;
    expect(chat[0]).toMatchObject({
      type: "function",
      function: { name: "search", description: "Search things", strict: true },
    });
    expect(chat[0]?.function.parameters).toEqual(
      openAIStrictParameters("search", Search).parameters,
    );
    const items = responses.list(set, { strict: true }).tools;
    expect(items[0]).toMatchObject({ type: "function", name: "search", strict: true });
    const bad = toolSet([
      capability({
        name: "b",
        description: "b",
        toolbox: toolbox("b", "b", {
          tally: defineTool({
            description: "t",
            parameters: z.object({ counts: z.record(z.string(), z.number()) }),
            execute: () => null,
          }),
        }),
      }),
    ]);
    expect(() => chatCompletions.list(bad, { strict: true })).toThrow(
      /^tool 'tally' parameters cannot/,
    );
    expect(() => responses.list(bad, { strict: true })).toThrow(StrictSchemaError);
    expect(() => chatCompletions.list(bad)).not.toThrow();
  });
});

describe("toOpenAIStrict on JSON Schema", () => {
  it("names every blocking construct with its path", () => {
    expect(() =>
      toOpenAIStrict("t", {
        type: "object",
        properties: {
          // Overlapping options: an exclusive oneOf is sent as anyOf instead.
          a: { oneOf: [{ type: "string" }, { type: "string", minLength: 2 }] },
          b: { allOf: [{ type: "object" }] },
          c: { type: "object", additionalProperties: { type: "number" } },
          d: { type: "string", format: "uri" },
        },
      }),
    ).toThrow(
      /\$\.a: 'oneOf' is not permitted.*\$\.b: 'allOf'.*\$\.c: an open object or record.*\$\.d: format 'uri'/,
    );
    expect(() => toOpenAIStrict("t", { type: "string" })).toThrow("$: the root must be an object");
  });

  it("follows $ref through recursive schemas when restoring", () => {
    interface Node {
      name: string;
      children?: Node[];
    }
    const Node: z4.ZodType<Node> = z4.object({
      name: z4.string(),
      get children() {
        return z4.array(Node).optional();
      },
    });
    const strict = openAIStrictParameters("tree", z4.object({ root: Node }));
    const text = JSON.stringify(strict.parameters);
    expect(text).toContain("$ref");
    expect(
      strict.restore({ root: { name: "a", children: [{ name: "b", children: null }] } }),
    ).toEqual({ root: { name: "a", children: [{ name: "b" }] } });
  });

  it("leaves non-JSON arguments to fail as data", async () => {
    const set = toolSet([]);
    const failure = {
      ok: false,
      kind: "invalid-arguments",
      error: expect.stringMatching(/^tool 'x' received arguments that are not valid JSON/),
      cause: expect.any(SyntaxError),
    };
    expect(await openAIOutcome(set, "x", "{not json")).toEqual(failure);
    const call = { id: "c1", function: { name: "x", arguments: "{not json" } };
    expect(chatCompletions.decode(set, call)).toEqual({ name: "x", failure });
    expect((await chatCompletions.run(set, call)).content).toMatch(
      /^tool 'x' received arguments that are not valid JSON/,
    );
  });

  it("restores a __proto__ key the model sent as a key, never as the prototype", () => {
    const { restore } = openAIStrictParameters(
      "proto",
      z4.object({ note: z4.string().optional() }) as never,
    );
    const sent = JSON.parse('{"note": null, "__proto__": {"polluted": "yes"}}');
    const restored = restore(sent) as Record<string, unknown>;
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
    expect((restored as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.hasOwn(restored, "__proto__")).toBe(true);
    expect(restored).not.toHaveProperty("note");
  });

  it("restores through a $ref to a definition whose name needs escaping", () => {
    const parameters = {
      type: "object",
      properties: { item: { $ref: "#/$defs/a~1b~0c" } },
      required: ["item"],
      $defs: { "a/b~c": { type: "object", properties: { note: { type: "string" } } } },
    };
    const { restore } = toOpenAIStrict("escaped", parameters);
    expect(restore({ item: { note: null } })).toEqual({ item: {} });
  });

  it("keeps a property named __proto__ as a property, listed and required alike", () => {
    const parameters = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"number"}},"required":["a"]}',
    );
    const { parameters: strict } = toOpenAIStrict("proto", parameters);
    const properties = strict.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(properties, "__proto__")?.value).toEqual({
      type: ["string", "null"],
    });
    expect(strict.required).toEqual(["__proto__", "a"]);
    expect(JSON.parse(JSON.stringify(strict)).properties).toHaveProperty(["__proto__"]);
  });
});
