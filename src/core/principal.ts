/**
 * Who a call comes from, as its host verified it: the caller a tool acts for.
 *
 * @module
 */

/**
 * The caller an accepted credential names (over MCP, the bearer token a request carried):
 * its subject, the scopes it grants and all its claims. Read-only: a tool or a check
 * reads it, nothing changes it.
 *
 * @example
 * ```ts
 * execute: (args, ctx) => {
 *   if (!ctx?.auth?.scopes.includes("notes:write")) throw new ToolError("you may only read notes");
 *   return save(args, { by: ctx.auth.subject });
 * },
 * ```
 */
export interface Principal {
  /**
   * Who it is: a token's `sub` claim, the user it was issued for (or the client itself,
   * for a client-credentials token).
   */
  readonly subject: string;
  /**
   * The scopes granted, in order, each once: a token's `scope` claim split on spaces, or
   * else its `scp` claim (an array of strings, or a string split on spaces); empty when
   * it carries neither.
   */
  readonly scopes: readonly string[];
  /** Every claim of the verified credential (`iss`, `aud`, `exp`, `client_id`, …), as it carried them. */
  readonly claims: Readonly<Record<string, unknown>>;
}
