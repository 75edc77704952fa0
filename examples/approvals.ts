/**
 * Control at the boundary, on a billing capability: a large refund waits for a person's
 * approval (stored as JSON, resumed by a tool set built after a "restart"), a bank-feed
 * call has a time limit, refunds refuse arguments they do not declare, and `formatError`
 * shapes what a model reads when a call fails.
 *
 * Run: npx tsx examples/approvals.ts
 */
import { randomBytes } from "node:crypto";
import {
  type CallOutcome,
  capability,
  defineTool,
  type FormatError,
  isPending,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { z } from "zod";
import {
  ApprovalInbox,
  type BillingStore,
  InvoiceNotFoundError,
  sampleStore,
} from "./approvals-store";
import { runIfMain } from "./run-if-main";

/** Refunds of this much or more wait for a person: $100.00. */
export const APPROVAL_THRESHOLD_CENTS = 10_000;

/** How long the bank feed may take before the call fails, in milliseconds. */
export const STATEMENT_TIMEOUT_MS = 200;

const InvoiceNumber = z.string().describe("Invoice number, e.g. INV-1001");

const Refund = z.object({
  invoice: z.string().describe("Invoice number"),
  refundedCents: z.number().int().describe("Refunded so far, in cents"),
  remainingCents: z.number().int().describe("Left to refund, in cents"),
});

/** The billing tools over `store`. */
export function billingTools(store: BillingStore) {
  return toolbox("billing", "Invoices, refunds and bank statements", {
    get_invoice: defineTool({
      description: "Look up an invoice by its number",
      parameters: z.object({ invoice: InvoiceNumber }),
      returns: z.object({
        id: z.string().describe("Invoice number"),
        customer: z.string().describe("Customer id"),
        totalCents: z.number().int().describe("Invoice total, in cents"),
        refundedCents: z.number().int().describe("Refunded so far, in cents"),
      }),
      annotations: { readOnly: true },
      // The store's error holds a SQL query; the model reads what to do instead.
      controls: {
        formatError: (failure, call) =>
          failure.cause instanceof InvoiceNotFoundError
            ? `there is no invoice '${failure.cause.invoice}'; ask the user for the invoice number (it looks like INV-1001) before calling ${call.name} again`
            : undefined,
      },
      execute: async ({ invoice }) => store.invoice(invoice),
    }),
    refund_invoice: defineTool({
      description: "Refund part or all of an invoice to the customer's card",
      parameters: z.object({
        invoice: InvoiceNumber,
        amountCents: z.number().int().min(1).describe("Amount to refund, in cents"),
        reason: z.string().optional().describe("Why, in the customer's words"),
      }),
      returns: Refund,
      annotations: { destructive: true },
      // A function of the parsed arguments: small refunds run at once, large ones wait.
      controls: {
        needsApproval: ({ amountCents }) => amountCents >= APPROVAL_THRESHOLD_CENTS,
        strictInputs: true,
      },
      execute: async ({ invoice, amountCents }) => store.refund(invoice, amountCents),
    }),
    fetch_statement: defineTool({
      description: "The customer's latest bank-feed statement lines",
      parameters: z.object({ customer: z.string().describe("Customer id, e.g. acme") }),
      returns: z.object({
        lines: z.array(z.string().describe("One statement line")).describe("Newest first"),
      }),
      annotations: { readOnly: true, openWorld: true },
      controls: { timeoutMs: STATEMENT_TIMEOUT_MS },
      // ctx.signal aborts when the time is up, so the feed request stops too.
      execute: async ({ customer }, ctx) => ({
        lines: await store.statement(customer, ctx?.signal),
      }),
    }),
  });
}

/** The billing capability over `store`. */
export function billingCapability(store: BillingStore) {
  return capability({
    name: "billing",
    description: "Billing: invoices, refunds, bank statements",
    toolbox: billingTools(store),
  });
}

/** What every billing tool set shows a model for a time-out: what to tell the user. */
export const billingFormatError: FormatError = (failure, call) =>
  failure.kind === "timeout"
    ? `${call.name} did not answer in time and was stopped; tell the user the bank feed is slow and offer to try again later`
    : undefined;

/**
 * A billing tool set. Every process that resumes another's approval requests must be
 * given the same `approvalSecret` (at least 32 bytes, from your secret store).
 */
export function billingSet(store: BillingStore, approvalSecret: string | Uint8Array) {
  return toolSet([billingCapability(store)], {
    approvalSecret,
    controls: { formatError: billingFormatError },
  });
}

/** The capability over the sample ledger, for the schema check and for reading. */
export const billing = billingCapability(sampleStore());

/** What {@link walkthrough} did, beside the lines it printed. */
export interface Walkthrough {
  readonly lines: readonly string[];
  readonly store: BillingStore;
  readonly outcomes: Readonly<Record<string, CallOutcome>>;
}

/**
 * The example, step by step: each step's outcome is kept in `outcomes` under the step's
 * name, and described in one printed line.
 */
export async function walkthrough(
  approvalSecret: string | Uint8Array = randomBytes(32),
): Promise<Walkthrough> {
  const store = sampleStore();
  const inbox = new ApprovalInbox();
  const lines: string[] = [];
  const outcomes: Record<string, CallOutcome> = {};
  const step = (name: string, outcome: CallOutcome, line: string) => {
    outcomes[name] = outcome;
    lines.push(`${name}: ${line}`);
  };

  // Process 1: the agent's run. A small refund runs at once; a large one waits.
  const agent = billingSet(store, approvalSecret);
  const small = await agent.call("refund_invoice", { invoice: "INV-1001", amountCents: 2_500 });
  step("small refund", small, JSON.stringify(small));
  const large = await agent.call("refund_invoice", {
    invoice: "INV-1002",
    amountCents: 45_000,
    reason: "charged twice",
  });
  if (!isPending(large)) throw new Error("a refund of $450 should wait for approval");
  step("large refund", large, large.error); // what a model reads meanwhile
  const approvalId = inbox.put(large.approval);
  const { tool, args } = large.approval;
  lines.push(`stored for approval: ${JSON.stringify({ tool, args })}`);

  // Process 2, after a restart: a new tool set with the same secret resumes the request.
  const restarted = billingSet(store, approvalSecret);
  const stored = inbox.take(approvalId);
  if (stored === undefined) throw new Error("the request should be in the inbox");
  const approved = await restarted.resume(stored, { approved: true });
  step("approved after restart", approved, JSON.stringify(approved));

  // A request edited after it was made (a larger amount) is refused, and runs nothing.
  const other = await agent.call("refund_invoice", { invoice: "INV-1003", amountCents: 20_000 });
  if (!isPending(other)) throw new Error("a refund of $200 should wait for approval");
  const edited = { ...other.approval, args: { invoice: "INV-1003", amountCents: 30_000 } };
  const tampered = await restarted.resume(edited, { approved: true });
  step("edited request", tampered, outcomeText(tampered));

  // The person says no: the model reads their reason.
  const reason = "refunds over $100 go through the finance team";
  const denied = await restarted.resume(other.approval, { approved: false, reason });
  step("denied", denied, outcomeText(denied));

  // A host passes on whatever a model sent: untyped, as `ToolSet` takes it.
  const host: ToolSet = agent;
  const late = await host.call("fetch_statement", { customer: "globex" });
  step("stalled bank feed", late, outcomeText(late));
  const extra = await host.call("refund_invoice", {
    invoice: "INV-1001",
    amountCents: 500,
    notifyCustomer: true,
  });
  step("unknown argument", extra, outcomeText(extra));
  const wrongType = await host.call("get_invoice", { invoice: 1001 });
  step("wrong type", wrongType, outcomeText(wrongType));
  const missing = await host.call("get_invoice", { invoice: "INV-9999" });
  step("no such invoice", missing, outcomeText(missing));

  return { lines, store, outcomes };
}

function outcomeText(outcome: CallOutcome): string {
  return outcome.ok ? JSON.stringify(outcome.value) : `[${outcome.kind}] ${outcome.error}`;
}

runIfMain(import.meta.url, async () => {
  const { lines } = await walkthrough();
  for (const line of lines) console.log(line);
});
