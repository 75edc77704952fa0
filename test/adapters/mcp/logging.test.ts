/**
 * MCP logging through the SDK's own Client: the server declares `logging`, answers
 * `logging/setLevel`, and a tool's `ctx.log` arrives as `notifications/message` at or
 * above the client's level, named by the tool, before the call's result.
 */
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { capability, defineTool, toolbox } from "toolwright";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { type Connected, connectInMemory } from "./in-memory-client";

const chatty = defineTool({
  description: "Logs at three levels, then answers",
  parameters: z.object({}),
  execute: (_args, ctx) => {
    ctx?.log?.("debug", "looking");
    ctx?.log?.("info", { step: "fetched", rows: 2 });
    ctx?.log?.("error", "one row was bad");
    return "done";
  },
});
const hostile = defineTool({
  description: "Logs what JSON cannot carry, at a level that is not one",
  parameters: z.object({}),
  execute: (_args, ctx) => {
    ctx?.log?.("info", { big: 1n });
    ctx?.log?.("loud" as never, "typo");
    return "still done";
  },
});
const tools = [
  capability({
    name: "c",
    description: "Chatty tools",
    toolbox: toolbox("c", "C", { chatty, hostile }),
  }),
];

let connected: Connected | undefined;
afterEach(() => connected?.close());

async function connect() {
  connected = await connectInMemory({ name: "logs", version: "1.0.0", tools });
  const seen: unknown[] = [];
  connected.client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    seen.push(notification.params);
  });
  return { client: connected.client, seen };
}

describe("MCP logging", () => {
  it("declares logging, and sends every level until the client sets one, before the result", async () => {
    const { client, seen } = await connect();
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const result = await client.callTool({ name: "chatty", arguments: {} });
    expect(result.isError ?? false).toBe(false);
    expect(seen).toEqual([
      { level: "debug", logger: "chatty", data: "looking" },
      { level: "info", logger: "chatty", data: { step: "fetched", rows: 2 } },
      { level: "error", logger: "chatty", data: "one row was bad" },
    ]);
  });

  it("answers logging/setLevel, and then sends only what is at or above it", async () => {
    const { client, seen } = await connect();
    await expect(client.setLoggingLevel("warning")).resolves.toEqual({});
    await client.callTool({ name: "chatty", arguments: {} });
    expect(seen).toEqual([{ level: "error", logger: "chatty", data: "one row was bad" }]);
  });

  it("sends what JSON cannot carry as a text saying so, an unknown level as info, and the call succeeds", async () => {
    const { client, seen } = await connect();
    const result = await client.callTool({ name: "hostile", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "still done" }]);
    expect(seen).toEqual([
      {
        level: "info",
        logger: "hostile",
        data: expect.stringMatching(/^\(a log entry JSON cannot carry: .*BigInt/),
      },
      { level: "info", logger: "hostile", data: "typo" },
    ]);
  });
});
