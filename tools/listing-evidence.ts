/**
 * The evidence comparison on real MCP servers the linter has never seen (issue 24's bar: no
 * false negative, at most 2% false positives): lists each server over stdio through the CLI's
 * own listing code, saves each listing as `<out>/<server>.json`, and prints the lint-vs-oracle
 * table per dialect and every disagreement. Not run by the tests: these servers are no
 * dependency of the project. Install them anywhere, offline listing needs no key:
 *
 *   npm i --prefix /tmp/held-out --ignore-scripts @modelcontextprotocol/server-sequential-thinking \
 *     @playwright/mcp @antv/mcp-server-chart @upstash/context7-mcp @notionhq/notion-mcp-server \
 *     chrome-devtools-mcp @wonderwhy-er/desktop-commander exa-mcp-server \
 *     @brave/brave-search-mcp-server firecrawl-mcp tavily-mcp
 *   npx tsx tools/listing-evidence.ts --servers /tmp/held-out/node_modules --out /tmp/listings
 *
 * `--saved` reads the listings saved in `--out` instead of starting the servers.
 *
 * @module
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listMcpTools } from "../src/check/cli/mcp-listing.js";
import { dialectEvidence } from "../test/lint/evidence/evidence.js";
import { listingInput } from "../test/lint/evidence/inputs.js";
import { isJson } from "../test/lint/evidence/json-nodes.js";
import type { RealListing } from "../test/lint/evidence/real-listings.js";
import { disagreementLines, evidenceTable } from "./dialect-evidence.js";

/** The value after `flag` on the command line, or `fallback`. */
function option(flag: string, fallback: string): string {
  const at = process.argv.indexOf(flag);
  return at >= 0 && process.argv[at + 1] !== undefined
    ? (process.argv[at + 1] as string)
    : fallback;
}

const MCPS = option("--servers", "node_modules");
const OUT = option("--out", "listings");
const SERVERS: readonly { pkg: string; bin: string; args?: string }[] = [
  {
    pkg: "@modelcontextprotocol/server-sequential-thinking",
    bin: "mcp-server-sequential-thinking",
  },
  { pkg: "@playwright/mcp", bin: "playwright-mcp" },
  { pkg: "@antv/mcp-server-chart", bin: "mcp-server-chart" },
  { pkg: "@upstash/context7-mcp", bin: "context7-mcp" },
  { pkg: "@notionhq/notion-mcp-server", bin: "notion-mcp-server" },
  { pkg: "chrome-devtools-mcp", bin: "chrome-devtools-mcp" },
  { pkg: "@wonderwhy-er/desktop-commander", bin: "desktop-commander" },
  { pkg: "exa-mcp-server", bin: "exa-mcp-server" },
  { pkg: "@brave/brave-search-mcp-server", bin: "brave-search-mcp-server" },
  { pkg: "firecrawl-mcp", bin: "firecrawl-mcp" },
  { pkg: "tavily-mcp", bin: "tavily-mcp" },
];

async function listAll(): Promise<RealListing[]> {
  mkdirSync(OUT, { recursive: true });
  // Dummy keys: these servers want one to start, and need none to list their tools.
  const env = {
    BRAVE_API_KEY: "dummy",
    FIRECRAWL_API_KEY: "dummy",
    TAVILY_API_KEY: "dummy",
    EXA_API_KEY: "dummy",
    NOTION_TOKEN: "dummy",
    CONTEXT7_API_KEY: "dummy",
  };
  Object.assign(process.env, env);
  const listings: RealListing[] = [];
  for (const { pkg, bin, args } of SERVERS) {
    const version = (
      JSON.parse(readFileSync(join(MCPS, pkg, "package.json"), "utf8")) as { version: string }
    ).version;
    const command = `node ${join(MCPS, ".bin", bin)}${args ? ` ${args}` : ""}`;
    const outcome = await listMcpTools({ kind: "stdio", command }, { cwd: OUT, timeout: 60_000 });
    if (!outcome.ok) {
      console.error(`SKIP ${pkg}: ${outcome.problem}`);
      continue;
    }
    const tools = outcome.listing.tools.flatMap((tool) =>
      isJson(tool.inputSchema) ? [{ name: tool.name, inputSchema: tool.inputSchema }] : [],
    );
    const listing = { server: pkg, version, tools } as unknown as RealListing;
    writeFileSync(
      join(OUT, `${pkg.replace("/", "+")}.json`),
      `${JSON.stringify({ server: pkg, version, tools: outcome.listing.tools }, null, 2)}\n`,
    );
    console.error(`listed ${pkg} ${version}: ${tools.length} tools`);
    listings.push(listing);
  }
  return listings;
}

function saved(): RealListing[] {
  return readdirSync(OUT)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(OUT, f), "utf8")) as RealListing);
}

async function main(): Promise<void> {
  const listings = process.argv.includes("--saved") ? saved() : await listAll();
  const input = listingInput(listings);
  const results = await dialectEvidence(input.subjectsOf);
  for (const line of evidenceTable("Held-out MCP listings:", results, input.caption))
    console.log(line);
  for (const line of disagreementLines(results)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
