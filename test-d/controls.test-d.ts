// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
import { expectAssignable, expectError, expectNotAssignable, expectType } from "tsd";
import { z } from "zod";
import {
  type ApprovalDecision,
  type ApprovalRequest,
  type CallFailure,
  type CallFailureKind,
  type CallOutcome,
  type CallPending,
  capability,
  definePlay,
  defineTool,
  type FailedCall,
  type FormatError,
  isPending,
  type ToolExecutionContext,
  type ToolSet,
  type ToolSetEntry,
  type ToolTimeoutError,
  toolbox,
  toolSet,
} from "..";

const parameters = z.object({ id: z.string(), force: z.boolean().default(false) });

// needsApproval's arguments are the parsed arguments: defaults applied.
defineTool({
  description: "typed approval",
  parameters,
  controls: {
    needsApproval: (args, ctx) => {
      expectType<{ id: string; force: boolean }>(args);
      expectType<ToolExecutionContext | undefined>(ctx);
      return args.force;
    },
  },
  execute: () => null,
});

// An async check, and a plain boolean.
defineTool({
  description: "async approval",
  parameters,
  controls: { needsApproval: async ({ id }) => id !== "scratch" },
  execute: () => null,
});
defineTool({
  description: "always",
  parameters,
  controls: { needsApproval: true },
  execute: () => null,
});

// A field the parameters do not declare is an error.
expectError(
  defineTool({
    description: "missing field",
    parameters,
    controls: { needsApproval: (args) => args.missing === true },
    execute: () => null,
  }),
);

// A check must answer a boolean.
expectError(
  defineTool({
    description: "not a boolean",
    parameters,
    controls: { needsApproval: () => "yes" },
    execute: () => null,
  }),
);
expectError(
  defineTool({
    description: "not a check",
    parameters,
    controls: { needsApproval: "always" },
    execute: () => null,
  }),
);

// Plays type needsApproval the same way.
definePlay({
  description: "play approval",
  parameters,
  returns: z.object({}),
  controls: {
    needsApproval: (args) => {
      expectType<{ id: string; force: boolean }>(args);
      return args.force;
    },
  },
  execute: () => ({}),
});
expectError(
  definePlay({
    description: "play missing field",
    parameters,
    returns: z.object({}),
    controls: { needsApproval: (args) => args.missing === true },
    execute: () => ({}),
  }),
);

// strictInputs is a boolean, timeoutMs a number.
expectError(
  defineTool({
    description: "strict",
    parameters,
    controls: { strictInputs: "yes" },
    execute: () => null,
  }),
);
expectError(
  definePlay({
    description: "strict",
    parameters,
    returns: z.object({}),
    controls: { strictInputs: 1 },
    execute: () => ({}),
  }),
);
expectError(
  defineTool({
    description: "timeout",
    parameters,
    controls: { timeoutMs: "5" },
    execute: () => null,
  }),
);

// formatError receives the failure and the call, and answers a string or nothing.
defineTool({
  description: "formatted",
  parameters,
  controls: {
    formatError: (failure, call) => {
      expectAssignable<CallFailure | CallPending>(failure);
      expectType<CallFailureKind>(failure.kind);
      expectType<string>(failure.error);
      if (failure.kind === "thrown") expectType<unknown>(failure.cause);
      expectType<FailedCall>(call);
      expectType<string>(call.name);
      expectType<unknown>(call.args);
      expectType<string | undefined>(call.expected);
      return failure.kind === "thrown" ? "try again later" : undefined;
    },
  },
  execute: () => null,
});
expectError(
  defineTool({
    description: "formatted",
    parameters,
    controls: { formatError: () => 42 },
    execute: () => null,
  }),
);
expectAssignable<FormatError>(() => undefined);
expectNotAssignable<FormatError>(() => 42);

// The set's options.
const notes = capability({
  name: "notes",
  description: "Notes",
  toolbox: toolbox("notes", "Note tools", {
    delete_note: defineTool({
      description: "Delete a note",
      parameters,
      returns: z.object({ deleted: z.string() }),
      execute: ({ id }) => ({ deleted: id }),
    }),
  }),
});
toolSet([notes], {
  controls: {
    needsApproval: ({ entry, args, ctx }) => {
      expectType<ToolSetEntry>(entry);
      expectType<unknown>(args);
      expectType<ToolExecutionContext | undefined>(ctx);
      return entry.annotations?.destructive === true;
    },
    timeoutMs: 5_000,
    strictInputs: true,
    formatError: (failure) => (failure.kind === "timeout" ? "too slow" : undefined),
  },
  approvalSecret: "a secret of at least thirty-two bytes",
});
toolSet([notes], {
  controls: { needsApproval: "destructive" },
  approvalSecret: new Uint8Array(32),
});
expectError(toolSet([notes], { controls: { needsApproval: "always" } }));
expectError(toolSet([notes], { controls: { strictInputs: "yes" } }));
expectError(toolSet([notes], { approvalSecret: 42 }));
expectError(toolSet([notes], { controls: { timeoutMs: "5" } }));

// resume and approvalFor.
declare const set: ToolSet;
declare const request: ApprovalRequest;
expectType<Promise<CallOutcome>>(set.resume(request, { approved: true }));
expectType<Promise<CallOutcome>>(set.resume(request, { approved: false, reason: "not today" }));
expectType<Promise<CallOutcome>>(set.resume(request, { approved: false }, { host: {} }));
expectError(set.resume(request, { approved: "yes" }));
expectError(set.resume(request));
expectType<Promise<ApprovalRequest | undefined>>(set.approvalFor("delete_note", { id: "n1" }));
expectType<Promise<ApprovalRequest | undefined>>(set.approvalFor("x", {}, { host: {} }));
expectAssignable<ApprovalDecision>({ approved: false, reason: "why" });
expectNotAssignable<ApprovalDecision>({ approved: "yes" });

// The request's fields.
expectType<string>(request.id);
expectType<string>(request.tool);
expectType<unknown>(request.args);
expectType<string>(request.requestedAt);
expectType<string>(request.hash);

// A typed set's outcome narrows: by ok, by kind, and with isPending.
const typed = toolSet([notes]);
const outcome = await typed.call("delete_note", { id: "n1" });
if (outcome.ok) {
  expectType<{ deleted: string }>(outcome.value);
} else {
  expectType<string>(outcome.error);
  expectType<CallFailureKind>(outcome.kind);
}
if (!outcome.ok && outcome.kind === "approval-required") {
  expectType<ApprovalRequest>(outcome.approval);
}
if (isPending(outcome)) {
  expectType<CallPending>(outcome);
  expectType<ApprovalRequest>(outcome.approval);
  expectType<"approval-required">(outcome.kind);
}
// Only a pending outcome has a request.
if (!outcome.ok && outcome.kind === "thrown") {
  expectError(outcome.approval);
}

// ToolTimeoutError names the call and the limit.
declare const timeout: ToolTimeoutError;
expectType<string>(timeout.tool);
expectType<number>(timeout.timeoutMs);
expectType<"TOOL_TIMEOUT">(timeout.code);
expectAssignable<Error>(timeout);
