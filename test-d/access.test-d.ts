// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
import { expectAssignable, expectError, expectType } from "tsd";
import { z } from "zod";
import {
  type CallAccess,
  type CallControls,
  type CallFailureKind,
  capability,
  definePlay,
  defineTool,
  type Principal,
  type SetControls,
  type ToolCallRecord,
  type ToolDefinition,
  type ToolExecutionContext,
  type ToolSetEntry,
  toolbox,
  toolSet,
} from "..";

// requiredScopes and visible on defineTool, definePlay and a hand-written definition.
const write = defineTool({
  description: "write",
  parameters: z.object({ id: z.string() }),
  controls: {
    requiredScopes: ["notes:write"],
    visible: (ctx) => {
      expectType<ToolExecutionContext | undefined>(ctx);
      expectType<Principal | undefined>(ctx?.auth);
      return ctx?.auth?.scopes.includes("notes:read") === true;
    },
  },
  execute: () => "ok",
});
definePlay({
  description: "publish",
  parameters: z.object({}),
  returns: z.string(),
  controls: { requiredScopes: ["notes:write"], visible: () => true },
  execute: () => "ok",
});
const handWritten: ToolDefinition = {
  description: "hand-written",
  parameters: z.object({}),
  controls: { requiredScopes: ["admin"], visible: (ctx) => ctx?.auth !== undefined },
  execute: () => "ok",
};

// A scope is a string; a check answers a boolean, at once (listings are synchronous).
expectError<CallControls>({ requiredScopes: "notes:write" });
expectError<CallControls>({ requiredScopes: [1] });
expectError<CallControls>({ visible: async () => true });
expectError<CallControls>({ visible: () => "yes" });
// Beside controls is the wrong place.
expectError(
  defineTool({
    description: "misplaced",
    parameters: z.object({}),
    requiredScopes: ["a"],
    execute: () => "ok",
  }),
);

// The set's visible check is asked about an entry, with the caller's context.
const set = toolSet(
  [capability({ name: "c", description: "c", toolbox: toolbox("t", "t", { write, handWritten }) })],
  {
    controls: {
      visible: ({ entry, ctx }) => {
        expectType<ToolSetEntry>(entry);
        expectType<ToolExecutionContext | undefined>(ctx);
        return entry.requiredScopes === undefined || ctx?.auth !== undefined;
      },
    },
  },
);
expectAssignable<SetControls<ToolSetEntry>>({ visible: () => false });
expectError<SetControls<ToolSetEntry>>({ visible: async () => true });

// Listings take the caller.
expectType<readonly ToolSetEntry[]>(
  set.entries({ auth: { subject: "s", scopes: [], claims: {} } }),
);
expectType<ToolSetEntry | undefined>(set.get("write", {}));
set.schemas("draft-07", {});
expectType<readonly string[] | undefined>(set.get("write")?.requiredScopes);

// A forbidden call is a kind of failure; the recorder reads the decision.
expectAssignable<CallFailureKind>("forbidden");
declare const record: ToolCallRecord;
expectType<CallAccess>(record.access);
expectType<"allowed" | "hidden" | "forbidden">(record.access.decision);
expectType<string>(record.access.reason);
