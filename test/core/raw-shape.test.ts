/**
 * Raw shapes as parameters (`{ city: z.string() }`): the z.object of the fields' major,
 * at the boundary, in projection, in the linter, in the check and in toolSet.
 */
import {
  capability,
  definePlay,
  defineTool,
  playbook,
  ToolArgumentsError,
  toolbox,
  toolSet,
} from "toolwright";
import { sweepModelFacingSchemas } from "toolwright/check";
import { lintModelFacingSchema } from "toolwright/lint";
import { describe, expect, it } from "vitest";
import { z as zod4 } from "zod";
import { z as zod3 } from "zod/v3";
import { parametersSchema } from "../../src/zod/raw-shape";
import { zodMajors } from "./zods";

describe.each(zodMajors)("raw shapes with $major", ({ z, ZodError }) => {
  const shape = { city: z.string(), days: z.number().int().positive().optional() };
  const forecast = defineTool({
    description: "Forecast",
    parameters: shape,
    returns: z.object({ city: z.string(), days: z.number() }),
    execute: ({ city, days }) => ({ city, days: days ?? 1 }),
  });
  const box = toolbox("weather", "Weather", { forecast });

  it("parses arguments at the boundary as z.object of the shape would", async () => {
    expect(await box.execute("forecast", { city: "Oslo", extra: true } as never)).toEqual({
      city: "Oslo",
      days: 1,
    });
    const error = await box.execute("forecast", { city: 3 } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect((error as Error).message).toMatch(/^tool 'forecast' received invalid arguments: city/);
    expect((error as Error).cause).toBeInstanceOf(ZodError);
  });

  it("parses a hand-written literal's raw shape at the boundary too", async () => {
    const literal = toolbox("literal", "Literal", {
      echo: {
        description: "Echoes the city",
        parameters: { city: z.string() },
        execute: (args: unknown) => args,
      },
    });
    expect(await literal.execute("echo", { city: "Rome", extra: 1 })).toEqual({ city: "Rome" });
    await expect(literal.execute("echo", {})).rejects.toThrow(
      /^tool 'echo' received invalid arguments: city/,
    );
    expect(literal.getToolSchemas()[0]?.parameters).toMatchObject({
      type: "object",
      required: ["city"],
    });
  });

  it("is the same z.object, of the fields' major, each time", () => {
    const wrapped = parametersSchema(shape);
    expect(parametersSchema(shape)).toBe(wrapped);
    expect(forecast.parameters).toBe(wrapped);
    expect("_zod" in wrapped).toBe(z === (zod4 as unknown));
  });

  it("projects to an object schema", () => {
    const [schema] = box.getToolSchemas("draft-2020-12");
    expect(schema?.parameters).toMatchObject({
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer" } },
      required: ["city"],
    });
  });

  it("is linted and checked as that object", () => {
    expect(lintModelFacingSchema(shape).map((f) => `${f.code} ${f.path}`)).toEqual([
      "exclusive-numeric-bound $.days",
    ]);
    const report = sweepModelFacingSchemas({ box });
    expect(report.findings.map((f) => `${f.code} ${f.path}`)).toEqual([
      "exclusive-numeric-bound $.days",
    ]);
  });

  it("works for plays and in a tool set", async () => {
    const book = playbook("p", "p", {
      slug: definePlay({
        description: "Slug",
        parameters: { title: z.string() },
        returns: z.object({ slug: z.string() }),
        execute: ({ title }) => ({ slug: title.toLowerCase() }),
      }),
    });
    const set = toolSet([
      capability({ name: "c", description: "c", toolbox: box, playbook: book }),
    ]);
    expect(set.get("forecast")?.parameters).toBe(forecast.parameters);
    expect(await set.call("slug", { title: "Hi" })).toEqual({ ok: true, value: { slug: "hi" } });
  });
});

describe("a raw shape that mixes Zod majors", () => {
  const mixed = { a: zod4.string(), b: zod3.number() };

  it("is refused by name when defined", () => {
    expect(() =>
      defineTool({ description: "Mixed", parameters: mixed as never, execute: () => null }),
    ).toThrow(/a raw shape mixes Zod majors: a from zod 4 and b from zod\/v3/);
  });

  it("is a finding of the check, not a crash", () => {
    const literal = { description: "Mixed", parameters: mixed, execute: () => null };
    const report = sweepModelFacingSchemas({ box: toolbox("b", "b", { mixed: literal as never }) });
    expect(report.findings.map((finding) => finding.message)).toEqual([
      expect.stringMatching(/a raw shape mixes Zod majors: a from zod 4 and b from zod\/v3/),
    ]);
  });
});
