import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

// Stands in for your calendar API.
async function fetchMeetings(day: string, signal?: AbortSignal) {
  signal?.throwIfAborted();
  if (day < "2026") throw new Error("the calendar starts on 2026-01-01");
  return day === "2026-12-01" ? ["Standup", "Quarterly planning"] : [];
}

/** A server per connection: an `McpServer` connects to one transport. */
export function meetingsServer(): McpServer {
  const server = new McpServer({ name: "meetings", version: "1.0.0" });
  server.registerTool(
    "list_meetings",
    {
      title: "List meetings",
      description: "List meetings for a day",
      inputSchema: { day: z.string().describe("ISO date, e.g. 2026-12-01") },
      outputSchema: { meetings: z.array(z.string()) },
      annotations: { readOnlyHint: true },
    },
    async ({ day }, extra) => {
      const meetings = await fetchMeetings(day, extra.signal);
      return {
        content: [{ type: "text", text: JSON.stringify({ meetings }) }],
        structuredContent: { meetings },
      };
    },
  );
  server.registerTool(
    "cancel_meeting",
    {
      description: "Cancel a meeting",
      inputSchema: { title: z.string().describe("The meeting's title") },
      annotations: { destructiveHint: true },
    },
    async ({ title }) => ({ content: [{ type: "text", text: `cancelled ${title}` }] }),
  );
  return server;
}
