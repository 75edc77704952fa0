// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
import { expectAssignable, expectError, expectType } from "tsd";
import { z } from "zod";
import {
  Capability,
  capability,
  definePlay,
  defineTool,
  type Playbook,
  type PlayDefinition,
  playbook,
  readScope,
  requireScope,
  type ScopeOf,
  SessionScope,
  Toolbox,
  type ToolDefinition,
  type ToolExecutionContext,
  toolbox,
} from "..";

// Arguments are the output type of `parameters`: optional stays optional, a default
// makes a field required, a transform yields its output.
defineTool({
  description: "args",
  parameters: z.object({
    day: z.string(),
    limit: z.number().optional(),
    page: z.number().default(1),
    when: z.string().transform((value) => new Date(value)),
  }),
  execute: (args, ctx) => {
    expectType<{ day: string; limit?: number | undefined; page: number; when: Date }>(args);
    expectType<ToolExecutionContext | undefined>(ctx);
    expectType<string>(args.day);
    expectType<number | undefined>(args.limit);
    expectType<number>(args.page);
    expectType<Date>(args.when);
  },
});

// A discriminated union narrows on its discriminator.
defineTool({
  description: "union",
  parameters: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("day"), day: z.string() }),
    z.object({ kind: z.literal("range"), from: z.string(), to: z.string() }),
  ]),
  execute: (args) => {
    expectType<{ kind: "day"; day: string } | { kind: "range"; from: string; to: string }>(args);
    if (args.kind === "day") expectType<string>(args.day);
    else expectType<[string, string]>([args.from, args.to]);
  },
});

const Meetings = z.object({
  meetings: z.array(z.string()),
  total: z.number().default(0),
  label: z.string().transform((value) => value.length),
});

// The return is checked against the input type of `returns`: a defaulted field may be
// omitted, a transformed field takes its input type.
defineTool({
  description: "input side",
  parameters: z.object({}),
  returns: Meetings,
  execute: async () => ({ meetings: ["standup"], label: "seven" }),
});
defineTool({
  description: "sync return",
  parameters: z.object({}),
  returns: Meetings,
  execute: () => ({ meetings: [], total: 3, label: "x" }),
});

// A wrong return type does not compile.
expectError(
  defineTool({
    description: "wrong",
    parameters: z.object({}),
    returns: Meetings,
    execute: async () => ({ meetings: "standup", label: "x" }),
  }),
);
expectError(
  defineTool({
    description: "output type is not the input type",
    parameters: z.object({}),
    returns: Meetings,
    execute: () => ({ meetings: [], label: 5 }),
  }),
);
expectError(
  defineTool({
    description: "missing a required field",
    parameters: z.object({}),
    returns: Meetings,
    execute: () => ({ label: "x" }),
  }),
);

// Arguments are not `any`: using one wrongly does not compile.
expectError(
  defineTool({
    description: "typed args",
    parameters: z.object({ day: z.string() }),
    execute: (args) => args.day.toFixed(),
  }),
);

// defineTool returns a ToolDefinition (carrying its call types, type-only), which
// shares a record with a hand-written literal.
const built = defineTool({
  description: "List meetings",
  parameters: z.object({ day: z.string() }),
  returns: Meetings,
  validateReturns: false,
  execute: ({ day }) => ({ meetings: [day], label: day }),
});
expectAssignable<ToolDefinition>(built);
const tools: Record<string, ToolDefinition> = {
  list_meetings: built,
  cancel_meeting: {
    description: "Cancel a meeting",
    parameters: z.object({ id: z.string() }),
    returns: z.object({ ok: z.boolean() }),
    execute: async (args) => ({ ok: typeof args === "object" }),
  },
};

// toolbox() and playbook() return the abstract classes, typed by the record: a record
// typed only as Record<string, ToolDefinition> takes any name and any arguments.
const meetingTools = toolbox("meetings", "Meeting management tools", tools);
expectAssignable<Toolbox>(meetingTools);
expectType<Promise<unknown>>(meetingTools.execute("list_meetings", { day: "mon" }));

// definePlay: typed args, return checked against the input type of `returns`.
const slug = definePlay({
  description: "Slugify",
  parameters: z.object({ title: z.string(), keep: z.boolean().default(false) }),
  returns: z.object({ slug: z.string(), length: z.number().default(0) }),
  execute: async (args) => {
    expectType<{ title: string; keep: boolean }>(args);
    return { slug: args.title };
  },
});
expectAssignable<PlayDefinition>(slug);
expectError(
  definePlay({
    description: "wrong return",
    parameters: z.object({}),
    returns: z.object({ slug: z.string() }),
    execute: () => ({ slug: 1 }),
  }),
);

