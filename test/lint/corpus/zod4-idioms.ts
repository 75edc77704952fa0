/** Tools written with Zod 4's own idioms (top-level formats, getters, loose objects). */
import type { z as z4 } from "zod";
import type { CorpusEntry } from "./entry.js";

/** The builders here use Zod 4 only: `z` is the v4 namespace. */
const v4 = (z: unknown) => z as typeof z4;

export const ZOD4_IDIOMS: readonly CorpusEntry[] = [
  {
    name: "invite_user",
    style: "SaaS admin MCP server (Zod 4)",
    majors: [4],
    build: (z) =>
      v4(z).object({
        email: v4(z).email().describe("Address to invite"),
        role: v4(z).enum(["admin", "member", "viewer"]),
        expiresAt: v4(z).iso.datetime().optional(),
      }),
    sample: { email: "ada@example.com", role: "member" },
  },
  {
    name: "list_categories",
    style: "catalog MCP server (Zod 4 getter recursion)",
    majors: [4],
    build: (z) => {
      const zz = v4(z);
      const category = zz.object({
        name: zz.string(),
        get subcategories() {
          return zz.array(category).optional();
        },
      });
      return zz.object({ root: category, depth: zz.int().min(1).max(5).optional() });
    },
    sample: { root: { name: "Books", subcategories: [{ name: "Poetry" }] } },
  },
  {
    name: "track_event",
    style: "analytics MCP server (Zod 4)",
    majors: [4],
    build: (z) =>
      v4(z).object({
        event: v4(z).string().min(1),
        userId: v4(z).uuid().optional(),
        properties: v4(z).looseObject({ source: v4(z).string().optional() }),
        timestamp: v4(z).iso.datetime().optional(),
      }),
    sample: { event: "signup", properties: { source: "ad", campaign: "spring" } },
  },
  {
    name: "upload_attachment",
    style: "ticketing MCP server (Zod 4)",
    majors: [4],
    build: (z) =>
      v4(z).object({
        ticketId: v4(z).string(),
        filename: v4(z).string(),
        contentBase64: v4(z).base64().describe("File content, base64-encoded"),
      }),
    sample: { ticketId: "T-1", filename: "a.txt", contentBase64: "aGVsbG8=" },
  },
  {
    name: "paginate_orders",
    style: "commerce MCP server (Zod 4)",
    majors: [4],
    build: (z) =>
      v4(z).object({
        status: v4(z).enum(["open", "shipped", "cancelled"]).optional(),
        page: v4(z).int().positive().default(1),
        pageSize: v4(z).int().min(1).max(100).default(20),
        sort: v4(z).literal(["newest", "oldest"]).default("newest"),
      }),
    sample: { status: "open", page: 2 },
  },
];
