import { expectAssignable, expectError, expectNotAssignable, expectType } from "tsd";
import * as z from "zod";
import * as z3 from "zod/v3";
import {
  type ClientRequestError,
  type ClientRequestFailure,
  defineTool,
  type ElicitOutcome,
  type LogLevel,
  type SampleResult,
  type ToolExecutionContext,
} from "../dist/index";

declare const ctx: Required<ToolExecutionContext>;

// ctx.elicit types the content by the schema's output, on both Zod lines.
const form = z.object({ name: z.string(), subscribe: z.boolean().default(false) });
expectType<Promise<ElicitOutcome<{ name: string; subscribe: boolean }>>>(
  ctx.elicit({ message: "Who?", schema: form }),
);
expectType<Promise<ElicitOutcome<{ n: number }>>>(
  ctx.elicit({ message: "n", schema: z3.object({ n: z3.number() }) }),
);
expectError(ctx.elicit({ message: 1, schema: form }));
expectError(ctx.elicit({ message: "no schema" }));

// ctx.sample takes a prompt or messages, and maxTokens.
expectType<Promise<SampleResult>>(ctx.sample({ messages: "hi", maxTokens: 10 }));
expectType<Promise<SampleResult>>(
  ctx.sample({ messages: [{ role: "assistant", text: "hi" }], maxTokens: 10 }),
);
expectError(ctx.sample({ messages: "hi" }));
expectError(ctx.sample({ messages: [{ role: "system", text: "x" }], maxTokens: 1 }));

// ctx.log takes the syslog levels only.
expectType<void>(ctx.log("warning", { any: "data" }));
expectError(ctx.log("loud", "x"));
// ctx.releaseConnection says whether the connection was let go, and takes nothing.
expectType<boolean>(ctx.releaseConnection());
expectError(ctx.releaseConnection(1000));
declare const optional: ToolExecutionContext;
expectType<boolean | undefined>(optional.releaseConnection?.());

expectAssignable<LogLevel>("emergency" as const);
expectNotAssignable<LogLevel>("loud");

// The error says which request and why.
declare const error: ClientRequestError;
expectType<"elicit" | "sample">(error.request);
expectType<ClientRequestFailure>(error.reason);
expectType<"CLIENT_REQUEST">(error.code);

// Inside a tool, ctx is optional and so is each request.
defineTool({
  description: "asks",
  parameters: z.object({}),
  execute: async (_args, c) => {
    const answer = await c?.elicit?.({ message: "?", schema: form });
    if (answer?.action === "accept") expectType<string>(answer.content.name);
    return "ok";
  },
});
