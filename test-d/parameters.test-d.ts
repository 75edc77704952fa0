// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
// Parameters are objects: a z.object, or a raw shape (the MCP SDK's and Mastra's style),
// which is typed as z.object of it. Anything else does not compile.
import { expectError, expectType } from "tsd";
import { z } from "zod";
import { definePlay, defineTool } from "..";

defineTool({
  description: "a raw shape",
  parameters: {
    city: z.string(),
    days: z.number().optional(),
    units: z.enum(["c", "f"]).default("c"),
  },
  execute: (args) => {
    expectType<{ city: string; days?: number | undefined; units: "c" | "f" }>(args);
  },
});

defineTool({
  description: "an empty raw shape",
  parameters: {},
  execute: (args) => {
    // biome-ignore lint/complexity/noBannedTypes: an empty shape parses to the empty object type
    expectType<{}>(args);
  },
});

definePlay({
  description: "a play with a raw shape",
  parameters: { title: z.string() },
  returns: z.object({ slug: z.string() }),
  execute: ({ title }) => ({ slug: title }),
});

defineTool({
  description: "a discriminated union of objects is an object",
  parameters: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("a") }),
    z.object({ kind: z.literal("b"), n: z.number() }),
  ]),
  execute: () => undefined,
});

expectError(
  defineTool({
    description: "a string",
    parameters: z.string(),
    execute: () => undefined,
  }),
);
expectError(
  defineTool({
    description: "an array",
    parameters: z.array(z.object({ a: z.string() })),
    execute: () => undefined,
  }),
);
expectError(
  defineTool({
    description: "a union with a non-object member",
    parameters: z.union([z.object({ a: z.string() }), z.number()]),
    execute: () => undefined,
  }),
);
expectError(
  definePlay({
    description: "a play's number",
    parameters: z.number(),
    returns: z.object({}),
    execute: () => ({}),
  }),
);
expectError(
  defineTool({
    description: "a raw shape with something that is not a schema",
    parameters: { city: "Paris" },
    execute: () => undefined,
  }),
);
