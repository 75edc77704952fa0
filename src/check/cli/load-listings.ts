/**
 * Loading every listing a command line names (`--mcp`, `--mcp-url`, `--json`), in the CLI's
 * own process: a listing is data (a server runs in a process of its own), so no user code
 * runs here. Servers are listed side by side, each within `--import-timeout`.
 *
 * @module
 */
import { resolve } from "node:path";
import type { ToolListing } from "toolwright/check";
import type { CheckOptions } from "./arguments";
import { readJsonListing } from "./json-listing";
import type { ListingOutcome } from "./listing-outcome";
import { listMcpTools } from "./mcp-listing";

/** Every listing in command-line order, and the load errors of those that failed. */
export interface LoadedListings {
  readonly listings: readonly ToolListing[];
  readonly problems: readonly string[];
}

/** Loads the listings of `options`, relative to `cwd`; never rejects. */
export async function loadListings(
  options: Pick<CheckOptions, "mcp" | "mcpUrls" | "headers" | "json" | "importTimeout">,
  cwd: string,
): Promise<LoadedListings> {
  const run = { cwd, timeout: options.importTimeout };
  const outcomes: ListingOutcome[] = await Promise.all([
    ...options.mcp.map((command) => listMcpTools({ kind: "stdio", command }, run)),
    ...options.mcpUrls.map((url) =>
      listMcpTools({ kind: "http", url, headers: options.headers }, run),
    ),
  ]);
  outcomes.push(...options.json.map((file) => readJsonListing(resolve(cwd, file), file)));
  return {
    listings: outcomes.flatMap((outcome) => (outcome.ok ? [outcome.listing] : [])),
    problems: outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.problem])),
  };
}
