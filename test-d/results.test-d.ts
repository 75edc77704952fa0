// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
// Results are checked against `returns` without `as const` or annotations: literals,
// enums, unions, discriminated unions, arrays and nested objects of them, optional and
// defaulted fields; sync and async, with awaits and several return statements. A wrong
// result still fails, at the field.
import { expectError } from "tsd";
import { z } from "zod";
import { definePlay, defineTool } from "..";

const Labelled = z.object({
  kind: z.literal("label"),
  tags: z.array(z.enum(["a", "b"])),
  tone: z.union([z.literal("warm"), z.literal("cool")]).optional(),
  size: z.number().default(1),
  nested: z.object({
    level: z.enum(["low", "high"]),
    items: z.array(z.object({ on: z.boolean() })),
  }),
});

const Shape = z.discriminatedUnion("type", [
  z.object({ type: z.literal("circle"), radius: z.number() }),
  z.object({ type: z.literal("square"), side: z.number() }),
]);

defineTool({
  description: "sync",
  parameters: z.object({}),
  returns: Labelled,
  execute: () => ({
    kind: "label",
    tags: ["a", "b"],
    nested: { level: "low", items: [{ on: true }] },
  }),
});

defineTool({
  description: "async, an optional field set, a defaulted field given",
  parameters: z.object({ warm: z.boolean() }),
  returns: Labelled,
  execute: async ({ warm }) => ({
    kind: "label",
    tags: [],
    tone: warm ? "warm" : "cool",
    size: 3,
    nested: { level: "high", items: [] },
  }),
});

defineTool({
  description: "awaits and several returns",
  parameters: z.object({ side: z.number().optional() }),
  returns: Shape,
  execute: async ({ side }) => {
    await Promise.resolve();
    if (side === undefined) return { type: "circle", radius: 1 };
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { type: "square", side };
  },
});

defineTool({
  description: "a union at the root",
  parameters: z.object({ n: z.number() }),
  returns: z.union([z.literal("none"), z.array(z.enum(["x", "y"]))]),
  execute: ({ n }) => (n === 0 ? "none" : ["x", "y"]),
});

const tags: ("a" | "b")[] = ["a"];
defineTool({
  description: "mutable values and variables are accepted too",
  parameters: z.object({}),
  returns: z.object({ tags: z.array(z.enum(["a", "b"])), when: z.date() }),
  execute: () => ({ tags, when: new Date() }),
});

defineTool({
  description: "no returns: anything goes",
  parameters: z.object({}),
  execute: () => ({ kind: "anything" }),
});

definePlay({
  description: "plays too",
  parameters: z.object({ big: z.boolean() }),
  returns: Shape,
  execute: async ({ big }) => (big ? { type: "square", side: 10 } : { type: "circle", radius: 1 }),
});

// Wrong results still fail.
expectError(
  defineTool({
    description: "a literal off by one letter",
    parameters: z.object({}),
    returns: Labelled,
    execute: () => ({ kind: "lable", tags: [], nested: { level: "low", items: [] } }),
  }),
);
expectError(
  defineTool({
    description: "an enum member that does not exist",
    parameters: z.object({}),
    returns: Labelled,
    execute: async () => ({ kind: "label", tags: ["c"], nested: { level: "low", items: [] } }),
  }),
);
expectError(
  defineTool({
    description: "a nested enum wrong",
    parameters: z.object({}),
    returns: Labelled,
    execute: () => ({ kind: "label", tags: [], nested: { level: "mid", items: [] } }),
  }),
);
expectError(
  defineTool({
    description: "a discriminated union member without its field",
    parameters: z.object({}),
    returns: Shape,
    execute: async () => ({ type: "square" }),
  }),
);
expectError(
  defineTool({
    description: "a missing required field",
    parameters: z.object({}),
    returns: Labelled,
    execute: async () => ({ kind: "label", tags: [] }),
  }),
);
expectError(
  definePlay({
    description: "a play's wrong discriminator",
    parameters: z.object({}),
    returns: Shape,
    execute: () => ({ type: "triangle", side: 1 }),
  }),
);
