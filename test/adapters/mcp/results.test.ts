/**
 * What an MCP client receives for results whose shape could be mistaken for a failure:
 * only the boundary's outcome decides `isError`, never the shape of a value.
 */
import { capability, definePlay, defineTool, playbook, toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import { zods } from "../../set/fixtures";
import { connectInMemory } from "./in-memory-client";

describe.each(zods)("MCP results decided by the boundary (%s)", (_label, z) => {
  it("a play or tool returning { error } as its declared result is no isError", async () => {
    const reported = z.object({ error: z.string().describe("The problem, as data") });
    const { client, close } = await connectInMemory({
      name: "results",
      version: "1.0.0",
      tools: [
        capability({
          name: "c",
          description: "c",
          toolbox: toolbox("c", "c", {
            check_tool: defineTool({
              description: "Reports a problem as data",
              parameters: z.object({}),
              returns: reported,
              execute: () => ({ error: "disk almost full" }),
            }),
          }),
          playbook: playbook("p", "p", {
            check_play: definePlay({
              description: "Reports a problem as data",
              parameters: z.object({ verbose: z.boolean().optional().describe("More detail") }),
              returns: reported,
              execute: () => ({ error: "disk almost full" }),
            }),
          }),
        }),
      ],
    });
    try {
      for (const name of ["check_tool", "check_play"]) {
        const result = await client.callTool({ name, arguments: {} });
        expect(result.isError, name).toBeFalsy();
        expect(result.structuredContent, name).toEqual({ error: "disk almost full" });
      }
      // A real failure of the same play still is one.
      const invalid = await client.callTool({ name: "check_play", arguments: { verbose: "yes" } });
      expect(invalid.isError).toBe(true);
    } finally {
      await close();
    }
  });
});
