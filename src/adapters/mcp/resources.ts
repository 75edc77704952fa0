/**
 * Manuals as MCP resources: one `text/markdown` resource per capability with a manual,
 * at `toolwright://manual/<capability>`.
 *
 * @module
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import type { Capability } from "toolwright";

const MANUAL_URI = "toolwright://manual/";

/**
 * Registers each manual as a resource of `server`, through the SDK's own registry, so
 * that the resources a user adds in `configure` are served beside them.
 */
export function serveManuals(server: McpServer, manuals: readonly Capability[]): void {
  for (const capability of manuals) {
    const manual = capability.manual;
    if (manual === undefined) continue;
    const uri = manualUri(capability);
    server.registerResource(
      manual.name,
      uri,
      { description: manual.description, mimeType: "text/markdown" },
      (): ReadResourceResult => ({
        contents: [{ uri, mimeType: "text/markdown", text: manual.toPrompt() }],
      }),
    );
  }
}

function manualUri(capability: Capability): string {
  return `${MANUAL_URI}${encodeURIComponent(capability.name)}`;
}
