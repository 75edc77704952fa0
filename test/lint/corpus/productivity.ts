/** Tools in the style of workplace MCP servers: chat, notes, trackers, calendar, mail. */
import type { CorpusEntry } from "./entry.js";

const SLACK = "MCP Slack server";

export const PRODUCTIVITY: readonly CorpusEntry[] = [
  {
    name: "slack_post_message",
    style: SLACK,
    build: (z) =>
      z.object({
        channel_id: z.string().describe("The ID of the channel to post to"),
        text: z.string().describe("The message text to post"),
      }),
    sample: { channel_id: "C123", text: "Deployed" },
  },
  {
    name: "slack_reply_to_thread",
    style: SLACK,
    build: (z) =>
      z.object({
        channel_id: z.string(),
        thread_ts: z.string().describe("Timestamp of the parent message, e.g. '1234567890.123456'"),
        text: z.string(),
      }),
    sample: { channel_id: "C123", thread_ts: "1700000000.0001", text: "On it" },
  },
  {
    name: "slack_get_channel_history",
    style: SLACK,
    build: (z) =>
      z.object({
        channel_id: z.string(),
        limit: z.number().default(10).describe("Number of messages to retrieve"),
      }),
    sample: { channel_id: "C123" },
  },
  {
    name: "notion_create_page",
    style: "Notion MCP server",
    build: (z) =>
      z.object({
        parent: z.object({ page_id: z.string() }),
        properties: z
          .record(z.string(), z.any())
          .describe("Page properties, as the Notion API takes them"),
        children: z.array(z.any()).optional().describe("Block objects for the page content"),
      }),
    sample: { parent: { page_id: "p1" }, properties: { title: [{ text: { content: "Notes" } }] } },
  },
  {
    name: "linear_create_issue",
    style: "Linear MCP server",
    build: (z) =>
      z.object({
        title: z.string(),
        teamId: z.string(),
        description: z.string().optional(),
        priority: z.number().int().min(0).max(4).optional().describe("0 none, 1 urgent … 4 low"),
        labelIds: z.array(z.string()).optional(),
        dueDate: z.string().date().optional().describe("YYYY-MM-DD"),
      }),
    sample: { title: "Fix login", teamId: "T1", priority: 2, dueDate: "2025-07-01" },
  },
  {
    name: "create_event",
    style: "Google Calendar MCP server",
    build: (z) => {
      // Start and end share one schema object, as calendar servers often write it.
      const eventTime = z.object({
        dateTime: z.string().datetime().describe("RFC 3339 timestamp"),
        timeZone: z.string().optional(),
      });
      return z.object({
        summary: z.string(),
        start: eventTime,
        end: eventTime,
        attendees: z.array(z.object({ email: z.string().email() })).optional(),
        location: z.string().optional(),
      });
    },
    sample: {
      summary: "Standup",
      start: { dateTime: "2025-07-01T09:00:00Z" },
      end: { dateTime: "2025-07-01T09:15:00Z" },
      attendees: [{ email: "ada@example.com" }],
    },
  },
  {
    name: "send_email",
    style: "Gmail MCP server",
    build: (z) =>
      z.object({
        to: z.array(z.string().email()).describe("Recipient addresses"),
        subject: z.string(),
        body: z.string(),
        cc: z.array(z.string().email()).optional(),
        bcc: z.array(z.string().email()).optional(),
        mimeType: z.enum(["text/plain", "text/html"]).optional().default("text/plain"),
      }),
    sample: { to: ["ada@example.com"], subject: "Hi", body: "Hello" },
  },
  {
    name: "jira_search",
    style: "Jira MCP server",
    build: (z) =>
      z.object({
        jql: z.string().describe("JQL query string"),
        maxResults: z.number().int().min(1).max(100).default(50),
        fields: z.array(z.string()).optional(),
      }),
    sample: { jql: "project = WEB AND status = Open" },
  },
  {
    name: "todoist_create_task",
    style: "Todoist MCP server",
    build: (z) =>
      z.object({
        content: z.string(),
        due_string: z.string().optional().describe("Natural language due date, e.g. 'tomorrow'"),
        priority: z.number().int().min(1).max(4).optional(),
        labels: z.array(z.string()).optional(),
      }),
    sample: { content: "Buy milk", due_string: "tomorrow" },
  },
  {
    name: "convert_time",
    style: "MCP time server",
    build: (z) =>
      z.object({
        source_timezone: z.string().describe("IANA timezone name, e.g. 'America/New_York'"),
        time: z
          .string()
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
          .describe("Time to convert in 24-hour format (HH:MM)"),
        target_timezone: z.string(),
      }),
    sample: { source_timezone: "Europe/Paris", time: "14:30", target_timezone: "Asia/Tokyo" },
  },
  {
    name: "list_messages",
    style: "chat MCP server with cursor pagination",
    build: (z) =>
      z.object({
        channel: z.string(),
        cursor: z.string().nullish().describe("Cursor from the previous page"),
        limit: z.number().int().max(100).optional(),
      }),
    sample: { channel: "general", cursor: null, limit: 20 },
  },
];
