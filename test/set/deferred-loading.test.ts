/**
 * Tools loaded on demand (`toolSet(caps, { deferLoading })`): every entry but those kept
 * listed by its name and one line with an open arguments schema; two read-only catalog
 * tools (`search_tools`, `describe_tools`) through which a model finds tools and reads
 * their full definitions; each deferred tool's own schema still parsing its calls.
 */
import {
  type Capability,
  capability,
  definePlay,
  defineTool,
  playbook,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { deferredListing, summaryOf } from "../../src/set/catalog-listing";
import { type Z, zods } from "./fixtures";

const REFUND = "Refund an invoice. Sends the money back to the card it was paid with.";
const EMAIL = "Send an email to a customer\nThe body is plain text.";

/** `billing` (three tools and a play) and `mail` (one tool). */
function fixture(z: Z): Capability[] {
  const billing = capability({
    name: "billing",
    description: "Invoices and customers",
    toolbox: toolbox("billing", "Billing tools", {
      refund_invoice: defineTool({
        description: REFUND,
        parameters: z.object({
          id: z.string().describe("Invoice id"),
          amount: z.number().positive(),
        }),
        returns: z.object({ refunded: z.boolean() }),
        annotations: { destructive: true },
        examples: [{ id: "inv_1", amount: 5 }],
        execute: () => ({ refunded: true }),
      }),
      get_invoice: defineTool({
        description: "Read one invoice by its id",
        parameters: z.object({ id: z.string() }),
        annotations: { readOnly: true },
        execute: ({ id }) => ({ id, total: 12 }),
      }),
      list_customers: defineTool({
        description: "List customers, optionally only those with an open invoice",
        parameters: z.object({ open: z.boolean().default(false) }),
        annotations: { readOnly: true },
        execute: () => ["ada"],
      }),
    }),
    playbook: playbook("billing-plays", "Billing plays", {
      close_month: definePlay({
        description: "Close the month: lock every ledger",
        parameters: z.object({ month: z.string() }),
        returns: z.object({ locked: z.number() }),
        execute: () => ({ locked: 3 }),
      }),
    }),
  });
  const mail = capability({
    name: "mail",
    description: "Mail",
    toolbox: toolbox("mail", "Mail tools", {
      send_email: defineTool({
        description: EMAIL,
        parameters: z.object({ to: z.string(), body: z.string() }),
        execute: () => "sent",
      }),
    }),
  });
  return [billing, mail];
}

const USER_NAMES = [
  "refund_invoice",
  "get_invoice",
  "list_customers",
  "close_month",
  "send_email",
] as const;

describe.each(zods)("deferLoading (%s)", (_label, z) => {
  const deferred = () => toolSet(fixture(z), { deferLoading: true });

  it("marks every entry deferred and adds the two catalog tools, read-only and not deferred", () => {
    const set = deferred();
    expect(set.names).toEqual([...USER_NAMES, "search_tools", "describe_tools"]);
    for (const name of USER_NAMES) expect(set.get(name)?.deferred).toBe(true);
    for (const name of ["search_tools", "describe_tools"]) {
      const entry = set.get(name);
      expect(entry).toMatchObject({
        kind: "tool",
        capability: "tool_catalog",
        annotations: { readOnly: true, idempotent: true },
      });
      expect("deferred" in (entry ?? {})).toBe(false);
    }
  });

  it("adds nothing and defers nothing without it, or with false", () => {
    for (const set of [toolSet(fixture(z)), toolSet(fixture(z), { deferLoading: false })]) {
      expect(set.names).toEqual([...USER_NAMES]);
      expect(set.entries().some((entry) => entry.deferred)).toBe(false);
    }
  });

  it("keeps the entries named in `keep` in full", () => {
    const set = toolSet(fixture(z), { deferLoading: { keep: ["get_invoice", "close_month"] } });
    const flags = set.entries().map((entry) => [entry.name, entry.deferred ?? false]);
    expect(flags).toEqual([
      ["refund_invoice", true],
      ["get_invoice", false],
      ["list_customers", true],
      ["close_month", false],
      ["send_email", true],
      ["search_tools", false],
      ["describe_tools", false],
    ]);
    const kept = set.schemas().find((schema) => schema.name === "get_invoice");
    expect(kept).toMatchObject({
      description: "Read one invoice by its id",
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      annotations: { readOnly: true },
    });
    expect("deferred" in (kept ?? {})).toBe(false);
  });

  it("refuses a `keep` naming tools the set does not hold, naming them", () => {
    expect(() =>
      toolSet(fixture(z), { deferLoading: { keep: ["get_invoice", "nope", "search_tools"] } }),
    ).toThrow(
      new TypeError(
        "toolSet: deferLoading.keep names 'nope', 'search_tools', which the set does not hold",
      ),
    );
  });

  it("lists a deferred entry by its one-line summary, an open schema and its hints, without returns", () => {
    const schemas = deferred().schemas("draft-2020-12");
    const byName = Object.fromEntries(schemas.map((schema) => [schema.name, schema]));
    expect(byName.refund_invoice).toEqual({
      name: "refund_invoice",
      kind: "tool",
      capability: "billing",
      description: "Refund an invoice.",
      parameters: { type: "object", properties: {} },
      annotations: { destructive: true },
      deferred: true,
    });
    expect(byName.send_email?.description).toBe("Send an email to a customer");
    expect(byName.close_month).toMatchObject({ kind: "play", description: REFUND_PLAY });
    for (const name of USER_NAMES) {
      expect(byName[name]).toMatchObject(deferredListing(fullDescription(name)));
      expect(byName[name]).not.toHaveProperty("returns");
    }
    // The catalog tools are listed in full.
    expect(byName.search_tools?.parameters).toMatchObject({
      type: "object",
      required: ["query"],
    });
    expect(byName.describe_tools?.returns).toMatchObject({ type: "object" });
  });

  it("finds tools by the words of their names (weighted) and descriptions", async () => {
    const set = deferred();
    expect(await set.call("search_tools", { query: "invoice" })).toEqual({
      ok: true,
      value: {
        tools: [
          { name: "refund_invoice", summary: "Refund an invoice." },
          { name: "get_invoice", summary: "Read one invoice by its id" },
          {
            name: "list_customers",
            summary: "List customers, optionally only those with an open invoice",
          },
        ],
        total: 3,
      },
    });
    // "refund" and "invoice" both in refund_invoice's name: first; `limit` cuts, `total` counts.
    expect(await set.call("search_tools", { query: "Refund, INVOICE!", limit: 2 })).toEqual({
      ok: true,
      value: {
        tools: [
          { name: "refund_invoice", summary: "Refund an invoice." },
          { name: "get_invoice", summary: "Read one invoice by its id" },
        ],
        total: 3,
      },
    });
    expect(await set.call("search_tools", { query: "email a customer" })).toEqual({
      ok: true,
      value: {
        tools: [
          { name: "send_email", summary: "Send an email to a customer" },
          {
            name: "list_customers",
            summary: "List customers, optionally only those with an open invoice",
          },
        ],
        total: 2,
      },
    });
    expect(await set.call("search_tools", { query: "weather" })).toEqual({
      ok: true,
      value: { tools: [], total: 0 },
    });
  });

  it("lists every user tool, in order, for an empty query (and not the catalog tools)", async () => {
    const outcome = await deferred().call("search_tools", { query: "" });
    expect(outcome.ok && outcome.value).toEqual({
      tools: USER_NAMES.map((name) => ({ name, summary: summaryOf(fullDescription(name)) })),
      total: 5,
    });
    const limited = await deferred().call("search_tools", { query: "  ", limit: 1 });
    expect(limited.ok && limited.value).toEqual({
      tools: [{ name: "refund_invoice", summary: "Refund an invoice." }],
      total: 5,
    });
  });

  it("refuses a search with a bad limit, naming the field", async () => {
    const outcome = await deferred().call("search_tools", { query: "x", limit: 0 });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.kind).toBe("invalid-arguments");
    expect(!outcome.ok && outcome.error).toMatch(
      /^tool 'search_tools' received invalid arguments: limit/,
    );
  });

  it("describes known tools in full (2020-12 parameters and returns) and lists unknown ones", async () => {
    const full = toolSet(fixture(z)).schemas("draft-2020-12");
    const shown = (name: string) => full.find((schema) => schema.name === name);
    const outcome = await deferred().call("describe_tools", {
      names: ["refund_invoice", "nope", "close_month", "send_email"],
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        tools: [
          {
            name: "refund_invoice",
            description: REFUND,
            parameters: shown("refund_invoice")?.parameters,
            returns: shown("refund_invoice")?.returns,
            examples: [{ id: "inv_1", amount: 5 }],
          },
          {
            name: "close_month",
            description: REFUND_PLAY,
            parameters: shown("close_month")?.parameters,
            returns: shown("close_month")?.returns,
          },
          { name: "send_email", description: EMAIL, parameters: shown("send_email")?.parameters },
        ],
        unknown: ["nope"],
      },
    });
    const value = outcome.ok ? (outcome.value as { tools: Record<string, unknown>[] }) : undefined;
    expect(value?.tools[0]?.parameters).toMatchObject({
      type: "object",
      properties: { id: { type: "string", description: "Invoice id" }, amount: {} },
      required: ["id", "amount"],
    });
    expect(value?.tools[2]).not.toHaveProperty("returns");
  });

  // The listing shows a deferred tool by its summary only: describe_tools is where its
  // examples reach the model, or they would be silently lost.
  it("describes a deferred tool's examples too", async () => {
    const outcome = await deferred().call("describe_tools", { names: ["refund_invoice"] });
    const value = outcome.ok ? (outcome.value as { tools: Record<string, unknown>[] }) : undefined;
    expect(value?.tools[0]?.examples).toEqual([{ id: "inv_1", amount: 5 }]);
  });

  it("refuses describe_tools without names", async () => {
    const outcome = await deferred().call("describe_tools", { names: [] });
    expect(!outcome.ok && outcome.kind).toBe("invalid-arguments");
  });

  it("still parses a deferred tool's calls with its own schema, naming the expected fields", async () => {
    const set = deferred();
    expect(await set.call("refund_invoice", { id: "inv_1", amount: 5 })).toEqual({
      ok: true,
      value: { refunded: true },
    });
    expect(await set.call("list_customers", {})).toEqual({ ok: true, value: ["ada"] });
    const bad = await set.call("refund_invoice", { id: 1 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.kind).toBe("invalid-arguments");
    expect(!bad.ok && bad.error).toMatch(
      /^tool 'refund_invoice' received invalid arguments: id: .*; expected arguments: \{ id: string, amount: number \}$/s,
    );
    const play = await set.call("close_month", {});
    expect(!play.ok && play.error).toMatch(/month/);
  });

  it("keeps the catalog tools in the plan view, beside the read-only user tools", async () => {
    const { plan } = deferred();
    expect(plan.names).toEqual(["get_invoice", "list_customers", "search_tools", "describe_tools"]);
    const found = await plan.call("search_tools", { query: "invoice" });
    expect(found.ok).toBe(true);
  });

  // Core bug: the plan view's catalog tools read the whole set, so in plan mode a model is
  // offered (and described) tools that plan mode then refuses as unknown.
  it("finds and describes, in the plan view, only what the plan view can call", async () => {
    const { plan } = deferred();
    expect(await plan.call("search_tools", { query: "invoice" })).toEqual({
      ok: true,
      value: {
        tools: [
          { name: "get_invoice", summary: "Read one invoice by its id" },
          {
            name: "list_customers",
            summary: "List customers, optionally only those with an open invoice",
          },
        ],
        total: 2,
      },
    });
    const described = await plan.call("describe_tools", { names: ["refund_invoice"] });
    expect(described.ok && described.value).toMatchObject({
      tools: [],
      unknown: ["refund_invoice"],
    });
  });

  it("refuses a user tool named like a catalog tool, naming both owners", () => {
    const clash = capability({
      name: "finder",
      description: "Finder",
      toolbox: toolbox("finder", "Finder tools", {
        search_tools: defineTool({
          description: "My own search",
          parameters: z.object({}),
          execute: () => null,
        }),
      }),
    });
    expect(() => toolSet([clash])).not.toThrow();
    expect(() => toolSet([clash], { deferLoading: true })).toThrow(
      new TypeError(
        "toolSet: the name 'search_tools' is declared by both tool 'finder/search_tools' and tool 'tool_catalog/search_tools'; rename one of them so that every name is unique",
      ),
    );
  });

  describe("the listing of 50 tools", () => {
    const many = (): Capability[] => {
      const tools = Object.fromEntries(
        Array.from({ length: 50 }, (_, index) => [
          `tool_${index}`,
          defineTool({
            description: `Tool number ${index}. It does one thing well, and says so at some length so that the listing is realistic.`,
            parameters: z.object({
              id: z.string().describe("The id of the record to work on"),
              limit: z.number().int().min(1).max(100).default(10).describe("At most this many"),
              mode: z.enum(["fast", "thorough"]).optional().describe("How hard to try"),
              tags: z.array(z.string()).optional().describe("Only records with these tags"),
            }),
            returns: z.object({ items: z.array(z.object({ id: z.string(), score: z.number() })) }),
            execute: () => ({ items: [] }),
          }),
        ]),
      );
      return [
        capability({ name: "bulk", description: "Bulk", toolbox: toolbox("bulk", "Bulk", tools) }),
      ];
    };
    const size = (deferLoading: boolean) =>
      JSON.stringify(toolSet(many(), { deferLoading }).schemas()).length;
    const full = size(false);
    const short = size(true);

    it(`is smaller with deferLoading (${short} characters) than without (${full})`, () => {
      expect(short).toBeLessThan(full);
    });
  });
});

