/**
 * A tool set's `onLog`: what a tool logs with `ctx.log` reaches it, named by the tool;
 * a caller's own `log` wins; a throwing `onLog` never fails the call; without one, the
 * logs are dropped.
 */
import { capability, defineTool, type ToolLogEntry, toolbox, toolSet } from "toolwright";
import { describe, expect, it } from "vitest";
import * as z from "zod";

const logs = defineTool({
  description: "Logs, then answers",
  parameters: z.object({ n: z.number() }),
  execute: ({ n }, ctx) => {
    ctx?.log?.("info", { n });
    ctx?.log?.("nonsense" as never, "typo");
    return n;
  },
});
const caps = [capability({ name: "l", description: "Logs", toolbox: toolbox("l", "L", { logs }) })];

describe("toolSet onLog", () => {
  it("receives each entry with its tool, level and data; an unknown level as info", async () => {
    const entries: ToolLogEntry[] = [];
    const set = toolSet(caps, { onLog: (entry) => entries.push(entry) });
    expect(await set.call("logs", { n: 1 })).toMatchObject({ ok: true, value: 1 });
    await set.callMany([{ name: "logs", args: { n: 2 } }]);
    expect(entries).toEqual([
      { tool: "logs", level: "info", data: { n: 1 } },
      { tool: "logs", level: "info", data: "typo" },
      { tool: "logs", level: "info", data: { n: 2 } },
      { tool: "logs", level: "info", data: "typo" },
    ]);
  });

  it("leaves a caller's own ctx.log in place", async () => {
    const entries: ToolLogEntry[] = [];
    const own: unknown[] = [];
    const set = toolSet(caps, { onLog: (entry) => entries.push(entry) });
    await set.call("logs", { n: 3 }, { log: (level, data) => own.push([level, data]) });
    expect(own).toEqual([
      ["info", { n: 3 }],
      ["nonsense", "typo"],
    ]);
    expect(entries).toEqual([]);
  });

  it("reaches a resumed call too", async () => {
    const entries: ToolLogEntry[] = [];
    const set = toolSet(caps, {
      onLog: (entry) => entries.push(entry),
      controls: { needsApproval: true },
    });
    const pending = await set.call("logs", { n: 4 });
    if (pending.ok || pending.kind !== "approval-required") throw new Error("expected pending");
    expect(await set.resume(pending.approval, { approved: true })).toMatchObject({ ok: true });
    expect(entries[0]).toEqual({ tool: "logs", level: "info", data: { n: 4 } });
  });

  it("never fails the call when onLog throws, and drops the logs without one", async () => {
    const throwing = toolSet(caps, {
      onLog: () => {
        throw new Error("sink down");
      },
    });
    expect(await throwing.call("logs", { n: 5 })).toMatchObject({ ok: true, value: 5 });
    expect(await toolSet(caps).call("logs", { n: 6 })).toMatchObject({ ok: true, value: 6 });
  });

  it("refuses an onLog that is not a function, naming it", () => {
    expect(() => toolSet(caps, { onLog: "console" as never })).toThrow(
      /toolSet: onLog must be a function, received/,
    );
  });
});
