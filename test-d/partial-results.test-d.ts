// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
import { expectAssignable, expectError, expectType } from "tsd";
import { z } from "zod";
import {
  definePlay,
  defineTool,
  type ModelOutput,
  type PlayDefinition,
  type ToolDefinition,
  type ToolExecutionContext,
  toolbox,
} from "..";

const Result = z.object({
  kind: z.literal("done"),
  hits: z.array(z.string()),
  pair: z.tuple([z.string(), z.number()]),
});
const Progress = z.object({
  phase: z.enum(["searching", "ranking"]),
  found: z.number(),
  note: z.string().transform((value) => value.length),
});

// A streaming execute: yields are checked against the input type of `partial` (literals
// kept: `phase` is an enum), the returned value against `returns` (literals and tuples kept,
// no `as const`). Arguments and context are typed as for any tool.
const search = defineTool({
  description: "Search",
  parameters: z.object({ query: z.string() }),
  partial: Progress,
  returns: Result,
  async *execute({ query }, ctx) {
    expectType<string>(query);
    expectType<ToolExecutionContext | undefined>(ctx);
    yield { phase: "searching", found: 0, note: query };
    yield { phase: "ranking", found: 1, note: "input side: a string" };
    return { kind: "done", hits: [query], pair: ["a", 1] };
  },
});
expectAssignable<ToolDefinition>(search);
// The result type is still the output type of `returns`.
expectType<Promise<{ kind: "done"; hits: string[]; pair: [string, number] }>>(
  toolbox("box", "d", { search }).execute("search", { query: "q" }),
);

// The same as a function expression, and a generator without `partial` yields anything.
defineTool({
  description: "function expression",
  parameters: z.object({}),
  returns: Result,
  execute: async function* () {
    yield 1;
    yield { anything: ["goes"] };
    return { kind: "done", hits: [], pair: ["b", 2] };
  },
});

// A yield that `partial` does not accept does not compile: a wrong literal, a wrong type,
// the output type of a transform instead of its input.
expectError(
  defineTool({
    description: "wrong literal",
    parameters: z.object({}),
    partial: Progress,
    async *execute() {
      yield { phase: "sorting", found: 0, note: "" };
    },
  }),
);
expectError(
  defineTool({
    description: "wrong type",
    parameters: z.object({}),
    partial: z.object({ found: z.number() }),
    async *execute() {
      yield { found: "one" };
    },
  }),
);
expectError(
  defineTool({
    description: "output side of a transform",
    parameters: z.object({}),
    partial: Progress,
    async *execute() {
      yield { phase: "ranking", found: 1, note: 5 };
    },
  }),
);

// A returned value that `returns` does not accept does not compile.
expectError(
  defineTool({
    description: "wrong literal in the result",
    parameters: z.object({}),
    returns: Result,
    async *execute() {
      yield 1;
      return { kind: "pending", hits: [], pair: ["a", 1] };
    },
  }),
);
expectError(
  defineTool({
    description: "wrong shape of the result",
    parameters: z.object({}),
    returns: Result,
    async *execute() {
      yield 1;
      return { kind: "done", hits: "a", pair: ["a", 1] };
    },
  }),
);

// A bare literal as the whole result needs `as const` in a generator.
defineTool({
  description: "enum result",
  parameters: z.object({}),
  returns: z.enum(["yes", "no"]),
  async *execute() {
    yield 1;
    return "yes" as const;
  },
});

// Non-streaming tools are untouched: literal inference from an async arrow still holds.
defineTool({
  description: "plain",
  parameters: z.object({}),
  returns: Result,
  execute: async () => ({ kind: "done", hits: ["x"], pair: ["c", 3] }),
});
expectError(
  defineTool({
    description: "plain, wrong",
    parameters: z.object({}),
    returns: Result,
    execute: async () => ({ kind: "other", hits: ["x"], pair: ["c", 3] }),
  }),
);

// onPartial is optional, receives unknown, and its return value is ignored.
const none: ToolExecutionContext = {};
const listening: ToolExecutionContext = { onPartial: (value) => expectType<unknown>(value) };
expectAssignable<ToolExecutionContext>({ onPartial: async () => 1 });
expectError<ToolExecutionContext>({ onPartial: "log" });
expectType<((value: unknown) => void) | undefined>(listening.onPartial);
expectType<ToolExecutionContext>(none);

// toModelOutput receives the output type of `returns` (unknown without one) and returns
// text or content parts.
defineTool({
  description: "model output",
  parameters: z.object({}),
  returns: z.object({ png: z.string(), size: z.string().transform(Number) }),
  execute: () => ({ png: "iVBOR", size: "3" }),
  toModelOutput: (result) => {
    expectType<{ png: string; size: number }>(result);
    return [
      { type: "text", text: `size ${result.size}` },
      { type: "image", data: result.png, mediaType: "image/png" },
    ];
  },
});
defineTool({
  description: "model output without returns",
  parameters: z.object({}),
  execute: () => 1,
  toModelOutput: (result) => {
    expectType<1>(result); // what execute returns
    return "text";
  },
});
expectError(
  defineTool({
    description: "not model output",
    parameters: z.object({}),
    execute: () => 1,
    toModelOutput: () => ({ type: "text" }),
  }),
);
expectType<((result: unknown) => ModelOutput) | undefined>(search.toModelOutput);

// A hand-written literal may declare the result type its toModelOutput expects.
const literal: ToolDefinition = {
  description: "literal",
  parameters: z.object({}),
  partial: z.number(),
  execute: () => ({ n: 1 }),
  toModelOutput(result: { n: number }) {
    return `n = ${result.n}`;
  },
};
expectAssignable<ToolDefinition>(literal);

// Plays stream the same way, with the same checks, and take toModelOutput.
const play = definePlay({
  description: "play",
  parameters: z.object({}),
  partial: Progress,
  returns: Result,
  async *execute() {
    yield { phase: "searching", found: 0, note: "" };
    return { kind: "done", hits: [], pair: ["p", 0] };
  },
  toModelOutput: (result) => result.hits.join(", "),
});
expectAssignable<PlayDefinition>(play);
expectError(
  definePlay({
    description: "play, wrong yield",
    parameters: z.object({}),
    partial: Progress,
    returns: Result,
    async *execute() {
      yield { phase: "done", found: 0, note: "" };
      return { kind: "done", hits: [], pair: ["p", 0] };
    },
  }),
);
expectError(
  definePlay({
    description: "play, wrong result",
    parameters: z.object({}),
    returns: Result,
    async *execute() {
      yield 1;
      return { kind: "later", hits: [], pair: ["p", 0] };
    },
  }),
);
