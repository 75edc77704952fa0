/**
 * The three real MCP servers of the evidence (the reference servers everything, filesystem and
 * memory, exact-pinned devDependencies): each started locally over stdio from node_modules and
 * its `tools/list` read through the CLI's own listing code (`src/check/cli/mcp-listing.ts`),
 * which ends each server's process tree when it has listed. No network.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listMcpTools } from "../../../src/check/cli/mcp-listing.js";
import { isJson, type Json } from "./json-nodes.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The servers, by package name; the filesystem server is given an empty directory to serve. */
export const REAL_SERVERS = [
  "@modelcontextprotocol/server-everything",
  "@modelcontextprotocol/server-filesystem",
  "@modelcontextprotocol/server-memory",
] as const;

/** One server's listing: its package, version, and tools. */
export interface RealListing {
  readonly server: (typeof REAL_SERVERS)[number];
  readonly version: string;
  readonly tools: readonly { readonly name: string; readonly inputSchema: Json }[];
}

/** Lists the three servers side by side; rejects naming a server that did not list. */
export async function realListings(): Promise<RealListing[]> {
  const served = mkdtempSync(join(tmpdir(), "toolwright-evidence-fs-"));
  try {
    return await Promise.all(REAL_SERVERS.map((server) => listOne(server, served)));
  } finally {
    rmSync(served, { recursive: true, force: true });
  }
}

async function listOne(server: RealListing["server"], served: string): Promise<RealListing> {
  const dir = join(ROOT, "node_modules", server);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
  const extra = server.endsWith("filesystem") ? ` ${served}` : "";
  const command = `node ${join(dir, "dist/index.js")}${extra}`;
  const outcome = await listMcpTools({ kind: "stdio", command }, { cwd: ROOT, timeout: 30_000 });
  if (!outcome.ok) throw new Error(`evidence: ${server} did not list: ${outcome.problem}`);
  const tools = outcome.listing.tools.map((tool) => {
    if (!isJson(tool.inputSchema)) throw new Error(`evidence: ${server}/${tool.name}: no schema`);
    return { name: tool.name, inputSchema: tool.inputSchema };
  });
  return { server, version: pkg.version, tools };
}
