import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { capability, defineTool, type ToolCallRecord, toolbox, toolSet } from "toolwright";
import { createMcpServer, listenMcpHttp, type McpServerOptions } from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import { fixtureCapabilities, zods } from "../../set/fixtures";
import { mcpContract } from "./contract";
import { connectInMemory } from "./in-memory-client";

const root = fileURLToPath(new URL("../../..", import.meta.url));

function options(
  z: (typeof zods)[number][1],
  extra: Partial<McpServerOptions> = {},
): McpServerOptions {
  return {
    name: "fixtures",
    version: "1.0.0",
    tools: fixtureCapabilities(z),
    host: ({ requestId }) => ({ scope: Object.freeze({ id: `call-${requestId}` }) }),
    ...extra,
  };
}

for (const [label, z] of zods) {
  mcpContract(`in-memory (${label})`, () => connectInMemory(options(z)));

  mcpContract(`Streamable HTTP, stateless (${label})`, async () => {
    const http = await listenMcpHttp(options(z));
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(http.url));
    return {
      client,
      close: async () => {
        await client.close();
        await http.close();
      },
    };
  });

  mcpContract(`stdio, child process (${label})`, async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", "test/adapters/mcp/fixture-server.ts", label],
        cwd: root,
        stderr: "inherit",
      }),
    );
    return { client, close: () => client.close() };
  });
}

describe("MCP server, in process", () => {
  it("cancellation reaches the tool's ctx.signal", async () => {
    let seen: AbortSignal | undefined;
    const records: ToolCallRecord[] = [];
    const waiting = capability({
      name: "w",
      description: "w",
      toolbox: toolbox("w", "w", {
        wait: defineTool({
          description: "Waits for cancellation",
          parameters: zods[0][1].object({}),
          execute: (_args, ctx) =>
            new Promise((resolve) => {
              seen = ctx?.signal;
              ctx?.signal?.addEventListener("abort", () => resolve("aborted"));
            }),
        }),
      }),
    });
    const { client, close } = await connectInMemory({
      name: "w",
      version: "1",
      tools: toolSet([waiting], { recorder: (record) => records.push(record) }),
    });
    const controller = new AbortController();
    const pending = client.callTool({ name: "wait", arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort("stop");
    await expect(pending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen?.aborted).toBe(true);
    expect(records[0]).toMatchObject({ name: "wait", outcome: { ok: false } });
    await close();
  });

  it("a failing host builder is an isError result, not a protocol error", async () => {
    const { client, close } = await connectInMemory({
      ...options(zods[0][1]),
      host: () => {
        throw new Error("no scope for you");
      },
    });
    const result = await client.callTool({ name: "now", arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      content: [
        { text: "tool 'now' failed: the server could not prepare the call: no scope for you" },
      ],
    });
    await close();
  });

  it("throws at creation when names collide", () => {
    const [notes] = fixtureCapabilities(zods[0][1]);
    expect(() => createMcpServer({ name: "x", version: "1", tools: [notes, notes] })).toThrow(
      /declared by both tool 'notes\/add_note' and tool 'notes\/add_note'/,
    );
  });

  it("serves no resources capability when no capability has a manual", async () => {
    const [, clock] = fixtureCapabilities(zods[0][1]);
    const { client, close } = await connectInMemory({
      name: "c",
      version: "1",
      tools: [clock],
    });
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    await close();
  });
});

describe("examples/mcp-server.ts over stdio", () => {
  it("lists and calls the example tools in a child process", async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", "examples/mcp-server.ts"],
        cwd: root,
        stderr: "ignore",
      }),
    );
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(["list_meetings", "slug_and_span", "whoami"]));
      const who = await client.callTool({ name: "whoami", arguments: {} });
      expect(who.structuredContent).toEqual({ operator: "mcp-client", tier: "free" });
      const play = await client.callTool({
        name: "slug_and_span",
        arguments: { title: "Quarterly Planning!", from: "2026-11-29", to: "2026-12-01" },
      });
      expect(play.structuredContent).toEqual({ slug: "quarterly-planning", days: 2 });
      const invalid = await client.callTool({ name: "list_meetings", arguments: { day: 1 } });
      expect(invalid.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
