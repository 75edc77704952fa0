/**
 * `--mcp` loads the MCP SDK (an optional peer) only when it lists a server: without it,
 * the listing is one load error that says what to install.
 */
import { describe, expect, it, vi } from "vitest";
import { listMcpTools } from "../../src/check/cli/mcp-listing";

vi.mock("@modelcontextprotocol/sdk/client/index.js", () => {
  throw new Error("Cannot find package '@modelcontextprotocol/sdk'");
});

describe("listing an MCP server without the SDK", () => {
  it("is a load error naming the peer to install", async () => {
    const outcome = await listMcpTools(
      { kind: "stdio", command: "node server.mjs" },
      { cwd: process.cwd(), timeout: 60_000 },
    );
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.problem).toMatch(
      /^node server\.mjs: listing an MCP server needs @modelcontextprotocol\/sdk \(an optional peer of toolwright\), which could not be loaded \(.*\); install it: npm i -D @modelcontextprotocol\/sdk$/,
    );
  });
});
