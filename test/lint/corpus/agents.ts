/** Tools in the style of agent SDK examples (AI SDK, OpenAI Agents SDK, Mastra, LangChain). */
import type { AnyZ } from "../helpers.js";
import type { CorpusEntry } from "./entry.js";

const AI_SDK = "AI SDK example";
const AGENTS = "OpenAI Agents SDK example";
const MASTRA = "Mastra example";

/** Zod 3's nativeEnum, which Zod 4 folded into z.enum. */
const nativeEnum = (z: AnyZ, values: object) =>
  (z as unknown as { nativeEnum(values: object): never }).nativeEnum(values);

enum Severity {
  Low = 1,
  Medium = 2,
  High = 3,
}

export const AGENTS_EXAMPLES: readonly CorpusEntry[] = [
  {
    name: "weather",
    style: AI_SDK,
    build: (z) =>
      z.object({ location: z.string().describe("The location to get the weather for") }),
    sample: { location: "San Francisco" },
  },
  {
    name: "get_weather",
    style: AGENTS,
    build: (z) =>
      z.object({
        city: z.string(),
        unit: z
          .enum(["celsius", "fahrenheit"])
          .nullable()
          .describe("Unit, or null for the local one"),
      }),
    sample: { city: "Oslo", unit: null },
  },
  {
    name: "calculate",
    style: AI_SDK,
    build: (z) =>
      z.object({ expression: z.string().describe("A math expression, e.g. '2 * (3 + 4)'") }),
    sample: { expression: "2 * (3 + 4)" },
  },
  {
    name: "book_flight",
    style: MASTRA,
    build: (z) =>
      z.object({
        origin: z.string().length(3).describe("IATA airport code"),
        destination: z.string().length(3),
        departDate: z.string().date(),
        returnDate: z.string().date().optional(),
        passengers: z.number().int().min(1).max(9),
        cabin: z.enum(["economy", "premium", "business", "first"]).default("economy"),
      }),
    sample: { origin: "OSL", destination: "CDG", departDate: "2025-08-01", passengers: 2 },
  },
  {
    name: "convert_currency",
    style: AI_SDK,
    build: (z) =>
      z.object({
        amount: z.number().positive(),
        from: z.string().length(3).describe("ISO 4217 code"),
        to: z.string().length(3),
      }),
    sample: { amount: 12.5, from: "EUR", to: "USD" },
  },
  {
    name: "create_reminder",
    style: MASTRA,
    build: (z) =>
      z.object({
        text: z.string(),
        at: z.coerce.date().describe("When to remind, as an ISO date-time"),
      }),
    sample: { text: "Call Ada", at: "2025-07-01T09:00:00Z" },
  },
  {
    name: "log_time",
    style: "LangChain tool example",
    build: (z) =>
      z.object({
        project: z.string(),
        date: z.date().describe("The day worked"),
        hours: z.number(),
      }),
    sample: { project: "web", date: "2025-07-01T00:00:00Z", hours: 3 },
    refusesSample: [3, 4],
  },
  {
    name: "run_code",
    style: AGENTS,
    build: (z) =>
      z.object({
        language: z.enum(["python", "javascript"]),
        code: z.string(),
        timeoutMs: z.number().int().positive().optional(),
      }),
    sample: { language: "python", code: "print(1)" },
  },
  {
    name: "draw_shape",
    style: AI_SDK,
    build: (z) =>
      z.object({
        shape: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("circle"), radius: z.number() }),
          z.object({ kind: z.literal("rect"), width: z.number(), height: z.number() }),
        ]),
        color: z.string().optional(),
      }),
    sample: { shape: { kind: "rect", width: 2, height: 3 } },
  },
  {
    name: "edit_document",
    style: "collaborative editor agent",
    build: (z) =>
      z.object({
        documentId: z.string(),
        operations: z.array(
          z.discriminatedUnion("op", [
            z.object({ op: z.literal("insert"), position: z.number(), text: z.string() }),
            z.object({ op: z.literal("delete"), from: z.number(), to: z.number() }),
            z.object({ op: z.literal("replace"), find: z.string(), replace: z.string() }),
          ]),
        ),
      }),
    sample: { documentId: "d1", operations: [{ op: "insert", position: 0, text: "Hi" }] },
  },
  {
    name: "sequentialthinking",
    style: "MCP sequential thinking server",
    build: (z) =>
      z.object({
        thought: z.string().describe("Your current thinking step"),
        nextThoughtNeeded: z.boolean(),
        thoughtNumber: z.number().int().min(1),
        totalThoughts: z.number().int().min(1),
        isRevision: z.boolean().optional(),
        revisesThought: z.number().int().min(1).optional(),
        branchFromThought: z.number().int().min(1).optional(),
        branchId: z.string().optional(),
        needsMoreThoughts: z.boolean().optional(),
      }),
    sample: { thought: "First", nextThoughtNeeded: true, thoughtNumber: 1, totalThoughts: 3 },
  },
  {
    name: "sampleLLM",
    style: "MCP everything server",
    build: (z) =>
      z.object({
        prompt: z.string(),
        maxTokens: z.number().default(100),
      }),
    sample: { prompt: "Say hi" },
  },
  {
    name: "get_tiny_image",
    style: "MCP everything server",
    build: (z) => z.object({}),
    sample: {},
  },
  {
    name: "k8s_get",
    style: "Kubernetes MCP server",
    build: (z) =>
      z.object({
        resourceType: z.enum(["pods", "deployments", "services", "nodes"]),
        name: z.string().optional(),
        namespace: z.string().default("default"),
        labelSelector: z.string().optional(),
        output: z.enum(["json", "yaml", "wide"]).default("json"),
      }),
    sample: { resourceType: "pods", namespace: "prod" },
  },
  {
    name: "get_sentry_issue",
    style: "Sentry MCP server",
    build: (z) =>
      z.object({
        issue: z.union([z.string(), z.number()]).describe("Issue ID or URL"),
      }),
    sample: { issue: 12345 },
  },
  {
    name: "create_payment_link",
    style: "Stripe agent toolkit",
    build: (z) =>
      z.object({
        price: z.string().describe("The ID of the price"),
        quantity: z.number().int().describe("The quantity of the product"),
      }),
    sample: { price: "price_1", quantity: 2 },
  },
  {
    name: "tag_items",
    style: "asset manager agent",
    build: (z) =>
      z.object({
        itemIds: z.array(z.string().uuid()).min(1).max(50),
        tags: z.array(z.string().min(1).max(32)).max(10),
      }),
    sample: { itemIds: ["3f2504e0-4f89-41d3-9a0c-0305e82c3301"], tags: ["red"] },
  },
  {
    name: "reverse_geocode",
    style: "Mapbox-style MCP server",
    build: (z) =>
      z.object({
        coordinates: z.tuple([z.number(), z.number()]).describe("[longitude, latitude]"),
        language: z.string().optional(),
      }),
    sample: { coordinates: [10.75, 59.91] },
  },
  {
    name: "set_theme_color",
    style: "design tool agent",
    build: (z) =>
      z.object({
        hex: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/)
          .describe("Color as #RRGGBB"),
      }),
    sample: { hex: "#ff8800" },
  },
  {
    name: "resize_image",
    style: "image tool with form-style inputs",
    build: (z) =>
      z.object({
        imageUrl: z.string(),
        width: z
          .string()
          .transform((value) => Number(value))
          .pipe(z.number().int().positive())
          .describe("Width in pixels, as sent by the form"),
      }),
    sample: { imageUrl: "https://example.com/a.png", width: "640" },
  },
  {
    name: "subscribe_newsletter",
    style: "marketing agent",
    build: (z) =>
      z.object({
        email: z.string().trim().pipe(z.string().email()),
        topics: z.array(z.string()).optional(),
      }),
    sample: { email: "ada@example.com" },
  },
  {
    name: "list_users",
    style: "admin API tool with shared pagination",
    build: (z) => {
      const pagination = z.object({ page: z.number(), perPage: z.number() });
      return z.object({ query: z.object({ search: z.string() }).and(pagination) });
    },
    sample: { query: { search: "ada", page: 1, perPage: 20 } },
  },
  {
    name: "manage_todo",
    style: AI_SDK,
    build: (z) =>
      z.discriminatedUnion("action", [
        z.object({ action: z.literal("add"), text: z.string() }),
        z.object({ action: z.literal("complete"), id: z.string() }),
      ]),
    sample: { action: "add", text: "Write tests" },
  },
  {
    name: "update_settings",
    style: "app settings tool",
    build: (z) =>
      z.object({
        settings: z
          .object({ theme: z.enum(["light", "dark"]).optional() })
          .passthrough()
          .describe("Settings to change; other keys are passed through"),
      }),
    sample: { settings: { theme: "dark", fontSize: 14 } },
  },
  {
    name: "order_supplies",
    style: "procurement agent",
    build: (z) =>
      z.object({
        sku: z.string(),
        quantity: z.number().int().multipleOf(10).describe("Sold in packs of 10"),
        deliverBy: z.string().date().optional(),
      }),
    sample: { sku: "PEN-01", quantity: 40 },
  },
  {
    name: "compare_products",
    style: "shopping assistant example",
    build: (z) =>
      z.object({
        productIds: z.array(z.string()).min(2).max(4).describe("Two to four product IDs"),
        criteria: z.array(z.enum(["price", "rating", "shipping"])).optional(),
      }),
    sample: { productIds: ["p1", "p2"] },
  },
  {
    name: "report_incident",
    style: "ops agent",
    majors: [3],
    build: (z) =>
      z.object({
        title: z.string(),
        severity: nativeEnum(z, Severity),
      }),
    sample: { title: "API down", severity: 3 },
  },
];
