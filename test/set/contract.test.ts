/**
 * A set's contract at run time (issue 25, item 3): `set.contract(target)` reads each entry
 * as the target's adapter takes it, `set.fingerprint(target)` hashes those bytes (and is
 * what the lock file records: see test/check/lock.test.ts), and with `approvalContract` a
 * request made against a tool that has since changed is refused by name, before it runs.
 */
import { createHash } from "node:crypto";
import {
  type ApprovalRequest,
  capability,
  defineTool,
  isPending,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { listingChanges } from "../../src/set/contract/listing-changes";
import { type Z, zods } from "./fixtures";

const SECRET = "the deployment's approval secret, 32+ bytes";

function forecastSet(z: Z, version: "v1" | "v2-required" | "v2-optional" | "v2-reworded") {
  const parameters =
    version === "v2-required"
      ? z.object({ city: z.string(), days: z.number() })
      : version === "v2-optional"
        ? z.object({ city: z.string(), days: z.number().optional() })
        : z.object({ city: z.string() });
  const runs: unknown[] = [];
  const forecast = defineTool({
    description: version === "v2-reworded" ? "The forecast for a city" : "Forecast",
    parameters,
    returns: z.object({ summary: z.string() }),
    controls: { needsApproval: true },
    execute: (args: unknown) => {
      runs.push(args);
      return { summary: "sunny" };
    },
  });
  const weather = capability({
    name: "weather",
    description: "Weather",
    toolbox: toolbox("weather", "Weather tools", { forecast }),
  });
  return {
    runs,
    set: toolSet([weather], { approvalSecret: SECRET, approvalContract: "breaking" }),
  };
}

async function requestFrom(z: Z): Promise<ApprovalRequest> {
  const { set } = forecastSet(z, "v1");
  const outcome = await set.call("forecast", { city: "Oslo" });
  if (!isPending(outcome)) throw new Error("expected a pending call");
  // Stored and read back, as a host keeps it.
  return JSON.parse(JSON.stringify(outcome.approval));
}

describe.each(zods)("a set's contract and fingerprint (%s)", (_major, z) => {
  it("reads each target as its adapter projects it, results only where it sends them", () => {
    const { set } = forecastSet(z, "v1");
    const [neutral] = set.contract();
    expect(neutral).toMatchObject({ name: "forecast", description: "Forecast" });
    expect(neutral?.returns).toMatchObject({ type: "object" });
    expect(set.contract("mcp")[0]?.returns).toEqual(neutral?.returns);
    expect(set.contract("openai")[0]).not.toHaveProperty("returns");
    expect(set.contract("openai")[0]?.parameters).toEqual(set.schemas("draft-07")[0]?.parameters);
    expect(set.contract("gemini-parameters")[0]?.parameters).toEqual(
      set.schemas("openapi-3.0")[0]?.parameters,
    );
  });

  it("is the SHA-256 of the listing's JSON bytes, and changes with a reworded description", async () => {
    const { set } = forecastSet(z, "v1");
    const hex = createHash("sha256")
      .update(JSON.stringify(set.contract("mcp")))
      .digest("hex");
    expect(await set.fingerprint("mcp")).toBe(`sha256:${hex}`);
    expect(await set.fingerprint()).toBe(await set.fingerprint("toolwright"));
    const reworded = forecastSet(z, "v2-reworded").set;
    expect(await reworded.fingerprint("mcp")).not.toBe(await set.fingerprint("mcp"));
    expect(await forecastSet(z, "v1").set.fingerprint("mcp")).toBe(await set.fingerprint("mcp"));
  });

  it("holds a client-side tool (no execute) like any other, in declaration order", async () => {
    const ui = (numeric: boolean) =>
      toolSet([
        capability({
          name: "ui",
          description: "UI",
          toolbox: toolbox("ui", "UI tools", {
            confirm: defineTool({
              description: "Ask",
              parameters: z.object({ q: numeric ? z.number() : z.string() }),
            }),
            later: defineTool({ description: "Later", parameters: z.object({}) }),
          }),
        }),
      ]);
    const before = ui(false);
    expect(before.contract("mcp").map((tool) => tool.name)).toEqual(["confirm", "later"]);
    expect(before.contract("mcp")[0]?.parameters).toMatchObject({
      properties: { q: { type: "string" } },
    });
    const after = ui(true);
    expect(await after.fingerprint("mcp")).not.toBe(await before.fingerprint("mcp"));
  });

  it("holds what else a target lists: MCP a title and hints, Anthropic examples; a change there is cosmetic and changes only those fingerprints", async () => {
    const shipSet = (destructive: boolean, example: string) =>
      toolSet([
        capability({
          name: "shop",
          description: "Shop",
          toolbox: toolbox("shop", "Shop tools", {
            ship: defineTool({
              description: "Ship",
              parameters: z.object({ to: z.string() }),
              annotations: { title: "Shipping", destructive },
              examples: [{ to: example }],
              execute: ({ to }: { to: string }) => ({ to }),
            }),
          }),
        }),
      ]);
    const before = shipSet(false, "Oslo");
    expect(before.contract("mcp")[0]).toMatchObject({
      title: "Shipping",
      annotations: { title: "Shipping", destructive: false },
    });
    expect(before.contract("mcp")[0]).not.toHaveProperty("examples");
    expect(before.contract("anthropic")[0]).toMatchObject({ examples: [{ to: "Oslo" }] });
    expect(before.contract("anthropic")[0]).not.toHaveProperty("annotations");
    expect(Object.keys(before.contract("openai")[0] ?? {}).sort()).toEqual([
      "description",
      "name",
      "parameters",
    ]);

    const hinted = shipSet(true, "Oslo");
    const hints = listingChanges(before.contract("mcp"), hinted.contract("mcp"));
    expect(hints).toEqual({
      changes: [
        { tool: "ship", part: "tool", path: "$", change: "cosmetic", what: "annotations changed" },
      ],
      bytesChanged: true,
    });
    expect(await hinted.fingerprint("mcp")).not.toBe(await before.fingerprint("mcp"));
    expect(await hinted.fingerprint("openai")).toBe(await before.fingerprint("openai"));

    const exampled = shipSet(false, "Bergen");
    expect(
      listingChanges(before.contract("anthropic"), exampled.contract("anthropic")).changes,
    ).toEqual([
      { tool: "ship", part: "tool", path: "$", change: "cosmetic", what: "examples changed" },
    ]);
    expect(await exampled.fingerprint("mcp")).toBe(await before.fingerprint("mcp"));
  });

  it("refuses an unknown target by name", async () => {
    const { set } = forecastSet(z, "v1");
    expect(() => set.contract("claude" as never)).toThrow(
      /^fingerprint: unknown target .*claude.*; use one of: toolwright, openai, .*mcp$/,
    );
    await expect(set.fingerprint("claude" as never)).rejects.toThrow(TypeError);
  });
});

describe.each(zods)("resume against a changed contract (%s)", (_major, z) => {
  it("records the tool's contract in the request, signed with the rest", async () => {
    const request = await requestFrom(z);
    expect(request.contract).toMatchObject({ name: "forecast", description: "Forecast" });
    const { set, runs } = forecastSet(z, "v1");
    const swapped = { ...request, contract: { ...request.contract, description: "x" } };
    const outcome = await set.resume(swapped as ApprovalRequest, { approved: true });
    expect(outcome).toMatchObject({ ok: false, kind: "denied", error: /hash does not match/ });
    expect(runs).toEqual([]);
  });

  it("runs a request whose tool has not changed, or changed compatibly", async () => {
    for (const version of ["v1", "v2-optional", "v2-reworded"] as const) {
      const { set, runs } = forecastSet(z, version);
      const outcome = await set.resume(await requestFrom(z), { approved: true });
      expect(outcome, version).toEqual({ ok: true, value: { summary: "sunny" } });
      expect(runs).toEqual([{ city: "Oslo" }]);
    }
  });

  it("refuses, naming the tool and the change, one whose tool changed in a breaking way", async () => {
    const { set, runs } = forecastSet(z, "v2-required");
    const outcome = await set.resume(await requestFrom(z), { approved: true });
    expect(outcome).toMatchObject({
      ok: false,
      kind: "denied",
      error:
        "the approval for 'forecast' was refused: its tool changed in a breaking way since it was requested (parameters $: new required property 'days'); ask again",
    });
    expect(runs).toEqual([]);
  });

  it('with "any", refuses a reworded description too; without the option, checks nothing', async () => {
    const request = await requestFrom(z);
    const capabilities = forecastSet(z, "v2-reworded").set.capabilities;
    const strict = toolSet(capabilities, { approvalSecret: SECRET, approvalContract: "any" });
    expect(await strict.resume(request, { approved: true })).toMatchObject({
      kind: "denied",
      error: /its tool changed since it was requested \(description changed\)/,
    });
    const unchecked = toolSet(forecastSet(z, "v2-required").set.capabilities, {
      approvalSecret: SECRET,
    });
    // Without the check, the arguments are parsed again, and fail on their own terms.
    expect(await unchecked.resume(request, { approved: true })).toMatchObject({
      kind: "invalid-arguments",
    });
  });

  it("refuses a request that records no contract, and a bad option by name", async () => {
    const plain = toolSet(forecastSet(z, "v1").set.capabilities, { approvalSecret: SECRET });
    const outcome = await plain.call("forecast", { city: "Oslo" });
    if (!isPending(outcome)) throw new Error("expected a pending call");
    expect(outcome.approval).not.toHaveProperty("contract");
    const { set } = forecastSet(z, "v1");
    expect(await set.resume(outcome.approval, { approved: true })).toMatchObject({
      kind: "denied",
      error: /it records no contract of its tool/,
    });
    expect(() => toolSet([], { approvalContract: "yes" as never })).toThrow(
      /^toolSet: approvalContract must be "breaking" or "any" \(or left out\), received .*yes/,
    );
  });
});
