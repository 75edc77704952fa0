/**
 * One MCP server over Streamable HTTP, stateless, in a process of its own, for
 * `mcp-http.ts`: toolwright's `listenMcpHttp`, or the MCP SDK's own stateless server
 * (a new `McpServer` and transport per POST, as the SDK's stateless example does),
 * each serving the same `echo` tool. Prints `{"url": "..."}` once listening; exits when
 * stdin ends.
 *
 * Usage: `tsx bench/mcp-http-server.ts <toolwright | sdk>`
 *
 * @module
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { listenMcpHttp } from "toolwright/mcp";
import { z } from "zod";

const parameters = z.object({ text: z.string(), count: z.number().int() });
const returns = z.object({ echoed: z.string(), count: z.number() });
const execute = ({ text, count }: z.output<typeof parameters>) => ({ echoed: text, count });

async function toolwright(): Promise<URL> {
  const echo = defineTool({ description: "echo", parameters, returns, execute });
  const box = toolbox("bench", "bench", { echo });
  const tools = toolSet([capability({ name: "bench", description: "bench", toolbox: box })], {
    manuals: false,
  });
  const http = await listenMcpHttp({ name: "bench", version: "1.0.0", tools });
  return http.url;
}

async function sdk(): Promise<URL> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const mcp = new McpServer({ name: "bench", version: "1.0.0" });
    mcp.registerTool(
      "echo",
      { description: "echo", inputSchema: parameters.shape, outputSchema: returns.shape },
      (args) => {
        const value = execute(args);
        return {
          content: [{ type: "text", text: JSON.stringify(value) }],
          structuredContent: value,
        };
      },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

const which = process.argv[2];
if (which !== "toolwright" && which !== "sdk") {
  throw new TypeError(`mcp-http-server: unknown server '${which}'`);
}
const url = which === "toolwright" ? await toolwright() : await sdk();
process.stdout.write(`${JSON.stringify({ url: url.href })}\n`);
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
