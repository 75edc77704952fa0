/**
 * Manuals as MCP resources: one `text/markdown` resource per capability with a manual,
 * at `toolwright://manual/<capability>`.
 *
 * @module
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ListResourcesRequestSchema,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/sdk/types.js";
import type { Capability } from "toolwright";

const MANUAL_URI = "toolwright://manual/";

/** Answers `resources/list` and `resources/read` on `server` from the manuals given. */
export function serveManuals(server: Server, manuals: readonly Capability[]): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: manuals.map(toResource),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    readManual(manuals, request.params.uri),
  );
}

function manualUri(capability: Capability): string {
  return `${MANUAL_URI}${encodeURIComponent(capability.name)}`;
}

function toResource(capability: Capability): Resource {
  return {
    uri: manualUri(capability),
    name: capability.manual?.name ?? capability.name,
    description: capability.manual?.description ?? capability.description,
    mimeType: "text/markdown",
  };
}

// An unknown URI throws: the SDK answers it as a JSON-RPC error listing the known ones.
function readManual(manuals: readonly Capability[], uri: string): ReadResourceResult {
  const owner = manuals.find((capability) => manualUri(capability) === uri);
  if (owner?.manual === undefined) {
    const known = manuals.map(manualUri);
    throw new Error(`unknown resource '${uri}'; resources: ${known.join(", ")}`);
  }
  return { contents: [{ uri, mimeType: "text/markdown", text: owner.manual.toPrompt() }] };
}
