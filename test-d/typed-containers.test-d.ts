// Both Zod majors: tools/type-tests.ts runs this file again with zod/v3.
// Typed containers: toolbox(), playbook(), capability() and toolSet() know their records,
// so execute/call take a known name, with that callable's argument type (the input of
// `parameters`) and result type (the output of `returns`). Hand-written literals and
// class-form toolboxes stay untyped, and share a record with factory-built tools.
import { expectAssignable, expectError, expectNotAssignable, expectType } from "tsd";
import { z } from "zod";
import {
  type AnySchema,
  type ArgsOf,
  type CallOutcome,
  Capability,
  capability,
  definePlay,
  defineTool,
  type Playbook,
  type PlayError,
  playbook,
  type ResultOf,
  TextManual,
  type Tool,
  Toolbox,
  type ToolConfig,
  type ToolDefinition,
  type ToolSet,
  toolbox,
  toolSet,
} from "..";

// Arguments are the input side of `parameters` (a default makes a field optional, a
// transform takes its input); the result is the output side of `returns`.
const listMeetings = defineTool({
  description: "List meetings for a day",
  parameters: z.object({
    day: z.string(),
    page: z.number().default(1),
    when: z.string().transform((value) => value.length),
  }),
  returns: z.object({
    meetings: z.array(z.string()),
    total: z.number().default(0),
    label: z.string().transform((value) => value.length),
  }),
  execute: ({ day, page, when }) => ({ meetings: [day], total: page + when, label: day }),
});
type ListArgs = { day: string; page?: number | undefined; when: string };
type ListResult = { meetings: string[]; total: number; label: number };
expectType<ListArgs>({} as ArgsOf<typeof listMeetings>);
expectType<ListResult>({} as ResultOf<typeof listMeetings>);
expectAssignable<Tool<ListArgs, ListResult>>(listMeetings);
expectAssignable<ToolDefinition>(listMeetings);

// Without `returns` the result is unknown; a raw shape's arguments are z.object's.
const cancel = defineTool({
  description: "Cancel a meeting",
  parameters: { id: z.string(), reason: z.string().optional() },
  execute: ({ id }) => id.length,
});
expectType<{ id: string; reason?: string | undefined }>({} as ArgsOf<typeof cancel>);
expectType<unknown>({} as ResultOf<typeof cancel>);

// A hand-written literal carries no types: unknown in, unknown out.
const archive: ToolDefinition = {
  description: "Archive a meeting",
  parameters: z.object({ id: z.string() }),
  execute: async (args) => ({ archived: args }),
};
expectType<unknown>({} as ArgsOf<typeof archive>);
expectType<unknown>({} as ResultOf<typeof archive>);

// toolbox(): a known name, that tool's arguments, that tool's result. Factory-built tools,
// a literal annotated as ToolDefinition and one written inline share one record.
const meetingTools = toolbox("meetings", "Meeting management tools", {
  list_meetings: listMeetings,
  cancel_meeting: cancel,
  archive_meeting: archive,
  echo: {
    description: "Echo",
    parameters: z.object({ text: z.string() }),
    execute: (args: unknown) => args,
  },
});
expectAssignable<Toolbox>(meetingTools);
expectType<typeof listMeetings>(meetingTools.tools.list_meetings);
expectType<Promise<ListResult>>(meetingTools.execute("list_meetings", { day: "mon", when: "now" }));
expectType<Promise<ListResult>>(
  meetingTools.execute("list_meetings", { day: "mon", page: 2, when: "now" }, { runId: "r" }),
);
expectType<Promise<unknown>>(meetingTools.execute("cancel_meeting", { id: "m1" }));
expectType<Promise<unknown>>(meetingTools.execute("archive_meeting", { anything: 1 }));
expectType<Promise<unknown>>(meetingTools.execute("echo", 42));
expectError(meetingTools.execute("list_meeting", { day: "mon", when: "now" }));
expectError(meetingTools.execute("list_meetings", { day: 1 }));
expectError(meetingTools.execute("list_meetings", { day: "mon" }));
expectError(meetingTools.execute("cancel_meeting", { id: "m1", reason: 3 }));
declare const someName: string;
expectError(meetingTools.execute(someName, {}));

// The untyped view is the class itself: any name, any arguments, as a host calls it.
const host: Toolbox = meetingTools;
expectType<Promise<unknown>>(host.execute(someName, { day: 1 }));

