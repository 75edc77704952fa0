/**
 * zod-to-json-schema is an optional peer dependency: without it, a Zod 3 schema still
 * parses, and projecting one fails with a `SchemaProjectionError` naming the package and
 * how to install it. Zod 4 schemas never need it. Here the loader the converters are
 * handed reports it missing, or failing to load (zod-to-json-schema 3.25 on zod 3.24,
 * which has no `zod/v3`); test/package/install-size.test.ts does the same on an
 * installed project without it.
 */
import {
  defineTool,
  projectParameters,
  SchemaProjectionError,
  toJsonSchema,
  toolbox,
} from "toolwright";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";

const converter = vi.hoisted(() => ({ state: "missing" as "missing" | "broken" }));

vi.mock("../../src/zod/load.js", async (original) => {
  const real = await original<typeof import("../../src/zod/load.js")>();
  const load = (specifier: string) => {
    if (specifier !== "zod-to-json-schema") return real.loadModule(specifier);
    if (converter.state === "missing") return undefined;
    throw Object.assign(
      new Error(
        `Package subpath './v3' is not defined by "exports" in /app/node_modules/zod/package.json`,
      ),
      { code: "ERR_PACKAGE_PATH_NOT_EXPORTED" },
    );
  };
  return { ...real, loader: { load, notLoaded: real.notLoadedReason } };
});

const INSTALL =
  "npm i zod-to-json-schema (on zod 3.23 or 3.24: npm i zod-to-json-schema@3.23 or zod-to-json-schema@3.24; npm would pick 3.25, whose peer range refuses those zods)";

describe("without zod-to-json-schema", () => {
  beforeEach(() => {
    converter.state = "missing";
  });

  it("projecting a Zod 3 tool's parameters is a SchemaProjectionError naming the package and the command", () => {
    const failure = (() => {
      try {
        projectParameters("forecast", { city: z3.string() });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(SchemaProjectionError);
    expect((failure as Error).message).toBe(
      `tool 'forecast' parameters cannot be projected to JSON Schema: projecting a Zod 3 schema needs zod-to-json-schema, an optional peer dependency of toolwright: zod-to-json-schema is not installed (or cannot be resolved from toolwright's files); install it: ${INSTALL}`,
    );
  });

  it("toJsonSchema says the same, and a Zod 3 tool still parses at the boundary", async () => {
    const schema = z3.object({ city: z3.string() });
    expect(() => toJsonSchema(schema)).toThrow(
      /^projecting a Zod 3 schema needs zod-to-json-schema/,
    );
    const box = toolbox("weather", "Weather", {
      forecast: defineTool({
        description: "Forecast",
        parameters: schema,
        execute: ({ city }) => city,
      }),
    });
    await expect(box.execute("forecast", { city: "Oslo" })).resolves.toBe("Oslo");
  });

  it("Zod 4 schemas project as ever", () => {
    expect(projectParameters("forecast", { city: z.string() }, "openapi-3.0")).toStrictEqual({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    });
  });

  it("a zod-to-json-schema that fails to load is named with its error and the releases for each zod", () => {
    converter.state = "broken";
    expect(() => toJsonSchema(z3.object({ n: z3.number() }))).toThrow(
      `projecting a Zod 3 schema needs zod-to-json-schema, which failed to load (Package subpath './v3' is not defined by "exports" in /app/node_modules/zod/package.json); install the release for your zod: ${INSTALL}`,
    );
  });
});
