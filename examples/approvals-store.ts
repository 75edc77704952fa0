/**
 * What the approvals example runs against, in memory so that it runs offline: a billing
 * ledger standing in for a database and a payment provider, and an inbox standing in for
 * the table or queue where approval requests wait for a person.
 */
import type { ApprovalRequest } from "toolwright";

/** One invoice, as the ledger holds it. */
export interface Invoice {
  readonly id: string;
  readonly customer: string;
  readonly totalCents: number;
  readonly refundedCents: number;
}

/** What a refund leaves behind. */
export interface Refund {
  readonly invoice: string;
  readonly refundedCents: number;
  readonly remainingCents: number;
}

/** Thrown for an invoice number the ledger does not hold. */
export class InvoiceNotFoundError extends Error {
  override readonly name = "InvoiceNotFoundError";
  readonly invoice: string;

  constructor(invoice: string) {
    super(`SELECT * FROM invoices WHERE id = '${invoice}' returned no rows`); // internals a model should not read
    this.invoice = invoice;
  }
}

/** An in-memory ledger: invoices, the refunds carried out, and a bank feed per customer. */
export class BillingStore {
  readonly #invoices = new Map<string, Invoice>();
  /** Customers whose bank feed hangs: a statement for them waits until it is aborted. */
  readonly #stalledFeeds: ReadonlySet<string>;
  /** Every refund carried out, in order: how the example shows that a call ran, and once. */
  readonly refunds: Refund[] = [];

  constructor(invoices: readonly Invoice[], stalledFeeds: readonly string[] = []) {
    for (const invoice of invoices) this.#invoices.set(invoice.id, invoice);
    this.#stalledFeeds = new Set(stalledFeeds);
  }

  /** The invoice of that number; throws {@link InvoiceNotFoundError} for an unknown one. */
  invoice(id: string): Invoice {
    const invoice = this.#invoices.get(id);
    if (invoice === undefined) throw new InvoiceNotFoundError(id);
    return invoice;
  }

  /** Refunds `amountCents` of an invoice, up to what is left of it. */
  refund(id: string, amountCents: number): Refund {
    const invoice = this.invoice(id);
    const left = invoice.totalCents - invoice.refundedCents;
    if (amountCents > left) {
      throw new RangeError(`invoice ${id} has ${left} cents left to refund`);
    }
    const refundedCents = invoice.refundedCents + amountCents;
    this.#invoices.set(id, { ...invoice, refundedCents });
    const refund = {
      invoice: id,
      refundedCents,
      remainingCents: invoice.totalCents - refundedCents,
    };
    this.refunds.push(refund);
    return refund;
  }

  /**
   * The customer's latest statement lines from their bank feed. A stalled feed never
   * answers: the call waits until `signal` aborts, and rejects with its reason.
   */
  statement(customer: string, signal?: AbortSignal): Promise<string[]> {
    if (!this.#stalledFeeds.has(customer)) {
      return Promise.resolve([`${customer}: card payment received`]);
    }
    return new Promise((_resolve, reject) => {
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  }
}

/** The ledger the example starts from: three invoices, and one customer whose feed hangs. */
export function sampleStore(): BillingStore {
  return new BillingStore(
    [
      { id: "INV-1001", customer: "acme", totalCents: 12_000, refundedCents: 0 },
      { id: "INV-1002", customer: "acme", totalCents: 45_000, refundedCents: 0 },
      { id: "INV-1003", customer: "globex", totalCents: 30_000, refundedCents: 0 },
    ],
    ["globex"],
  );
}

/**
 * Where approval requests wait for a person, stored as the JSON text a database row or a
 * queue message would hold. `take` removes what it returns: a toolSet keeps no record of
 * the requests it has resumed, so settling each one once is the inbox's job.
 */
export class ApprovalInbox {
  readonly #rows = new Map<string, string>();

  /** Stores the request as JSON; returns its id. */
  put(request: ApprovalRequest): string {
    this.#rows.set(request.id, JSON.stringify(request));
    return request.id;
  }

  /** The request of that id, read back from its JSON and removed; `undefined` when none waits. */
  take(id: string): ApprovalRequest | undefined {
    const row = this.#rows.get(id);
    if (row === undefined) return undefined;
    this.#rows.delete(id);
    return JSON.parse(row) as ApprovalRequest;
  }

  /** How many requests wait. */
  get size(): number {
    return this.#rows.size;
  }
}
