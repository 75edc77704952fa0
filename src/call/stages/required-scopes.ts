/**
 * Required scopes: a call whose caller (`ctx.auth`) was not granted every scope its
 * definition requires fails `forbidden` before anything else is read of it, naming what is
 * missing. A call with no `ctx.auth` lacks them all.
 *
 * @module
 */
import type { ToolExecutionContext } from "../../core/tool-definition";
import type { Stage } from "../call";

export const requiredScopes: Stage = (call, next) => {
  const required = call.controls?.requiredScopes;
  if (required === undefined) return next(call);
  const missing = missingScopes(required, call.ctx);
  if (missing.length === 0) return next(call);
  return Promise.resolve({ kind: "forbidden", name: call.name, missing, required });
};

/** The scopes of `required` that the caller of `ctx` was not granted, in order. */
export function missingScopes(
  required: readonly string[],
  ctx: ToolExecutionContext | undefined,
): readonly string[] {
  const granted = grantedScopes(ctx);
  return required.filter((scope) => !granted.includes(scope));
}

// A host's ctx may be anything (a Proxy, a throwing getter): what cannot be read grants nothing.
function grantedScopes(ctx: ToolExecutionContext | undefined): readonly unknown[] {
  try {
    const scopes = ctx?.auth?.scopes;
    return Array.isArray(scopes) ? scopes : [];
  } catch {
    return [];
  }
}
