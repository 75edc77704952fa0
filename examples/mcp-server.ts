/**
 * The example capabilities as an MCP server, over stdio (default) or Streamable HTTP in
 * session mode:
 *
 *   npx tsx examples/mcp-server.ts              # stdio: point an MCP client's command at it
 *   npx tsx examples/mcp-server.ts --http 3000  # http://127.0.0.1:3000/mcp, with sessions
 *
 * e.g. in a client's config: { "command": "npx", "args": ["tsx", "examples/mcp-server.ts"] }.
 * Every call gets its own bound run scope (`ctx.host.scope`), so `whoami` answers. The
 * client-aware tools log (`count_words`), ask the user (`pick_room`) and ask the client's
 * model (`suggest_agenda`), falling back where the client cannot be asked. Beside the
 * tools, the server sends instructions and serves a resource and a prompt of its own.
 */
import {
  listenMcpHttp,
  type McpHttpOptions,
  type McpServerOptions,
  serveStdio,
} from "toolwright/mcp";
import { z } from "zod";
import { clientAware, rooms } from "./client-aware";
import { exampleAgent, supportScope } from "./index";
import { runIfMain } from "./run-if-main";

/** The server's options: the example agent and the client-aware tools, a run scope bound per call. */
export const exampleServer: McpServerOptions = {
  name: exampleAgent.name,
  version: "0.1.0",
  tools: [...exampleAgent.capabilities, clientAware],
  host: () => ({ scope: supportScope.bind({ operator: "mcp-client" }) }),
  server: {
    instructions: "List the day's meetings before you pick a room or suggest an agenda.",
    configure(server) {
      server.registerResource(
        "rooms",
        "rooms://all",
        { description: "The meeting rooms", mimeType: "text/plain" },
        (uri) => ({ contents: [{ uri: uri.href, text: rooms.join("\n") }] }),
      );
      server.registerPrompt(
        "plan_meeting",
        { description: "Plan a meeting", argsSchema: { meeting: z.string() } },
        ({ meeting }) => ({
          messages: [
            {
              role: "user",
              content: {
                type: "text",
                text: `Pick a room and suggest an agenda for '${meeting}'.`,
              },
            },
          ],
        }),
      );
    },
  },
};

/** The HTTP server's options: session mode, so the server can ask the client over HTTP too. */
export function exampleHttp(port: number): McpHttpOptions {
  return { ...exampleServer, port, sessions: true };
}

runIfMain(import.meta.url, async () => {
  const http = process.argv.indexOf("--http");
  // On SIGTERM, calls in flight get a few seconds to finish; the rest are told why.
  if (http === -1) {
    const stdio = await serveStdio(exampleServer); // ending stdin closes it too
    process.once("SIGTERM", () => void stdio.close({ graceMs: 3_000 }));
    console.error(`toolwright example MCP server '${exampleAgent.name}' on stdio`);
    return;
  }
  const server = await listenMcpHttp(exampleHttp(Number(process.argv[http + 1] ?? 3000)));
  process.once("SIGTERM", () => void server.close({ graceMs: 3_000 }));
  console.error(`toolwright example MCP server '${exampleAgent.name}' at ${server.url}`);
});
