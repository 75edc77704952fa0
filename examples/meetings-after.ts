/**
 * After: the same capability with the typed factories. Arguments arrive typed, the
 * result is compile-checked against `returns` and parsed through it at run time.
 *
 * Run: npx tsx examples/meetings-after.ts
 */

import { capability, defineTool, TextManual, toolbox } from "toolwright";
import { z } from "zod";
import { fetchMeetings } from "./meeting-store";
import { runIfMain } from "./run-if-main";

const MeetingList = z.object({
  meetings: z.array(z.string().describe("A meeting title")).describe("The day's meetings"),
});

export const meetingTools = toolbox("meetings", "Meeting management tools", {
  list_meetings: defineTool({
    description: "List meetings for a day",
    parameters: z.object({ day: z.string().describe("ISO date") }),
    returns: MeetingList,
    execute: async ({ day }) => ({ meetings: await fetchMeetings(day) }), // `day` is a string
  }),
});

export const meetings = capability({
  name: "meetings",
  description: "Meeting management",
  toolbox: meetingTools,
  manual: new TextManual("meetings-manual", "Use list_meetings to see the day's schedule."),
});

runIfMain(import.meta.url, async () => {
  const result = await meetings.toolbox.execute("list_meetings", { day: "2026-12-01" });
  console.log(JSON.stringify(result));
});
