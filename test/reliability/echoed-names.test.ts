/**
 * A name a model or caller makes up is echoed back at a bounded length: `describe_tools`
 * asked for names it does not know returns them clipped, never cut inside a surrogate
 * pair, and at most as many as it takes; an unknown tool or play is named clipped too.
 */
import { capability, definePlay, defineTool, playbook, toolbox, toolSet } from "toolwright";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { fixtureCapabilities } from "../set/fixtures";

describe("describe_tools and hostile names", () => {
  const set = toolSet(fixtureCapabilities(z), { deferLoading: true });

  it("returns an unknown name of any length clipped to 100 characters", async () => {
    const long = "x".repeat(1_000_000);
    const splitPair = `${"y".repeat(99)}😀${"y".repeat(50)}`;
    const outcome = await set.call("describe_tools", { names: [long, splitPair, "now"] });
    if (!outcome.ok) throw new Error(outcome.error);
    const { tools, unknown } = outcome.value as { tools: { name: string }[]; unknown: string[] };
    expect(tools.map((tool) => tool.name)).toEqual(["now"]);
    expect(unknown).toEqual([`${"x".repeat(100)}…`, `${"y".repeat(99)}…`]);
    expect(JSON.stringify(set.content("describe_tools", outcome.value)).length).toBeLessThan(5_000);
  });

  it("takes at most 20 names, refusing more without echoing them", async () => {
    const names = Array.from({ length: 21 }, (_, index) => `secret-${index}-${"z".repeat(1_000)}`);
    const outcome = await set.call("describe_tools", { names });
    expect(outcome).toMatchObject({ ok: false, kind: "invalid-arguments" });
    expect(outcome.ok ? "" : outcome.error).not.toContain("secret-");
  });
});

describe("an unknown name of any length", () => {
  // A name the types refuse: what a model or a caller without types sends.
  const long = "n".repeat(1_000_000) as never;
  const clipped = `'${"n".repeat(100)}…'`;
  const tools = toolbox("t", "Tools", {
    ping: defineTool({ description: "Ping", parameters: z.object({}), execute: () => "pong" }),
  });
  const plays = playbook("p", "Plays", {
    greet: definePlay({
      description: "Greet",
      parameters: z.object({}),
      returns: z.string(),
      execute: () => "hi",
    }),
  });

  it("is named clipped by a tool set", async () => {
    const set = toolSet([capability({ name: "t", description: "Tools", toolbox: tools })]);
    const outcome = await set.call(long, {} as never);
    expect(outcome).toMatchObject({ ok: false, kind: "unknown-name" });
    const error = outcome.ok ? "" : outcome.error;
    expect(error).toContain(`unknown tool ${clipped}`);
    expect(error.length).toBeLessThan(400);
  });

  it("is named clipped by Toolbox.execute and Playbook.execute", async () => {
    const thrown = await tools.execute(long, {} as never).catch((error: unknown) => error);
    expect((thrown as Error).message).toContain(`unknown tool ${clipped}`);
    expect((thrown as Error).message.length).toBeLessThan(400);
    const played = (await plays.execute(long, {} as never)) as { error: string };
    expect(played.error).toContain(`unknown play ${clipped}`);
    expect(played.error.length).toBeLessThan(400);
  });
});
