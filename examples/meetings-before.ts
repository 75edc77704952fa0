/**
 * Before: the class-based grammar. It still works unchanged, but every tool
 * hand-casts its arguments and validates its own output (or forgets to).
 *
 * Run: npx tsx examples/meetings-before.ts
 */

import { Capability, TextManual, Toolbox, type ToolDefinition } from "toolwright";
import { z } from "zod";
import { fetchMeetings } from "./meeting-store";
import { runIfMain } from "./run-if-main";

const MeetingList = z.object({
  meetings: z.array(z.string().describe("A meeting title")).describe("The day's meetings"),
});

export class MeetingToolbox extends Toolbox {
  readonly name = "meetings";
  readonly description = "Meeting management tools";
  readonly tools: Record<string, ToolDefinition> = {
    list_meetings: {
      description: "List meetings for a day",
      parameters: z.object({ day: z.string().describe("ISO date") }),
      returns: MeetingList,
      execute: async (args) => {
        const { day } = args as { day: string }; // hand-cast: the types were erased
        const result = { meetings: await fetchMeetings(day) };
        return MeetingList.parse(result); // hand-validated
      },
    },
  };
}

export const meetingsBefore = new Capability(
  "meetings",
  "Meeting management",
  new MeetingToolbox(),
  new TextManual("meetings-manual", "Use list_meetings to see the day's schedule."),
);

runIfMain(import.meta.url, async () => {
  const result = await meetingsBefore.toolbox.execute("list_meetings", { day: "2026-11-30" });
  console.log(JSON.stringify(result));
});
