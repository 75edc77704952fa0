/**
 * With zod 3.25 installed, `zod/v4/core` is that build's core: its `toJSONSchema` knows only
 * `draft-7` and `draft-2020-12` and prints "Invalid target" for anything else. Here that core
 * is what the converters' loader hands them, standing in for the installed one.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod-3-25/v4";
import * as core325 from "zod-3-25/v4/core";
import { projectSchema } from "../../src/zod/converters/index.js";
import type { Loader } from "../../src/zod/load.js";

const with325Core: Loader = {
  load: (specifier) => (specifier === "zod/v4/core" ? core325 : undefined),
  notLoaded: (specifier) => `${specifier} is not installed`,
};

const project = (schema: object, target: "draft-2020-12" | "draft-07" | "openapi-3.0") =>
  projectSchema(with325Core, schema as never, target, "input", "throw");

describe("with zod 3.25's core installed", () => {
  afterEach(() => vi.restoreAllMocks());

  it("emits every target without printing, openapi-3.0 as OpenAPI 3.0", () => {
    const warn = vi.spyOn(console, "warn");
    const schema = z.object({
      count: z.number().positive().describe("How many"),
      note: z.string().nullable(),
      kind: z.literal("a"),
      pair: z.tuple([z.string(), z.number()]),
    });
    const draft07 = project(schema, "draft-07");
    expect((draft07.properties as Record<string, unknown>).count).toStrictEqual({
      type: "number",
      exclusiveMinimum: 0,
      description: "How many",
    });
    expect(project(schema, "draft-2020-12").properties).toHaveProperty("pair.prefixItems");
    expect(project(schema, "openapi-3.0").properties).toStrictEqual({
      count: { type: "number", minimum: 0, exclusiveMinimum: true, description: "How many" },
      note: { type: "string", nullable: true },
      kind: { type: "string", enum: ["a"] },
      pair: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("names zod/v4/core when no core is installed", () => {
    const none: Loader = { load: () => undefined, notLoaded: (s) => `${s} is not installed` };
    expect(() => projectSchema(none, z.string() as never, "draft-07", "input", "throw")).toThrow(
      "projecting this Zod 4 schema needs zod/v4/core, from zod 3.25 or 4: zod/v4/core is not installed",
    );
  });
});
