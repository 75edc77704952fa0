// The notes capability of probes/fixtures.ts served by serveStdio, for probes/inspector.ts:
// the MCP Inspector CLI spawns it as `<node22> inspector/stdio-server.ts` and ends it by
// closing its stdin. Not a probe (run.ts runs probes/ only), so it lives beside them.
import { serveStdio } from "toolwright/mcp";
import { notesCapability } from "../probes/fixtures.ts";

const stdio = await serveStdio({ name: "notes", version: "1.0.0", tools: [notesCapability()] });
await stdio.closed;
