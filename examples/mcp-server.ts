/**
 * The example capabilities as an MCP server, over stdio (default) or Streamable HTTP:
 *
 *   npx tsx examples/mcp-server.ts              # stdio: point an MCP client's command at it
 *   npx tsx examples/mcp-server.ts --http 3000  # http://127.0.0.1:3000/mcp, stateless
 *
 * e.g. in a client's config: { "command": "npx", "args": ["tsx", "examples/mcp-server.ts"] }.
 * Every call gets its own bound run scope (`ctx.host.scope`), so `whoami` answers.
 */
import { listenMcpHttp, type McpServerOptions, serveStdio } from "toolwright/mcp";
import { exampleAgent, supportScope } from "./index";
import { runIfMain } from "./run-if-main";

/** The server's options: the example agent, with a run scope bound per call. */
export const exampleServer: McpServerOptions = {
  name: exampleAgent.name,
  version: "0.1.0",
  tools: exampleAgent.capabilities,
  host: () => ({ scope: supportScope.bind({ operator: "mcp-client" }) }),
};

runIfMain(import.meta.url, async () => {
  const http = process.argv.indexOf("--http");
  // On SIGTERM, calls in flight get a few seconds to finish; the rest are told why.
  if (http === -1) {
    const stdio = await serveStdio(exampleServer); // ending stdin closes it too
    process.once("SIGTERM", () => void stdio.close({ graceMs: 3_000 }));
    console.error(`toolwright example MCP server '${exampleAgent.name}' on stdio`);
    return;
  }
  const port = Number(process.argv[http + 1] ?? 3000);
  const server = await listenMcpHttp({ ...exampleServer, port });
  process.once("SIGTERM", () => void server.close({ graceMs: 3_000 }));
  console.error(`toolwright example MCP server '${exampleAgent.name}' at ${server.url}`);
});
