/**
 * Who may see and call what in a tool set: an owner the caller's `visible` checks hide is
 * looked up as a name that does not exist, and the recorder learns what was decided about
 * each call (allowed, hidden, forbidden) and why.
 *
 * @module
 */

import type { CallOutcome } from "../call/outcome";
import type { CallAccess } from "../call/stages/recording";
import { ToolForbiddenError } from "../core/errors";
import type { ToolExecutionContext } from "../core/tool-definition";
import type { Owner } from "./owners";

/** What a lookup found for a caller: the owner, or why there is none to call. */
export type Found = Owner | { readonly hidden: string };

/** `owner`, unless it is absent or hidden from the caller of `ctx` (then why). */
export function lookedUp(owner: Owner | undefined, ctx: ToolExecutionContext | undefined): Found {
  if (owner === undefined) return NOTHING;
  const why = owner.controls?.hiddenBecause?.(ctx);
  return why === undefined ? owner : { hidden: why };
}

/** What a lookup finds of a name the set does not hold. */
export const NOTHING: Found = { hidden: "no entry of that name" };

/** Whether the caller of `ctx` may see `owner`. */
export function isVisible(owner: Owner, ctx: ToolExecutionContext | undefined): boolean {
  return owner.controls?.hiddenBecause?.(ctx) === undefined;
}

/** What the recorder reads of the access decision of a call that `found` and settled as `outcome`. */
export function accessOf(found: Found, outcome: CallOutcome): CallAccess {
  if ("hidden" in found) return { decision: "hidden", reason: found.hidden };
  const { cause } = outcome as { readonly cause?: unknown };
  if (!outcome.ok && outcome.kind === "forbidden" && cause instanceof ToolForbiddenError) {
    const missing = cause.missing.map((scope) => `'${scope}'`).join(", ");
    return { decision: "forbidden", reason: `the caller lacks ${missing}` };
  }
  return { decision: "allowed", reason: allowedBecause(found) };
}

function allowedBecause(owner: Owner): string {
  const scopes = owner.controls?.requiredScopes;
  const visible = owner.controls?.hiddenBecause !== undefined;
  const granted =
    scopes === undefined
      ? undefined
      : `the caller holds every required scope (${scopes.map((scope) => `'${scope}'`).join(", ")})`;
  if (granted !== undefined) return visible ? `visible to the caller, and ${granted}` : granted;
  return visible ? "visible to the caller" : "no access rule";
}
