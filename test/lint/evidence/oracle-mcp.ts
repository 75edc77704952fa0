/**
 * The MCP path: `toolwright/mcp` lists the 2020-12 projection as `inputSchema`. The SDK's own
 * `Tool` schema must accept the listing, and whatever client model receives the schema is
 * shown it unchanged.
 */
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { plainJsonSchema } from "./oracle-anthropic.js";
import type { Problems } from "./problems.js";
import type { Subject } from "./subject.js";

/** `toolwright/mcp`: the tools/list entry of the subject. */
export function mcp(subject: Subject): Problems {
  const problems = plainJsonSchema(subject);
  const projected = subject.project("draft-2020-12");
  if ("json" in projected) {
    const listed = ToolSchema.safeParse({ name: subject.name, inputSchema: projected.json });
    if (!listed.success)
      problems.add([], `the SDK's Tool schema refuses it: ${listed.error.message}`);
  }
  return problems;
}
