/**
 * Who an MCP request comes from, as the bearer token it carried says: what a token
 * verifier (see `jwtVerifier`) resolves a token it accepts to, and what a tool reads as
 * `ctx.auth`.
 *
 * @module
 */
import type { Principal } from "toolwright";

/** The caller an accepted access token names: toolwright's {@link Principal}. */
export type McpPrincipal = Principal;
