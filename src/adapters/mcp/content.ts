/**
 * What an MCP client reads of a result: toolwright's content parts as MCP content blocks.
 * MCP has a block for every kind of part, so nothing becomes text here. (A binary part
 * whose data is not base64, which the client's own schema would reject, never gets here:
 * the tool set shows such a result as JSON, saying why.)
 *
 * @module
 */
import type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import type { ContentPart } from "toolwright";

/**
 * The MCP content blocks of `parts`, in order: text, image and audio as themselves
 * (`mediaType` as `mimeType`), a resource link as `resource_link`, an embedded resource
 * as `resource` with its `text` (or, without one, its `blob`).
 */
export function toMcpContent(parts: readonly ContentPart[]): ContentBlock[] {
  return parts.map(toMcpBlock);
}

function toMcpBlock(part: ContentPart): ContentBlock {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "image":
    case "audio":
      return { type: part.type, data: part.data, mimeType: part.mediaType };
    case "resource-link":
      return {
        type: "resource_link",
        uri: part.uri,
        name: part.name,
        ...(part.description !== undefined && { description: part.description }),
        ...(part.mediaType !== undefined && { mimeType: part.mediaType }),
      };
    case "resource":
      return embedded(part);
  }
}

function embedded(part: Extract<ContentPart, { type: "resource" }>): ContentBlock {
  const mimeType = part.mediaType !== undefined ? { mimeType: part.mediaType } : {};
  if (typeof part.text === "string") {
    return { type: "resource", resource: { uri: part.uri, ...mimeType, text: part.text } };
  }
  return { type: "resource", resource: { uri: part.uri, ...mimeType, blob: part.blob ?? "" } };
}
