/**
 * `toolwright check --mcp` against three real MCP servers from the npm registry (the
 * reference servers everything, memory and filesystem, exact-pinned devDependencies),
 * started locally over stdio by the built CLI: no network. Each target's findings are the
 * ones these listings really hold, so a regression in listing, labelling or linting shows.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, removeCli, runCli } from "./build";

beforeAll(buildCli, 120_000);
afterAll(removeCli);

// The filesystem server needs a directory it may serve; it lists its tools without reading it.
const ALLOWED = mkdtempSync(join(tmpdir(), "toolwright-fs-"));
afterAll(() => rmSync(ALLOWED, { recursive: true, force: true }));

const BIN = "node node_modules/@modelcontextprotocol";
const SERVERS = {
  everything: { command: `${BIN}/server-everything/dist/index.js`, tools: 13 },
  memory: { command: `${BIN}/server-memory/dist/index.js`, tools: 9 },
  filesystem: { command: `${BIN}/server-filesystem/dist/index.js ${ALLOWED}`, tools: 14 },
} as const;

/** The findings under Gemini's parametersJsonSchema rules. */
const GEMINI: Partial<Record<keyof typeof SERVERS, string[]>> = {
  everything: [
    "mcp-servers/everything / get-annotated-message.parameters unenforced-keyword $.includeImage",
    "mcp-servers/everything / get-resource-links.parameters unenforced-keyword $.count",
    "mcp-servers/everything / get-resource-reference.parameters unenforced-keyword $.resourceType",
    "mcp-servers/everything / get-resource-reference.parameters unenforced-keyword $.resourceId",
    "mcp-servers/everything / gzip-file-as-resource.parameters unenforced-keyword $.name",
    "mcp-servers/everything / gzip-file-as-resource.parameters unenforced-keyword $.data",
    "mcp-servers/everything / gzip-file-as-resource.parameters unenforced-keyword $.outputType",
    "mcp-servers/everything / trigger-long-running-operation.parameters unenforced-keyword $.duration",
    "mcp-servers/everything / trigger-long-running-operation.parameters unenforced-keyword $.steps",
    "mcp-servers/everything / simulate-research-query.parameters unenforced-keyword $.ambiguous",
  ],
  filesystem: [
    "secure-filesystem-server / edit_file.parameters unenforced-keyword $.dryRun",
    "secure-filesystem-server / list_directory_with_sizes.parameters unenforced-keyword $.sortBy",
    "secure-filesystem-server / directory_tree.parameters unenforced-keyword $.excludePatterns",
    "secure-filesystem-server / search_files.parameters unenforced-keyword $.excludePatterns",
  ],
};

/** Each target's findings per server, as `label code path`. */
const EXPECTED: Record<string, Partial<Record<keyof typeof SERVERS, string[]>>> = {
  "openai-strict": {
    everything: ["mcp-servers/everything / gzip-file-as-resource.parameters string-format $.data"],
  },
  "anthropic-strict": {
    everything: ["mcp-servers/everything / get-resource-links.parameters numeric-bound $.count"],
  },
  gemini: GEMINI,
  // These listings name their `$schema` (draft-07), so @google/genai sends them as
  // parametersJsonSchema even through the legacy field: the same findings as `gemini`.
  "gemini-parameters": GEMINI,
  openai: {},
  anthropic: {},
  mcp: {},
};

describe.each(Object.entries(SERVERS))(
  "toolwright check --mcp %s (a real server)",
  (server, { command, tools }) => {
    it.each(Object.keys(EXPECTED))("prints its findings under --target %s", (target) => {
      const result = runCli("check", "--mcp", command, "--target", target, "--format", "json");
      expect(result.stderr).toBe("");
      const json = JSON.parse(result.stdout);
      expect(json.toolsChecked).toBe(tools);
      expect(json.servers).toEqual([command]);
      const found = [
        ...new Set(
          json.findings.map(
            (f: { label: string; code: string; path: string }) => `${f.label} ${f.code} ${f.path}`,
          ),
        ),
      ];
      expect(found).toEqual(EXPECTED[target]?.[server as keyof typeof SERVERS] ?? []);
      const errors = json.findings.some((f: { severity: string }) => f.severity === "error");
      expect(result.status).toBe(errors ? 1 : 0);
    });
  },
);

describe("the everything server, in text", () => {
  it("prints each finding per target, naming the server and the tool, started by npx", () => {
    // The issue's own command, from the local install: --offline keeps npx off the network.
    const command = "npx --offline @modelcontextprotocol/server-everything";
    const result = runCli(
      "check",
      "--mcp",
      command,
      "--target",
      "openai-strict",
      "--target",
      "anthropic-strict",
    );
    expect(result.status).toBe(1);
    expect(result.lines.map((line) => line.replace(/ — .*( \([\w-]+\))$/, "$1"))).toEqual([
      `${command}: mcp-servers/everything / get-resource-links.parameters: [numeric-bound] error $.count (anthropic-strict)`,
      `${command}: mcp-servers/everything / gzip-file-as-resource.parameters: [string-format] error $.data (openai-strict)`,
      "toolwright check: 14 schemas under openai-strict and anthropic-strict: 2 errors, 0 warnings",
    ]);
  });
});
