import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { z } from "zod";

// Stands in for your calendar API.
async function fetchMeetings(user: string, day: string, signal?: AbortSignal) {
  signal?.throwIfAborted();
  if (day < "2026") throw new Error("the calendar starts on 2026-01-01");
  return user === "ada" && day === "2026-12-01" ? ["Standup", "Quarterly planning"] : [];
}

export const calendar = capability({
  name: "calendar",
  description: "The caller's calendar",
  toolbox: toolbox("calendar", "Calendar tools", {
    list_meetings: defineTool({
      description: "List the caller's meetings for a day",
      parameters: z.object({ day: z.string().describe("ISO date, e.g. 2026-12-01") }),
      returns: z.object({ meetings: z.array(z.string().describe("A title")).describe("Meetings") }),
      execute: async ({ day }, ctx) => {
        const caller = ctx?.host?.caller as { user: string }; // from `host` below
        return { meetings: await fetchMeetings(caller.user, day, ctx?.signal) };
      },
      toModelOutput: ({ meetings }) => meetings.join(", ") || "no meetings", // the result itself
    }),
    export_day: defineTool({
      description: "Export a day's meetings as an iCalendar file",
      parameters: z.object({ day: z.string().describe("ISO date") }),
      partial: z.object({ state: z.literal("exporting").describe("Progress") }),
      returns: z.object({
        state: z.literal("ready").describe("Done"),
        uri: z.string().describe("The file"),
      }),
      async *execute({ day }) {
        yield { state: "exporting" }; // a partial result
        return { state: "ready", uri: `calendar://${day}.ics` }; // the result is the return value
      },
    }),
    cancel_meeting: defineTool({
      description: "Cancel one of the caller's meetings",
      parameters: z.object({ title: z.string().describe("The meeting's title") }),
      controls: { needsApproval: true },
      execute: async ({ title }) => ({ cancelled: title }),
    }),
    // No execute: the client answers it (clientSide, handed to the AI SDK without execute).
    ask_user: defineTool({
      description: "Ask the user a question",
      parameters: z.object({ question: z.string().describe("What to ask") }),
    }),
  }),
});

export const { tools } = aiSdk.list(toolSet([calendar]), {
  host: ({ experimental_context }) => ({ caller: experimental_context }), // ctx.host per call
});
