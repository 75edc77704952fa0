/**
 * A person's decision on an approval request, read once into plain data before anything
 * acts on it: a getter, a Proxy or a reason that is not text cannot make `resume` throw,
 * nor show the check one answer and the run another.
 *
 * @module
 */
import type { ApprovalDecision } from "../call/outcome";

/** What `resume` acts on: a decision, or `undefined` when the value is not one. */
export function readDecision(value: unknown): ApprovalDecision | undefined {
  try {
    if (typeof value !== "object" || value === null) return undefined;
    const { approved } = value as { approved?: unknown };
    if (approved === true) return { approved: true };
    if (approved !== false) return undefined;
    const { reason, cause } = value as { reason?: unknown; cause?: unknown };
    // The model reads the reason: only text is one.
    return {
      approved: false,
      ...(typeof reason === "string" && { reason }),
      ...(cause !== undefined && { cause }),
    };
  } catch {
    return undefined;
  }
}
