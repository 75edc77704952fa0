import { capability, defineTool, toolbox } from "toolwright";
import { z } from "zod";

// Stands in for your calendar API.
async function fetchMeetings(day: string): Promise<string[]> {
  return day === "2026-12-01" ? ["Standup", "Quarterly planning"] : [];
}

export const meetingTools = toolbox("meetings", "Meeting management tools", {
  list_meetings: defineTool({
    description: "List meetings for a day",
    parameters: z.object({ day: z.string().describe("ISO date, e.g. 2026-12-01") }),
    returns: z.object({
      meetings: z.array(z.string().describe("A meeting title")).describe("The day's meetings"),
    }),
    execute: async ({ day }) => ({ meetings: await fetchMeetings(day) }), // `day` is a string
  }),
});

export const meetings = capability({
  name: "meetings",
  description: "Meeting management",
  toolbox: meetingTools,
});

// What a host does with a model's tool call: arguments parsed once, the result checked.
export const today = await meetings.toolbox.execute("list_meetings", { day: "2026-12-01" });
console.log(today); // { meetings: [ 'Standup', 'Quarterly planning' ] }