// definePlay without returns does not compile.
expectError(
  definePlay({
    description: "no returns",
    parameters: z.object({}),
    execute: () => ({}),
  }),
);

// A play's execute takes no context.
expectError(
  definePlay({
    description: "ctx",
    parameters: z.object({}),
    returns: z.object({}),
    execute: (_args: object, _ctx: ToolExecutionContext) => ({}),
  }),
);

const plays = playbook("recipes", "Named multi-step recipes", { slug });
expectAssignable<Playbook>(plays);

// capability() returns a Capability.
const meetings = capability({
  name: "meetings",
  description: "Meeting management",
  toolbox: meetingTools,
  playbook: plays,
});
expectAssignable<Capability>(meetings);
expectError(capability({ name: "meetings", description: "d" }));

// Scope: requireScope<T> returns T, readScope<T> T | undefined, ScopeOf the bound values.
const support = new SessionScope({
  operator: { label: "Operator", schema: z.string(), default: "anonymous" },
  tier: { label: "Tier", schema: z.enum(["free", "pro", "enterprise"]) },
  seats: { label: "Seats", schema: z.string().transform((value) => Number(value)) },
});
type Support = ScopeOf<typeof support>;
expectType<string>({} as Support["operator"]);
expectType<"free" | "pro" | "enterprise">({} as Support["tier"]);
expectType<number>({} as Support["seats"]);
expectAssignable<{ readonly operator: string; readonly tier: "free" | "pro" | "enterprise" }>(
  support.bind({}),
);
expectType<Support>(support.bind({}));

defineTool({
  description: "Who this run is acting on behalf of.",
  parameters: z.object({}),
  returns: z.object({ operator: z.string(), tier: z.enum(["free", "pro", "enterprise"]) }),
  execute: async (_args, ctx) => {
    const scope = requireScope<Support>(ctx);
    expectType<Support>(scope);
    expectType<Support | undefined>(readScope<Support>(ctx));
    return { operator: scope.operator, tier: scope.tier };
  },
});
expectType<{ operator: string }>(requireScope<{ operator: string }>({ host: { scope: {} } }));

// validateReturns: false keeps the compile-time check.
expectError(
  defineTool({
    description: "unvalidated but still typed",
    parameters: z.object({}),
    returns: z.object({ n: z.number() }),
    validateReturns: false,
    execute: () => ({ n: "x" }),
  }),
);

// A hand-written literal's args are unknown: it casts, as before.
const literal: ToolDefinition = {
  description: "literal",
  parameters: z.object({ day: z.string() }),
  execute: (args, ctx) => {
    expectType<unknown>(args);
    expectType<ToolExecutionContext | undefined>(ctx);
    return (args as { day: string }).day;
  },
};

// The class form still compiles, with factory-built and hand-written tools together.
class MeetingToolbox extends Toolbox {
  readonly name = "meetings";
  readonly description = "Meeting management tools";
  readonly tools = { list_meetings: built, literal };
}
expectAssignable<Toolbox>(new MeetingToolbox());
expectType<Capability>(new Capability("meetings", "d", new MeetingToolbox()));

// An MCP `execution`, typed: one of the three task modes. A factory tool's title for people
// is its annotations' title; a top-level title is for hand-written definitions.
defineTool({
  description: "titled",
  annotations: { title: "Ship a parcel" },
  parameters: z.object({}),
  execution: { taskSupport: "forbidden" },
  execute: () => 1,
});
expectError(
  defineTool({ title: "Ship", description: "titled", parameters: z.object({}), execute: () => 1 }),
);
expectError(
  defineTool({
    description: "tasks",
    parameters: z.object({}),
    execution: { taskSupport: "sometimes" },
    execute: () => 1,
  }),
);
expectError(
  definePlay({
    title: "Ship",
    description: "titled",
    parameters: z.object({}),
    returns: z.number(),
    execute: () => 1,
  }),
);
expectAssignable<ToolDefinition>({
  title: "Count",
  description: "plain",
  parameters: z.object({}),
  execution: { taskSupport: "optional" as const },
  execute: () => 1,
});

// A tool declared without `execute` (the client runs it) is typed by its parameters, and
// by name in its toolbox.
const askUser = defineTool({
  description: "Ask the user",
  parameters: z.object({ question: z.string() }),
});
expectType<true | undefined>(askUser.clientSide);
const clientBox = toolbox("client", "Client tools", { ask_user: askUser });
void clientBox.execute("ask_user", { question: "ok?" });
expectError(clientBox.execute("ask_user", { question: 1 }));
