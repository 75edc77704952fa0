/**
 * `server.configure`: the SDK's own `McpServer`, handed to the user before it connects,
 * over every transport toolwright serves, with toolwright's tools beside what it adds;
 * and the per-request cost of stateless HTTP kept to what cannot be shared.
 */

import { spawn } from "node:child_process";
import { createServer, type Server as NodeHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import Ajv from "ajv";
import { createMcpHttpHandler, listenMcpHttp, type McpServerOptions } from "toolwright/mcp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureCapabilities, zods } from "../../set/fixtures";
import { addResourceAndPrompt, echoTools } from "./configure-fixture";
import { connectInMemory } from "./in-memory-client";

const root = fileURLToPath(new URL("../../..", import.meta.url));

const base = { name: "configured", version: "1.0.0", tools: echoTools() } as const;

/** What every transport must show: the added resource and prompt, and the tool still working. */
async function expectConfigured(client: Client): Promise<void> {
  const { resources } = await client.listResources();
  expect(resources).toEqual([
    { uri: "test://greeting", name: "greeting", description: "A greeting", mimeType: "text/plain" },
  ]);
  const read = await client.readResource({ uri: "test://greeting" });
  expect(read.contents).toEqual([
    { uri: "test://greeting", mimeType: "text/plain", text: "hello" },
  ]);
  const { prompts } = await client.listPrompts();
  expect(prompts.map((prompt) => prompt.name)).toEqual(["review"]);
  const prompt = await client.getPrompt({ name: "review", arguments: { topic: "the plan" } });
  expect(prompt.messages).toEqual([
    { role: "user", content: { type: "text", text: "Review the plan." } },
  ]);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(["echo"]);
  const result = await client.callTool({ name: "echo", arguments: { text: "hi" } });
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toEqual({ echoed: "hi" });
}

async function httpClient(url: URL): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

function listenOn(server: NodeHttpServer): Promise<URL> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve(new URL(`http://127.0.0.1:${port}/mcp`));
    }),
  );
}

function postCall(url: URL, id: number): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "echo", arguments: { text: "x" } },
    }),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("server.configure over stateless HTTP", () => {
  it("listenMcpHttp: a resource and a prompt added by configure are listed and read; the tools still work", async () => {
    const seen: McpServer[] = [];
    const http = await listenMcpHttp({
      ...base,
      server: {
        configure: (server) => {
          seen.push(server);
          addResourceAndPrompt(server);
        },
      },
    });
    const client = await httpClient(http.url);
    try {
      await expectConfigured(client);
      // A server is built per request, and each one is configured before it connects.
      expect(seen.length).toBeGreaterThan(5);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await client.close();
      await http.close();
    }
  });

  it("createMcpHttpHandler: configure runs for the handler's servers too", async () => {
    const handler = createMcpHttpHandler({ ...base, server: { configure: addResourceAndPrompt } });
    const node = createServer(handler);
    const url = await listenOn(node);
    const client = await httpClient(url);
    try {
      await expectConfigured(client);
    } finally {
      await client.close();
      await handler.close();
      node.close();
      node.closeAllConnections();
    }
  });

  it("a configure that throws at start rejects listenMcpHttp with a McpConfigureError; nothing listens", async () => {
    const failing = listenMcpHttp({
      ...base,
      server: {
        configure: () => {
          throw new Error("no prompts today");
        },
      },
    });
    await expect(failing).rejects.toMatchObject({
      name: "McpConfigureError",
      message: expect.stringMatching(/configure\(server\) threw: no prompts today/),
    });
    expect(() =>
      createMcpHttpHandler({
        ...base,
        server: {
          configure: () => {
            throw new Error("no prompts today");
          },
        },
      }),
    ).toThrow(expect.objectContaining({ name: "McpConfigureError" }));
  });

  it("a configure that throws on one request answers that request 500, warns, and serves the next", async () => {
    let calls = 0;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    const http = await listenMcpHttp({
      ...base,
      server: {
        configure: () => {
          calls += 1;
          if (calls === 2) throw new Error("flaky setup");
        },
      },
    });
    try {
      // Call 1 ran at start; the first request is call 2.
      const failed = await postCall(http.url, 1);
      expect(failed.status).toBe(500);
      expect(await failed.json()).toMatchObject({ error: { code: -32603 } });
      const next = await postCall(http.url, 2);
      expect(next.status).toBe(200);
      expect(await next.text()).toContain('\\"echoed\\":\\"x\\"');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.join("\n")).toMatch(/configure\(server\) threw: flaky setup/);
    } finally {
      process.off("warning", onWarning);
      await http.close();
    }
  });

  it("refuses an async configure at start, naming it, since each request would wait for it", async () => {
    await expect(
      listenMcpHttp({ ...base, server: { configure: async () => {} } }),
    ).rejects.toMatchObject({
      name: "McpConfigureError",
      message: expect.stringMatching(/synchronous/),
    });
  });

  it("refuses a configure that is not a function", async () => {
    await expect(
      listenMcpHttp({
        ...base,
        server: { configure: "yes" as unknown as (server: McpServer) => void },
      }),
    ).rejects.toThrow(/configure must be a function/);
  });

  it("builds no JSON Schema validator per request: one Ajv per handler, none per POST", async () => {
    const http = await listenMcpHttp({ ...base, server: { configure: addResourceAndPrompt } });
    const client = await httpClient(http.url);
    try {
      await client.listTools();
      // Every Ajv the SDK builds (its default validator) adds ajv-formats' formats to itself.
      const formats = vi.spyOn(Ajv.prototype, "addFormat");
      for (let i = 0; i < 5; i++) await client.callTool({ name: "echo", arguments: { text: "a" } });
      await client.listTools();
      expect(formats).not.toHaveBeenCalled();
    } finally {
      await client.close();
      await http.close();
    }
  });
});

