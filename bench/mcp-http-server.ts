/**
 * One server over HTTP in a process of its own, for `mcp-http.ts`, each serving the
 * same `echo` tool:
 *
 * - `toolwright`: `listenMcpHttp`, stateless;
 * - `sdk`: the MCP SDK's own stateless server (a new `McpServer` and transport per POST,
 *   as the SDK's stateless example does);
 * - `toolwright-sessions`: `listenMcpHttp({ sessions: true })`;
 * - `sdk-sessions`: the SDK's own stateful server, as its README's example does: one
 *   `McpServer` and transport per session, kept in a `Map` by session id (an `initialize`
 *   without one starts a session, later requests are routed by `mcp-session-id`);
 * - `floor`: a bare `node:http` server that parses the POST and answers the same
 *   `tools/call` result as JSON, with no MCP machinery and no validation: the fastest an
 *   HTTP JSON-RPC server can answer on this machine.
 *
 * toolwright is loaded from the built package whose entries the parent names, as users
 * run it: from its sources, tsx's transform (a `__name` call per nested function, among
 * others) would cost it a few percent the SDK's built code does not pay.
 *
 * Prints `{"url": "..."}` once listening; exits when stdin ends.
 *
 * Usage: `tsx bench/mcp-http-server.ts <toolwright | sdk | toolwright-sessions | sdk-sessions | floor> <built toolwright entry> <built toolwright/mcp entry>`
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

type Root = typeof import("toolwright");
type Mcp = typeof import("toolwright/mcp");

const parameters = z.object({ text: z.string(), count: z.number().int() });
const returns = z.object({ echoed: z.string(), count: z.number() });
const execute = ({ text, count }: z.output<typeof parameters>) => ({ echoed: text, count });

/** The `tools/call` result of `echo`, as the SDK's servers and the floor return it. */
function echoResult(args: z.output<typeof parameters>) {
  const value = execute(args);
  return {
    content: [{ type: "text" as const, text: JSON.stringify(value) }],
    structuredContent: value,
  };
}

async function toolwright(sessions: boolean): Promise<URL> {
  const [root, mcp] = process.argv.slice(3).map((file) => pathToFileURL(file).href);
  if (root === undefined || mcp === undefined) {
    throw new TypeError("mcp-http-server: name the built toolwright and toolwright/mcp entries");
  }
  const { capability, defineTool, toolbox, toolSet } = (await import(root)) as Root;
  const { listenMcpHttp } = (await import(mcp)) as Mcp;
  const echo = defineTool({ description: "echo", parameters, returns, execute });
  const box = toolbox("bench", "bench", { echo });
  const tools = toolSet([capability({ name: "bench", description: "bench", toolbox: box })], {
    manuals: false,
  });
  const http = await listenMcpHttp({ name: "bench", version: "1.0.0", tools, sessions });
  return http.url;
}

function sdkServer(): McpServer {
  const mcp = new McpServer({ name: "bench", version: "1.0.0" });
  mcp.registerTool(
    "echo",
    { description: "echo", inputSchema: parameters.shape, outputSchema: returns.shape },
    echoResult,
  );
  return mcp;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

async function listen(handler: Handler): Promise<URL> {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

function sdk(): Promise<URL> {
  return listen(async (req, res) => {
    const body = await bodyOf(req);
    const mcp = sdkServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  });
}

function sdkSessions(): Promise<URL> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  return listen(async (req, res) => {
    const body = req.method === "POST" ? await bodyOf(req) : undefined;
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? transports.get(id) : undefined;
    if (transport === undefined && id === undefined && isInitializeRequest(body)) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sessionId) => void transports.set(sessionId, created),
      });
      created.onclose = () => {
        if (created.sessionId !== undefined) transports.delete(created.sessionId);
      };
      await sdkServer().connect(created);
      transport = created;
    }
    if (transport === undefined) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          error: { code: -32000, message: "Bad Request: No valid session ID provided" },
          id: null,
        }),
      );
      return;
    }
    await transport.handleRequest(req, res, body);
  });
}

function floor(): Promise<URL> {
  return listen(async (req, res) => {
    const body = (await bodyOf(req)) as { id: unknown; params: { arguments: never } };
    const text = JSON.stringify({
      jsonrpc: "2.0",
      id: body.id,
      result: echoResult(body.params.arguments),
    });
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  });
}

const servers: Record<string, () => Promise<URL>> = {
  toolwright: () => toolwright(false),
  sdk,
  "toolwright-sessions": () => toolwright(true),
  "sdk-sessions": sdkSessions,
  floor,
};

const which = process.argv[2] ?? "";
const serve = servers[which];
if (serve === undefined) throw new TypeError(`mcp-http-server: unknown server '${which}'`);
const url = await serve();
process.stdout.write(`${JSON.stringify({ url: url.href })}\n`);
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
