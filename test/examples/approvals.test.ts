import { isPending, type ToolSet, ToolTimeoutError } from "toolwright";
import { beforeAll, describe, expect, it } from "vitest";
import {
  APPROVAL_THRESHOLD_CENTS,
  billingSet,
  STATEMENT_TIMEOUT_MS,
  type Walkthrough,
  walkthrough,
} from "../../examples/approvals";
import { ApprovalInbox, sampleStore } from "../../examples/approvals-store";
import { scriptSteps } from "./script-steps";

const SECRET = "approvals-example-test-secret-of-32+-bytes";
const OTHER_SECRET = "a-different-secret-for-another-deployment";

describe("the approvals example's walkthrough", () => {
  let run: Walkthrough;
  beforeAll(async () => {
    run = await walkthrough(SECRET);
  });

  it("runs a small refund at once and holds a large one back, unrun", () => {
    expect(run.outcomes["small refund"]).toEqual({
      ok: true,
      value: { invoice: "INV-1001", refundedCents: 2_500, remainingCents: 9_500 },
    });
    const large = run.outcomes["large refund"];
    expect(large?.ok).toBe(false);
    expect(large !== undefined && isPending(large)).toBe(true);
    expect(run.lines[1]).toBe(
      "large refund: tool 'refund_invoice' needs approval before it runs and has not run",
    );
    expect(run.lines[2]).toBe(
      'stored for approval: {"tool":"refund_invoice","args":{"invoice":"INV-1002","amountCents":45000,"reason":"charged twice"}}',
    );
  });

  it("runs the approved refund exactly once, through a tool set built after the restart", () => {
    expect(run.outcomes["approved after restart"]).toEqual({
      ok: true,
      value: { invoice: "INV-1002", refundedCents: 45_000, remainingCents: 0 },
    });
    expect(run.store.refunds.filter((refund) => refund.invoice === "INV-1002")).toHaveLength(1);
  });

  it("refuses an edited request and a denied one, and refunds nothing for either", () => {
    expect(run.outcomes["edited request"]).toMatchObject({ ok: false, kind: "denied" });
    expect(run.lines).toContain(
      "edited request: [denied] the approval for 'refund_invoice' was refused: its hash does not match its tool and arguments (it was changed, or made by a tool set with another approvalSecret)",
    );
    expect(run.lines).toContain(
      "denied: [denied] the user denied the call to tool 'refund_invoice': refunds over $100 go through the finance team; do not call it again with the same arguments unless the user asks",
    );
    expect(run.store.refunds.map((refund) => refund.invoice)).toEqual(["INV-1001", "INV-1002"]);
    expect(run.store.invoice("INV-1003").refundedCents).toBe(0);
  });

  it("stops the stalled bank feed with a timeout, shown to the model as the set's formatError says", () => {
    const late = run.outcomes["stalled bank feed"];
    expect(late).toMatchObject({ ok: false, kind: "timeout" });
    const cause = late !== undefined && !late.ok && "cause" in late ? late.cause : undefined;
    expect(cause).toBeInstanceOf(ToolTimeoutError);
    expect(cause).toMatchObject({
      code: "TOOL_TIMEOUT",
      tool: "fetch_statement",
      timeoutMs: STATEMENT_TIMEOUT_MS,
      message: `tool 'fetch_statement' timed out after ${STATEMENT_TIMEOUT_MS} ms`,
    });
    expect(run.lines).toContain(
      "stalled bank feed: [timeout] fetch_statement did not answer in time and was stopped; tell the user the bank feed is slow and offer to try again later",
    );
  });

  it("refuses an argument the refund does not declare, by name, and runs nothing", () => {
    expect(run.lines).toContain(
      "unknown argument: [invalid-arguments] tool 'refund_invoice' received an unknown argument 'notifyCustomer'; it accepts invoice, amountCents, reason",
    );
    expect(run.store.invoice("INV-1001").refundedCents).toBe(2_500); // the small refund only
  });

  it("tells the model what to send instead, and hides the store's SQL behind formatError", () => {
    expect(run.lines).toContain(
      "wrong type: [invalid-arguments] tool 'get_invoice' received invalid arguments: invoice: Invalid input: expected string, received number; expected arguments: { invoice: string }",
    );
    expect(run.lines).toContain(
      "no such invoice: [thrown] there is no invoice 'INV-9999'; ask the user for the invoice number (it looks like INV-1001) before calling get_invoice again",
    );
    expect(run.lines.join("\n")).not.toContain("SELECT");
  });
});

describe("the billing tool set", () => {
  it("asks for approval as a function of the amount", async () => {
    const set = billingSet(sampleStore(), SECRET);
    const below = { invoice: "INV-1002", amountCents: APPROVAL_THRESHOLD_CENTS - 1 };
    const at = { invoice: "INV-1002", amountCents: APPROVAL_THRESHOLD_CENTS };
    expect(await set.approvalFor("refund_invoice", below)).toBeUndefined();
    expect(await set.approvalFor("refund_invoice", at)).toMatchObject({
      tool: "refund_invoice",
      args: at,
    });
  });

  it("resumes a request stored as JSON in another set with the same secret, never with another", async () => {
    const store = sampleStore();
    const inbox = new ApprovalInbox();
    const first = billingSet(store, SECRET);
    const pending = await first.call("refund_invoice", {
      invoice: "INV-1003",
      amountCents: 30_000,
    });
    if (!isPending(pending))
      throw new Error(`expected a pending outcome: ${JSON.stringify(pending)}`);
    const id = inbox.put(pending.approval);

    const elsewhere = billingSet(store, OTHER_SECRET);
    const foreign = await elsewhere.resume(JSON.parse(JSON.stringify(pending.approval)), {
      approved: true,
    });
    expect(foreign).toMatchObject({ ok: false, kind: "denied" });
    expect(store.refunds).toEqual([]);

    const stored = inbox.take(id);
    expect(stored).toEqual(pending.approval);
    expect(inbox.take(id)).toBeUndefined(); // taken once, so settled once
    if (stored === undefined) return;
    const restarted = billingSet(store, SECRET);
    expect(await restarted.resume(stored, { approved: true })).toEqual({
      ok: true,
      value: { invoice: "INV-1003", refundedCents: 30_000, remainingCents: 0 },
    });
    expect(store.refunds).toHaveLength(1);
  });

  it("shows the strict refund closed to the model, and the other tools as declared", () => {
    const schemas = billingSet(sampleStore(), SECRET).schemas("draft-2020-12");
    const byName = Object.fromEntries(schemas.map((schema) => [schema.name, schema.parameters]));
    expect(byName.refund_invoice?.additionalProperties).toBe(false);
    expect(byName.get_invoice?.additionalProperties).toBeUndefined();
  });

  it("lets a small refund through a host's untyped call unchanged", async () => {
    const store = sampleStore();
    const host: ToolSet = billingSet(store, SECRET);
    const outcome = await host.call("refund_invoice", { invoice: "INV-1001", amountCents: 100 });
    expect(outcome).toEqual({
      ok: true,
      value: { invoice: "INV-1001", refundedCents: 100, remainingCents: 11_900 },
    });
  });
});

describe("the approvals example as a script", () => {
  it("prints each step, from the pending refund to the formatted failure", async () => {
    const { stdout, steps } = await scriptSteps("examples/approvals.ts");
    expect(steps).toEqual([
      "small refund",
      "large refund",
      "stored for approval",
      "approved after restart",
      "edited request",
      "denied",
      "stalled bank feed",
      "unknown argument",
      "wrong type",
      "no such invoice",
    ]);
    expect(stdout).toContain('approved after restart: {"ok":true');
  });
});
