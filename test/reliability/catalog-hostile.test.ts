/**
 * The deferred catalog echoes what a model sends it at a bounded length: `describe_tools`
 * asked for names it does not know returns them clipped, never cut inside a surrogate
 * pair, and at most as many as it takes.
 */
import { toolSet } from "toolwright";
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
