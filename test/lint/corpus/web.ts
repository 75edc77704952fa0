/** Tools in the style of web-facing MCP servers: fetch, search, browsers, HTTP. */
import type { CorpusEntry } from "./entry.js";

export const WEB: readonly CorpusEntry[] = [
  {
    name: "fetch",
    style: "MCP fetch server",
    build: (z) =>
      z.object({
        url: z.string().url().describe("URL to fetch"),
        max_length: z
          .number()
          .int()
          .positive()
          .max(1_000_000)
          .default(5000)
          .describe("Maximum number of characters to return"),
        start_index: z.number().int().min(0).default(0),
        raw: z.boolean().default(false).describe("Return the raw HTML instead of markdown"),
      }),
    sample: { url: "https://example.com/docs", max_length: 2000 },
  },
  {
    name: "brave_web_search",
    style: "MCP Brave search server",
    build: (z) =>
      z.object({
        query: z.string().max(400).describe("Search query (max 400 chars, 50 words)"),
        count: z.number().min(1).max(20).default(10),
        offset: z.number().min(0).max(9).default(0),
      }),
    sample: { query: "zod json schema", count: 5 },
  },
  {
    name: "brave_local_search",
    style: "MCP Brave search server",
    build: (z) =>
      z.object({
        query: z.string().describe("Local search query, e.g. 'pizza near Central Park'"),
        count: z.number().default(5),
      }),
    sample: { query: "coffee near the station" },
  },
  {
    name: "puppeteer_navigate",
    style: "MCP Puppeteer server",
    build: (z) =>
      z.object({
        url: z.string(),
        launchOptions: z
          .record(z.string(), z.any())
          .optional()
          .describe("PuppeteerJS LaunchOptions, e.g. { headless: true }"),
        allowDangerous: z.boolean().optional(),
      }),
    sample: { url: "https://example.com", launchOptions: { headless: true } },
  },
  {
    name: "puppeteer_screenshot",
    style: "MCP Puppeteer server",
    build: (z) =>
      z.object({
        name: z.string().describe("Name for the screenshot"),
        selector: z.string().optional().describe("CSS selector of the element to capture"),
        width: z.number().optional(),
        height: z.number().optional(),
        encoded: z.boolean().optional(),
      }),
    sample: { name: "home", width: 800, height: 600 },
  },
  {
    name: "browser_click",
    style: "Playwright MCP server",
    build: (z) =>
      z.object({
        element: z.string().describe("Human-readable element description"),
        ref: z.string().describe("Exact target element reference from the page snapshot"),
        doubleClick: z.boolean().optional(),
        button: z.enum(["left", "right", "middle"]).optional(),
        modifiers: z.array(z.enum(["Alt", "Control", "Meta", "Shift"])).optional(),
      }),
    sample: { element: "Submit button", ref: "e12", modifiers: ["Shift"] },
  },
  {
    name: "browser_evaluate",
    style: "Playwright MCP server",
    build: (z) =>
      z.object({
        function: z.string().describe("() => { /* code */ } or (element) => { /* code */ }"),
        element: z.string().optional(),
        ref: z.string().optional(),
      }),
    sample: { function: "() => document.title" },
  },
  {
    name: "http_request",
    style: "generic HTTP tool (agent SDK examples)",
    build: (z) =>
      z.object({
        method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
        url: z.string().url(),
        headers: z.record(z.string(), z.string()).optional(),
        body: z.string().optional().describe("Request body, as text"),
        timeoutMs: z.number().int().positive().optional(),
      }),
    sample: { method: "GET", url: "https://api.example.com/items", headers: { accept: "json" } },
  },
  {
    name: "scrape_page",
    style: "Firecrawl-style MCP server",
    build: (z) =>
      z.object({
        url: z.string().url(),
        formats: z
          .array(z.enum(["markdown", "html", "links", "screenshot"]))
          .min(1)
          .default(["markdown"]),
        onlyMainContent: z.boolean().optional(),
        waitFor: z.number().int().min(0).optional().describe("Milliseconds to wait for the page"),
        actions: z
          .array(
            z.discriminatedUnion("type", [
              z.object({ type: z.literal("wait"), milliseconds: z.number() }),
              z.object({ type: z.literal("click"), selector: z.string() }),
              z.object({ type: z.literal("scroll"), direction: z.enum(["up", "down"]) }),
            ]),
          )
          .optional(),
      }),
    sample: {
      url: "https://example.com",
      formats: ["markdown", "links"],
      actions: [{ type: "click", selector: "#more" }],
    },
  },
];
