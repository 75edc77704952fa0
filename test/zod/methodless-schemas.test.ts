/**
 * Schemas without the methods toolwright prefers: a `zod/mini` schema has `safeParse` but
 * no `toJSONSchema`, a bare `zod/v4/core` schema has neither. Both go through the
 * converters (loaded on demand): projection with the installed core's `toJSONSchema`, and
 * for the bare core schema parsing with the core's `safeParse`, whose issues and error
 * reach the boundary as any schema's do.
 */
import {
  defineTool,
  projectParameters,
  ToolArgumentsError,
  toJsonSchema,
  toolbox,
} from "toolwright";
import { describe, expect, it } from "vitest";
import * as zm from "zod/mini";
import * as core from "zod/v4/core";
import { parseWith } from "../../src/zod/parse.js";

/** `{ city: string }` built from core's classes alone: no method at all. */
function coreObject(): core.$ZodObject {
  const city = core._string(core.$ZodString, {});
  return new core.$ZodObject({ type: "object", shape: { city } });
}

describe("a bare zod/v4/core schema", () => {
  it("has no methods, so the converters' core parses it, synchronously", () => {
    const schema = coreObject();
    expect("safeParse" in schema).toBe(false);
    expect(parseWith(schema as never, { city: "Oslo" })).toStrictEqual({
      success: true,
      data: { city: "Oslo" },
    });
    const failed = parseWith(schema as never, { city: 1 });
    expect(failed).toMatchObject({ success: false, error: { issues: [{ path: ["city"] }] } });
  });

  it("is parsed at the boundary, naming the tool and keeping core's error as cause", async () => {
    const box = toolbox("weather", "Weather", {
      forecast: defineTool({
        description: "Forecast",
        parameters: coreObject() as never,
        execute: (args: { city: string }) => args.city,
      }),
    });
    await expect(box.execute("forecast", { city: "Oslo" } as never)).resolves.toBe("Oslo");
    const error = await box
      .execute("forecast", { city: 1 } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect((error as Error).message).toMatch(/^tool 'forecast' received invalid arguments: city: /);
    expect((error as Error).cause).toBeInstanceOf(core.$ZodError);
  });

  it("projects through the installed core", () => {
    expect(projectParameters("forecast", coreObject() as never, "draft-2020-12")).toStrictEqual({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    });
  });
});

describe("a zod/mini schema", () => {
  const schema = zm.object({
    count: zm.number().check(zm.positive()),
    pair: zm.tuple([zm.string()]),
  });

  it("parses through its own safeParse", () => {
    expect(parseWith(schema as never, { count: 1, pair: ["a"] })).toMatchObject({ success: true });
    expect(parseWith(schema as never, { count: 0, pair: ["a"] })).toMatchObject({ success: false });
  });

  it("projects every target through the installed core, rewritten where the dialect needs it", () => {
    expect(toJsonSchema(schema as never, { target: "openapi-3.0" }).properties).toStrictEqual({
      count: { type: "number", minimum: 0, exclusiveMinimum: true },
      pair: { type: "array", items: { anyOf: [{ type: "string" }] }, minItems: 1, maxItems: 1 },
    });
    // A closed tuple by maxItems, never items: false (see src/zod/closed-tuples.ts).
    expect(toJsonSchema(schema as never, { target: "draft-2020-12" }).properties).toStrictEqual({
      count: { type: "number", exclusiveMinimum: 0 },
      pair: { type: "array", prefixItems: [{ type: "string" }], minItems: 1, maxItems: 1 },
    });
  });
});
