/**
 * A contract listing's fingerprint: `sha256:` and the hex SHA-256 of its bytes, its JSON as
 * written, key order included, which is what a provider's prompt cache keys on. Web Crypto,
 * not `node:crypto`, so that it runs wherever the set does (a browser, a worker, Deno).
 *
 * @module
 */
import type { ToolContract } from "./listing-changes";
import { written } from "./schema-changes";

/** The fingerprint of `tools`, in their order. */
export async function listingFingerprint(tools: readonly ToolContract[]): Promise<string> {
  const bytes = new TextEncoder().encode(written(tools));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  let hex = "";
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, "0");
  return `sha256:${hex}`;
}