// A class-form toolbox keeps working, untyped, with the same kinds of tools.
class MeetingToolbox extends Toolbox {
  readonly name = "meetings";
  readonly description = "Meeting management tools";
  readonly tools = { list_meetings: listMeetings, archive_meeting: archive };
}
expectType<Promise<unknown>>(new MeetingToolbox().execute("anything", 1));

// playbook(): the play's result, or the error envelope; never a rejection.
const slug = definePlay({
  description: "Slugify a title",
  parameters: z.object({ title: z.string(), keep: z.boolean().default(false) }),
  returns: z.object({ slug: z.string(), length: z.number().default(0) }),
  execute: ({ title }) => ({ slug: title }),
});
const recipes = playbook("recipes", "Named recipes", { slug });
expectAssignable<Playbook>(recipes);
expectType<Promise<{ slug: string; length: number } | PlayError>>(
  recipes.execute("slug", { title: "Hello" }),
);
expectError(recipes.execute("slugs", { title: "Hello" }));
expectError(recipes.execute("slug", { title: 1 }));
const settled = await recipes.execute("slug", { title: "Hello" });
if ("error" in settled) expectType<string>(settled.error);
else expectType<string>(settled.slug);

// capability(): the same frozen class, whose toolbox and playbook stay typed.
const meetings = capability({
  name: "meetings",
  description: "Meeting management",
  toolbox: meetingTools,
  playbook: recipes,
  manual: new TextManual("meetings", "Use list_meetings first."),
});
expectAssignable<Capability>(meetings);
expectType<typeof meetingTools>(meetings.toolbox);
expectType<typeof recipes>(meetings.playbook);
expectType<Promise<ListResult>>(
  meetings.toolbox.execute("list_meetings", { day: "mon", when: "now" }),
);
const bare = capability({ name: "bare", description: "d", toolbox: meetingTools });
expectType<undefined>(bare.playbook);
expectType<Capability>(new Capability("meetings", "d", new MeetingToolbox()));

// toolSet(): one namespace over tools, plays and manual tools, typed by name; failure as data.
const set = toolSet([meetings]);
expectType<Promise<CallOutcome<ListResult>>>(
  set.call("list_meetings", { day: "mon", when: "now" }),
);
expectType<Promise<CallOutcome<{ slug: string; length: number }>>>(
  set.call("slug", { title: "Hello" }),
);
expectType<Promise<CallOutcome<unknown>>>(set.call("list_meetings_sections", {}));
expectType<Promise<CallOutcome<unknown>>>(set.call("read_meetings_section", { title: "Intro" }));
expectType<Promise<CallOutcome<ListResult>>>(
  set.plan.call("list_meetings", { day: "mon", when: "now" }),
);
expectError(set.call("list_meeting", { day: "mon", when: "now" }));
expectError(set.call("list_meetings", { day: 1 }));
expectError(set.call("slug", { title: 1 }));
const outcome = await set.call("list_meetings", { day: "mon", when: "now" });
if (outcome.ok) expectType<ListResult>(outcome.value);
else expectType<string>(outcome.error);

// Any typed set is a ToolSet, the type every host adapter takes.
expectAssignable<ToolSet>(set);
const anyName: ToolSet = set;
expectType<Promise<CallOutcome>>(anyName.call(someName, { whatever: true }));

// A class-form capability adds every name, untyped; typed names stay typed beside it.
const legacy = new Capability("legacy", "d", new MeetingToolbox());
const mixed = toolSet([legacy, bare]);
expectType<Promise<CallOutcome<unknown>>>(mixed.call("anything", 1));
expectType<Promise<CallOutcome<ListResult>>>(
  mixed.call("list_meetings", { day: "mon", when: "now" }),
);

// Types only: no Zod schema type leaks into what a tool carries.
expectNotAssignable<{ readonly "~types"?: { readonly args: AnySchema } }>(listMeetings);

// ToolConfig names defineTool's argument, e.g. to build a config apart from the call.
const Params = z.object({ city: z.string() });
const Forecast = z.object({ celsius: z.number() });
const config: ToolConfig<typeof Params, typeof Forecast> = {
  description: "Forecast",
  parameters: Params,
  returns: Forecast,
  execute: ({ city }) => ({ celsius: city.length }),
};
expectType<Promise<{ celsius: number }>>(
  toolbox("weather", "Weather", { forecast: defineTool(config) }).execute("forecast", {
    city: "Oslo",
  }),
);

// A schema typed only as AnySchema says nothing: it compiles, left to projection.
declare const erased: AnySchema;
defineTool({ description: "erased", parameters: erased, execute: () => 1 });
