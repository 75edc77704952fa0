/**
 * What the `configure` tests serve: one tool through toolwright, and a resource and a
 * prompt added through the SDK's own `McpServer` API in `configure`.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { z } from "zod";

/** A tool set with one tool, `echo`. */
export function echoTools() {
  const echo = defineTool({
    description: "Echoes the text it is given.",
    parameters: z.object({ text: z.string() }),
    returns: z.object({ echoed: z.string() }),
    execute: ({ text }) => ({ echoed: text }),
  });
  const box = toolbox("echo", "echoing", { echo });
  return toolSet([capability({ name: "echo", description: "echoing", toolbox: box })]);
}

/** Adds the resource `test://greeting` and the prompt `review`. */
export function addResourceAndPrompt(server: McpServer): void {
  server.registerResource(
    "greeting",
    "test://greeting",
    { description: "A greeting", mimeType: "text/plain" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: "hello" }] }),
  );
  server.registerPrompt(
    "review",
    { description: "Asks for a review", argsSchema: { topic: z.string() } },
    ({ topic }) => ({
      messages: [{ role: "user", content: { type: "text", text: `Review ${topic}.` } }],
    }),
  );
}
