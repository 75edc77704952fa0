/**
 * On zod 3.25 the root `zod` is Zod 3 (here the root is mocked as zod 3.25's): the built-in
 * tools' builders are the loaded `zod/v4`'s, a raw shape of Zod 3 fields is the root's
 * `z.object`, and one of Zod 4 fields is the loaded `zod/v4`'s.
 */
import { describe, expect, it, vi } from "vitest";
import { z as zod3 } from "zod";
import { z as zod4 } from "zod/v4";
import { schemaBuilders } from "../../src/zod/builders.js";
import { loadModule } from "../../src/zod/load.js";
import { parametersSchema } from "../../src/zod/raw-shape.js";
import { rootIsZod4 } from "../../src/zod/root-zod.js";

vi.mock("zod", async () => await import("zod-3-25"));

const loadedV4 = () => loadModule("zod/v4") as typeof import("zod/v4");

describe("with zod 3.25's root", () => {
  it("the root is Zod 3", () => {
    expect(rootIsZod4()).toBe(false);
    expect("_zod" in zod3.string()).toBe(false);
  });

  it("builds the built-in tools' schemas with the loaded zod/v4", () => {
    const z = schemaBuilders();
    expect(z.object).toBe(loadedV4().object);
    expect("_zod" in z.record(z.string(), z.unknown())).toBe(true);
    expect(schemaBuilders()).toBe(z);
  });

  it("builds a raw shape of Zod 3 fields with the root's z.object", () => {
    const schema = parametersSchema({ city: zod3.string() });
    expect(schema).toBeInstanceOf(zod3.ZodObject);
    expect((schema as never as zod3.ZodTypeAny).safeParse({ city: 1 }).success).toBe(false);
  });

  it("builds a raw shape of Zod 4 fields with the loaded zod/v4's z.object", () => {
    const shape = { city: zod4.string() };
    const schema = parametersSchema(shape);
    expect(schema).toBeInstanceOf(loadedV4().ZodObject);
    expect(parametersSchema(shape)).toBe(schema);
  });
});
