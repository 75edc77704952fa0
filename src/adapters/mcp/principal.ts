/**
 * Who an MCP request comes from, as the bearer token it carried says: what a token
 * verifier (see `jwtVerifier`) resolves a token it accepts to.
 *
 * @module
 */

/**
 * The caller an accepted access token names: its subject, the scopes it grants and all
 * its claims. Read-only: a tool or a check reads it, nothing changes it.
 *
 * @example
 * ```ts
 * const principal = await verifier.verify(token);
 * if (principal?.scopes.includes("notes:write")) allowWrites(principal.subject);
 * ```
 */
export interface McpPrincipal {
  /**
   * The token's `sub` claim: the user it was issued for, or the client itself for a
   * client-credentials token.
   */
  readonly subject: string;
  /**
   * The scopes the token grants, in its order, each once: its `scope` claim split on
   * spaces, or else its `scp` claim (an array of strings, or a string split on spaces);
   * empty when it carries neither.
   */
  readonly scopes: readonly string[];
  /** Every claim of the verified token (`iss`, `aud`, `exp`, `client_id`, …), as it carried them. */
  readonly claims: Readonly<Record<string, unknown>>;
}