describe("server.configure over stdio", () => {
  it("a resource and a prompt added by configure are listed and read; the tools still work", async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--import", "tsx", "test/adapters/mcp/configure-stdio-server.ts"],
        cwd: root,
        stderr: "inherit",
      }),
    );
    try {
      await expectConfigured(client);
    } finally {
      await client.close();
    }
  });

  it("a configure that throws rejects serveStdio with a McpConfigureError before it connects", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/adapters/mcp/configure-stdio-server.ts", "throw"],
      { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(3);
    expect(JSON.parse(stderr.trim().split("\n").at(-1) ?? "{}")).toEqual({
      name: "McpConfigureError",
      message: expect.stringMatching(/configure\(server\) threw: no prompts today/),
    });
  });
});

describe("server.configure beside the manuals", () => {
  const [, z] = zods[0];
  it("keeps toolwright's manual resources listed and readable beside the ones it adds", async () => {
    const options: McpServerOptions = {
      name: "fixtures",
      version: "1.0.0",
      tools: fixtureCapabilities(z),
      server: { instructions: "Use the notes.", configure: addResourceAndPrompt },
    };
    const { client, close } = await connectInMemory(options);
    try {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual([
        "toolwright://manual/notes",
        "test://greeting",
      ]);
      const manual = await client.readResource({ uri: "toolwright://manual/notes" });
      expect(manual.contents[0]).toMatchObject({ mimeType: "text/markdown" });
      expect(client.getInstructions()).toBe("Use the notes.");
    } finally {
      await close();
    }
  });

  it("a configure that registers a tool is refused by name: tools are toolwright's", async () => {
    const { createMcpServer } = await import("toolwright/mcp");
    expect(() =>
      createMcpServer({
        ...base,
        server: {
          configure: (server) => {
            server.registerTool("other", { description: "x" }, () => ({ content: [] }));
          },
        },
      }),
    ).toThrow(expect.objectContaining({ name: "McpConfigureError" }));
  });

  it("instructions moved into server: the old option is refused, saying where it went", () => {
    return import("toolwright/mcp").then(({ createMcpServer }) =>
      expect(() =>
        createMcpServer({ ...base, instructions: "x" } as unknown as McpServerOptions),
      ).toThrow(/instructions is now server\.instructions/),
    );
  });
});
