/**
 * A stdio server naming its one caller (`principal`), for the stdio principal test: its
 * `whoami` tool answers `ctx.auth`, and the `host` hook's `auth` is echoed beside it.
 * Usage: tsx test/adapters/mcp/stdio-principal-server.ts
 */
import { capability, defineTool, toolbox } from "toolwright";
import { serveStdio } from "toolwright/mcp";
import * as z from "zod";

const tools = toolbox("who", "Who is calling", {
  whoami: defineTool({
    description: "Says who is calling",
    parameters: z.object({}),
    execute: (_args, ctx) =>
      `${ctx?.auth?.subject} (${ctx?.auth?.scopes.join(" ")}); host saw ${String(ctx?.host?.caller)}`,
  }),
});
await serveStdio({
  name: "principal",
  version: "1.0.0",
  tools: [capability({ name: "who", description: "Who", toolbox: tools })],
  principal: { subject: "ada", scopes: ["notes:read"], claims: { via: "login" } },
  host: ({ auth }) => ({ caller: auth?.subject }),
});
