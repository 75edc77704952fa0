import { tool } from "ai";
import { z } from "zod";

// Stands in for your calendar API.
async function fetchMeetings(user: string, day: string, signal?: AbortSignal) {
  signal?.throwIfAborted();
  if (day < "2026") throw new Error("the calendar starts on 2026-01-01");
  return user === "ada" && day === "2026-12-01" ? ["Standup", "Quarterly planning"] : [];
}

export const tools = {
  list_meetings: tool({
    description: "List the caller's meetings for a day",
    inputSchema: z.object({ day: z.string().describe("ISO date, e.g. 2026-12-01") }),
    outputSchema: z.object({ meetings: z.array(z.string()) }),
    execute: async ({ day }, { abortSignal, experimental_context }) => {
      const { user } = experimental_context as { user: string };
      return { meetings: await fetchMeetings(user, day, abortSignal) };
    },
    toModelOutput: ({ output }) => ({
      type: "text",
      value: output.meetings.join(", ") || "no meetings",
    }),
  }),
  export_day: tool({
    description: "Export a day's meetings as an iCalendar file",
    inputSchema: z.object({ day: z.string().describe("ISO date") }),
    async *execute({ day }) {
      yield { state: "exporting" as const };
      yield { state: "ready" as const, uri: `calendar://${day}.ics` }; // the last yield is the output
    },
  }),
  cancel_meeting: tool({
    description: "Cancel one of the caller's meetings",
    inputSchema: z.object({ title: z.string().describe("The meeting's title") }),
    needsApproval: true,
    execute: async ({ title }) => ({ cancelled: title }),
  }),
  // No execute: the client answers it.
  ask_user: tool({
    description: "Ask the user a question",
    inputSchema: z.object({ question: z.string().describe("What to ask") }),
  }),
};
