/**
 * Tools exercising what the adapters lower since issue 24 item 5: an array without `items`
 * (Zod 3's `z.array(z.any())`, repaired with `items: {}` for OpenAI), a Zod 3 union reused
 * inside array items through a `.describe()` copy (once a `$ref` to a property path, now
 * inlined at the source), and `oneOf` (Zod 4's discriminated unions and `z.xor`, which OpenAI
 * strict takes as `anyOf` only when the options are provably exclusive).
 */
import type { z as z4 } from "zod";
import type { CorpusEntry } from "./entry.js";

/** The builders of Zod-4-only constructs: `z` is the v4 namespace. */
const v4 = (z: unknown) => z as typeof z4;

export const LOWERING: readonly CorpusEntry[] = [
  {
    name: "execute_sql",
    style: "Postgres MCP server (positional parameters of any type)",
    build: (z) =>
      z.object({
        sql: z.string().describe("A parameterised SQL statement ($1, $2, ...)"),
        params: z.array(z.any()).describe("Values for $1, $2, ... in order"),
      }),
    sample: { sql: "select * from users where id = $1 and active = $2", params: [42, true] },
  },
  {
    name: "label_issue",
    style: "Linear MCP server (a label by name or by id, one and many)",
    build: (z) => {
      const label = z.union([
        z.string().describe("A label name"),
        z.object({ id: z.string(), name: z.string().optional() }),
      ]);
      return z.object({
        issueId: z.string(),
        primary: label.describe("The label shown first"),
        labels: z.array(label.describe("A label, by name or by id")),
      });
    },
    sample: { issueId: "LIN-12", primary: "bug", labels: ["bug", { id: "lbl_7" }] },
  },
  {
    name: "schedule_job",
    style: "workflow MCP server (a trigger as a discriminated union, in a list)",
    build: (z) =>
      z.object({
        job: z.string(),
        triggers: z.array(
          z.discriminatedUnion("kind", [
            z.object({ kind: z.literal("cron"), expression: z.string() }),
            z.object({ kind: z.literal("webhook"), path: z.string() }),
          ]),
        ),
      }),
    sample: { job: "nightly-report", triggers: [{ kind: "cron", expression: "0 2 * * *" }] },
  },
  {
    name: "notify_person",
    style: "chat MCP server (Zod 4 z.xor: exactly one way to reach someone)",
    majors: [4],
    build: (z) =>
      v4(z).object({
        text: v4(z).string(),
        to: v4(z).xor([
          v4(z).object({ email: v4(z).string() }),
          v4(z).object({ userId: v4(z).string() }),
        ]),
      }),
    sample: { text: "Build is green", to: { userId: "U123" } },
  },
  {
    name: "set_threshold",
    style: "monitoring MCP server (Zod 4 z.xor of disjoint types)",
    majors: [4],
    build: (z) =>
      v4(z).object({
        metric: v4(z).string(),
        threshold: v4(z).xor([v4(z).number(), v4(z).enum(["auto", "off"])]),
      }),
    sample: { metric: "cpu", threshold: 0.9 },
  },
];
