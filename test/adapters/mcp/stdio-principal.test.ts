/**
 * Over stdio there is no token: `serveStdio`'s `principal` names the one caller, and
 * every call reads it as `ctx.auth` (and the `host` hook as `auth`). A malformed one is
 * refused by name.
 */
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { serveStdio } from "toolwright/mcp";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("serveStdio({ principal })", () => {
  it("is every call's ctx.auth and the host hook's auth", async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", "test/adapters/mcp/stdio-principal-server.ts"],
        cwd: root,
        stderr: "inherit",
      }),
    );
    try {
      const result = (await client.callTool({ name: "whoami", arguments: {} })) as CallToolResult;
      expect(result.content).toEqual([{ type: "text", text: "ada (notes:read); host saw ada" }]);
    } finally {
      await client.close();
    }
  });

  it.each([
    [{ subject: "", scopes: [], claims: {} }],
    [{ subject: "ada", scopes: "notes:read", claims: {} }],
    [{ subject: "ada", scopes: [] }],
  ])("refuses %j by name", async (principal) => {
    await expect(
      serveStdio({ name: "n", version: "1", tools: [], principal: principal as never }),
    ).rejects.toThrow("principal must be { subject, scopes, claims }");
  });
});
