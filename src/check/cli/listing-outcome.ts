/**
 * What loading one tool listing (`--mcp`, `--mcp-url`, `--json`) ends with.
 *
 * @module
 */
import type { ToolListing } from "toolwright/check";

/** The listing, or the load error that names its source (exit code 2). */
export type ListingOutcome =
  | { readonly ok: true; readonly listing: ToolListing }
  | { readonly ok: false; readonly problem: string };