const REFUND_PLAY = "Close the month: lock every ledger";

function fullDescription(name: (typeof USER_NAMES)[number]): string {
  return {
    refund_invoice: REFUND,
    get_invoice: "Read one invoice by its id",
    list_customers: "List customers, optionally only those with an open invoice",
    close_month: REFUND_PLAY,
    send_email: EMAIL,
  }[name];
}

describe("summaryOf", () => {
  it("takes the first line, then its first sentence", () => {
    expect(summaryOf("  First line.\nSecond line.")).toBe("First line.");
    expect(summaryOf("One. Two. Three.")).toBe("One.");
    expect(summaryOf("Why? Because.")).toBe("Why?");
    expect(summaryOf("No stop here\r\nNext")).toBe("No stop here");
    expect(summaryOf("v1.2 is out")).toBe("v1.2 is out");
    expect(summaryOf("")).toBe("");
  });

  it("cuts a summary longer than 120 characters at 119 with …", () => {
    const long = "word ".repeat(40).trim();
    const summary = summaryOf(long);
    expect(summary).toBe(`${long.slice(0, 119)}…`);
    expect(summary).toHaveLength(120);
    expect(summaryOf("x".repeat(120))).toBe("x".repeat(120));
  });

  it("gives deferredListing as that summary with an open object schema", () => {
    expect(deferredListing("Read it. All of it.")).toEqual({
      description: "Read it.",
      parameters: { type: "object", properties: {} },
    });
  });
});
