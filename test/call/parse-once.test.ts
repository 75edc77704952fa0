import { type AnySchema, defineTool, toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { type Z, zodMajors } from "../core/zods";

interface Case {
  readonly name: string;
  readonly input: unknown;
  readonly build: (z: Z, counted: ReturnType<Z["number"]>) => AnySchema;
}

// Each schema holds a counting transform and an asynchronous check somewhere in it.
const cases: Case[] = [
  {
    name: "an async .refine on the root",
    input: { n: 1 },
    build: (z, n) => z.object({ n }).refine(async () => true),
  },
  {
    name: "an async .superRefine on the root",
    input: { n: 1 },
    build: (z, n) => z.object({ n }).superRefine(async () => {}),
  },
  {
    name: "an async .transform after the counted one",
    input: { n: 1 },
    build: (z, n) => z.object({ n }).transform(async (value) => value),
  },
  {
    name: "an async refinement inside an array",
    input: { xs: [{ n: 1 }, { n: 2 }] },
    build: (z, n) => z.object({ xs: z.array(z.object({ n }).refine(async () => true)) }),
  },
  {
    name: "an async refinement inside a union",
    input: { u: { n: 1 } },
    build: (z, n) =>
      z.object({ u: z.union([z.object({ n }).refine(async () => true), z.string()]) }),
  },
  {
    name: "an async refinement behind z.lazy",
    input: { l: { n: 1 } },
    build: (z, n) => z.object({ l: z.lazy(() => z.object({ n }).refine(async () => true)) }),
  },
  {
    name: "an async refinement inside an optional",
    input: { o: { n: 1 } },
    build: (z, n) =>
      z.object({
        o: z
          .object({ n })
          .refine(async () => true)
          .optional(),
      }),
  },
  {
    name: "an async refinement inside a record",
    input: { r: { a: { n: 1 } } },
    build: (z, n) =>
      z.object({
        r: z.record(
          z.string(),
          z.object({ n }).refine(async () => true),
        ),
      }),
  },
];

function countedNumber(z: Z) {
  const counter = { runs: 0 };
  const counted = z.number().transform((n) => {
    counter.runs += 1;
    return n;
  });
  return { counter, counted: counted as unknown as ReturnType<Z["number"]> };
}

function countLeaves(input: unknown): number {
  return JSON.stringify(input).match(/"n":/g)?.length ?? 0;
}

describe.each(zodMajors)("arguments are parsed once per call with $major", ({ z }) => {
  it.each(cases)("with $name", async ({ build, input }) => {
    const { counter, counted } = countedNumber(z);
    const box = toolbox("b", "d", {
      t: { description: "t", parameters: build(z, counted), execute: (args) => args },
    });
    const leaves = countLeaves(input);
    await expect(box.execute("t", input)).resolves.toStrictEqual(input);
    expect(counter.runs).toBe(leaves);
    await box.execute("t", input);
    expect(counter.runs).toBe(2 * leaves);
  });

  it("with a sync schema, called many times", async () => {
    const { counter, counted } = countedNumber(z);
    const box = toolbox("b", "d", {
      t: defineTool({
        description: "t",
        parameters: z.object({ n: counted }),
        execute: (args) => args,
      }),
    });
    for (let call = 1; call <= 5; call += 1) {
      await box.execute("t", { n: call });
      expect(counter.runs).toBe(call);
    }
  });

  it("with a plain function returning a promise: once per call from the second call on", async () => {
    const { counter, counted } = countedNumber(z);
    const parameters = z.object({ n: counted }).refine(() => Promise.resolve(true));
    const box = toolbox("b", "d", {
      t: { description: "t", parameters, execute: (args) => args },
    });
    await expect(box.execute("t", { n: 1 })).resolves.toStrictEqual({ n: 1 });
    const afterFirst = counter.runs;
    await expect(box.execute("t", { n: 2 })).resolves.toStrictEqual({ n: 2 });
    expect(counter.runs).toBe(afterFirst + 1);
  });
});
