/**
 * On zod 3.23 and 3.24 the root `zod` is Zod 3 and there is no `zod/v4` (here the root is
 * mocked as zod 3.23's, and the loader finds no `zod/v4`): the built-in tools are built with
 * the root's Zod 3 and work as any Zod 3 tool does, and a raw shape of Zod 4 fields (from
 * another copy of zod) is refused by name.
 */
import {
  type Capability,
  capability,
  ManualToolbox,
  TextManual,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it, vi } from "vitest";
import { z as zod3 } from "zod";
import { z as zod4 } from "zod/v4";
import { schemaBuilders } from "../../src/zod/builders.js";
import { parametersSchema } from "../../src/zod/raw-shape.js";

vi.mock("zod", async () => await import("zod-3-23"));
vi.mock("../../src/zod/load.js", async (original) => {
  const real = await original<typeof import("../../src/zod/load.js")>();
  const loadModule = (specifier: string) =>
    specifier === "zod/v4" ? undefined : real.loadModule(specifier);
  return { ...real, loadModule, loader: { ...real.loader, load: loadModule } };
});

describe("with zod 3.23's root and no zod/v4", () => {
  it("builds the built-in tools' schemas with the root's Zod 3", () => {
    const z = schemaBuilders();
    expect(z.object).toBe(zod3.object);
    const record = z.record(z.string(), z.unknown());
    expect("_def" in record && !("_zod" in record)).toBe(true);
  });

  it("a manual's tools and the catalog's work with those Zod 3 schemas", async () => {
    const guide = capability({
      name: "guide",
      description: "The guide",
      toolbox: toolbox("guide", "Guide tools", {}),
      manual: new TextManual("guide", "# Start\nBegin here."),
    });
    const { tools } = new ManualToolbox(new TextManual("notes", "# A\nText"));
    const parameters = tools.read_notes_section?.parameters as object;
    expect("_def" in parameters && !("_zod" in parameters)).toBe(true);
    const set = toolSet([guide as Capability], { deferLoading: true });
    expect(await set.call("read_guide_section", { title: "start" })).toMatchObject({
      ok: true,
      value: { title: "Start" },
    });
    expect(await set.call("search_tools", { query: "guide", limit: 1 })).toMatchObject({
      ok: true,
      value: { tools: [{ name: expect.any(String) }] },
    });
    expect((await set.call("search_tools", { query: 1 })).ok).toBe(false);
    expect(set.schemas("draft-2020-12").map((schema) => schema.name)).toContain("describe_tools");
  });

  it("refuses a raw shape of Zod 4 fields by name, since it has no zod/v4 to build it", () => {
    expect(() => parametersSchema({ city: zod4.string() })).toThrow(
      new TypeError(
        "a raw shape of Zod 4 fields needs zod/v4 to build its z.object: zod/v4 is not installed (or cannot be resolved from toolwright's files); pass z.object({...}) built with the zod your fields come from",
      ),
    );
  });
});
