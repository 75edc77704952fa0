import { capability, defineTool, toolbox } from "toolwright";
import type { McpServerOptions } from "toolwright/mcp";
import { z } from "zod";

// Stands in for your calendar API.
async function fetchMeetings(day: string, signal?: AbortSignal) {
  signal?.throwIfAborted();
  if (day < "2026") throw new Error("the calendar starts on 2026-01-01");
  return day === "2026-12-01" ? ["Standup", "Quarterly planning"] : [];
}

export const meetings = capability({
  name: "meetings",
  description: "Meeting management",
  toolbox: toolbox("meetings", "Meeting tools", {
    list_meetings: defineTool({
      description: "List meetings for a day",
      parameters: { day: z.string().describe("ISO date, e.g. 2026-12-01") }, // a raw shape works
      returns: z.object({ meetings: z.array(z.string().describe("A title")).describe("Meetings") }),
      annotations: { title: "List meetings", readOnly: true },
      execute: async ({ day }, ctx) => ({ meetings: await fetchMeetings(day, ctx?.signal) }),
    }),
    cancel_meeting: defineTool({
      description: "Cancel a meeting",
      parameters: { title: z.string().describe("The meeting's title") },
      returns: z.string().describe("What was done"),
      annotations: { destructive: true },
      execute: async ({ title }) => `cancelled ${title}`,
    }),
  }),
});

// serveStdio(server), listenMcpHttp({ ...server, port }) or createMcpServer(server).
export const server = {
  name: "meetings",
  version: "1.0.0",
  tools: [meetings],
} satisfies McpServerOptions;
