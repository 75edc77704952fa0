// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
// `examples` is typed by the input type of `parameters` (a defaulted field may be left
// out, a transformed field takes its input); `toModelOutput` receives the output type of
// `returns` (without one, what `execute` returns) and returns text or content parts.
import { expectError, expectType } from "tsd";
import { z } from "zod";
import { definePlay, defineTool, type ModelOutput, type ToolDefinition } from "..";

const Day = z.object({
  day: z.string(),
  limit: z.number().default(10),
  tag: z.string().optional(),
  when: z.string().transform((value) => new Date(value)),
});

// Valid examples compile: a defaulted field and an optional one may be left out, and a
// transformed field takes its input type (a string, not a Date).
defineTool({
  description: "valid",
  parameters: Day,
  examples: [
    { day: "2025-06-01", when: "2025-06-01" },
    { day: "x", limit: 3, when: "y" },
  ],
  execute: ({ limit }) => limit,
});

// So do raw-shape parameters.
defineTool({
  description: "raw shape",
  parameters: { city: z.string(), days: z.number().optional() },
  examples: [{ city: "Oslo" }],
  execute: ({ city }) => city,
});

// A field of the wrong type does not compile.
expectError(
  defineTool({
    description: "wrong type",
    parameters: Day,
    examples: [{ day: 1, when: "x" }],
    execute: () => null,
  }),
);

// Nor does an unknown field in an example literal.
expectError(
  defineTool({
    description: "unknown field",
    parameters: Day,
    examples: [{ day: "x", when: "y", extra: true }],
    execute: () => null,
  }),
);

// Nor an example missing a required field.
expectError(
  defineTool({
    description: "missing field",
    parameters: Day,
    examples: [{ when: "y" }],
    execute: () => null,
  }),
);

// Nor the output type of a transformed field where its input is taken.
expectError(
  defineTool({
    description: "output type",
    parameters: Day,
    examples: [{ day: "x", when: new Date() }],
    execute: () => null,
  }),
);

// Nor examples that are not an array.
expectError(
  defineTool({
    description: "not an array",
    parameters: Day,
    examples: { day: "x", when: "y" },
    execute: () => null,
  }),
);

// `examples` does not take part in inferring the argument type.
defineTool({
  description: "no inference",
  parameters: z.object({ n: z.number() }),
  examples: [{ n: 1 }],
  execute: (args) => {
    expectType<{ n: number }>(args);
  },
});

// definePlay's examples are typed the same way.
definePlay({
  description: "play",
  parameters: Day,
  returns: z.object({ ok: z.boolean() }),
  examples: [{ day: "x", when: "y" }],
  execute: () => ({ ok: true }),
});
expectError(
  definePlay({
    description: "play, wrong type",
    parameters: Day,
    returns: z.object({ ok: z.boolean() }),
    examples: [{ day: false, when: "y" }],
    execute: () => ({ ok: true }),
  }),
);

// A hand-written definition takes any argument objects as examples (toolSet checks them).
const handWritten: ToolDefinition = {
  description: "hand-written",
  parameters: Day,
  examples: [{ anything: 1 }],
  execute: () => null,
};
void handWritten;

// `toModelOutput` receives the output type of `returns` (defaults applied, transforms run).
defineTool({
  description: "model output",
  parameters: z.object({}),
  returns: z.object({ png: z.string(), size: z.number().default(1) }),
  execute: () => ({ png: "AAAA" }),
  toModelOutput: (result) => {
    expectType<{ png: string; size: number }>(result);
    return [
      { type: "text", text: `size ${result.size}` },
      { type: "image", data: result.png, mediaType: "image/png" },
    ];
  },
});

// It may return text.
defineTool({
  description: "model output text",
  parameters: z.object({}),
  returns: z.object({ n: z.number() }),
  execute: () => ({ n: 1 }),
  toModelOutput: ({ n }) => `n is ${n}`,
});

// Not a part of an unknown type, a part missing a field, or anything but text or parts.
expectError(
  defineTool({
    description: "unknown part",
    parameters: z.object({}),
    execute: () => null,
    toModelOutput: () => [{ type: "video", data: "x" }],
  }),
);
expectError(
  defineTool({
    description: "missing mediaType",
    parameters: z.object({}),
    execute: () => null,
    toModelOutput: () => [{ type: "image", data: "x" }],
  }),
);
expectError(
  defineTool({
    description: "a number",
    parameters: z.object({}),
    execute: () => null,
    toModelOutput: () => 42,
  }),
);

// It does not read a result field `returns` does not declare.
expectError(
  defineTool({
    description: "wrong field",
    parameters: z.object({}),
    returns: z.object({ n: z.number() }),
    execute: () => ({ n: 1 }),
    toModelOutput: (result) => result.missing,
  }),
);

// Without `returns`, it receives what `execute` returns: awaited, literals kept as written.
defineTool({
  description: "no returns",
  parameters: z.object({}),
  execute: () => 1,
  toModelOutput: (result) => {
    expectType<1>(result);
    return String(result);
  },
});
defineTool({
  description: "no returns, async",
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, chart: "AAAA" }),
  toModelOutput: (result) => {
    expectType<{ readonly city: string; readonly chart: "AAAA" }>(result);
    return [{ type: "image", data: result.chart, mediaType: "image/png" }];
  },
});
defineTool({
  description: "no returns, streaming",
  parameters: z.object({}),
  async *execute() {
    yield "working";
    return { rows: 3 };
  },
  toModelOutput: (result) => {
    expectType<{ readonly rows: 3 }>(result);
    return `${result.rows} rows`;
  },
});
expectError(
  defineTool({
    description: "no returns, wrong field",
    parameters: z.object({}),
    execute: () => ({ n: 1 }),
    toModelOutput: (result) => result.missing,
  }),
);

// A hand-written definition's `toModelOutput` is a method: a literal may declare the
// result type it expects.
const literal: ToolDefinition = {
  description: "hand-written model output",
  parameters: z.object({}),
  execute: () => ({ n: 1 }),
  toModelOutput(result: { n: number }): ModelOutput {
    return `n is ${result.n}`;
  },
};
void literal;
