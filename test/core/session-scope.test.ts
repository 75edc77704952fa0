import {
  defineTool,
  readScope,
  requireScope,
  type ScopeOf,
  ScopeUnavailableError,
  ScopeValidationError,
  SessionScope,
  toolbox,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { rejection, thrown } from "./catch";
import { zodMajors } from "./zods";

const HOW_TO_FIX =
  "no run scope: this tool needs ctx.host.scope and the execution context carries none; " +
  "bind the agent's SessionScope for the run and pass it as the context's host.scope " +
  "(toolbox.execute(name, args, { host: { scope: sessionScope.bind(values) } })), " +
  "or call readScope(ctx) if the tool can work without a scope";

function firstIssue(result: { error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? "";
}

describe.each(zodMajors)("SessionScope with $major", ({ z, ZodError }) => {
  const Tier = z.enum(["free", "pro", "enterprise"]);
  const items = {
    operator: { label: "Operator", schema: z.string().min(1), default: "anonymous" },
    tier: { label: "Tier", schema: Tier, default: "free" },
    region: { label: "Region", schema: z.string().transform((s) => s.toUpperCase()) },
  };
  const support = new SessionScope(items, {
    enterprise: { tier: "enterprise", region: "eu" },
    pro: { tier: "pro" },
  });

  it("binds defaults, overlaid by the preset, overlaid by the values", () => {
    expect(support.bind({ region: "us" })).toStrictEqual({
      operator: "anonymous",
      tier: "free",
      region: "US",
    });
    expect(support.bind({}, "enterprise")).toStrictEqual({
      operator: "anonymous",
      tier: "enterprise",
      region: "EU",
    });
    expect(
      support.bind({ operator: "ada", tier: "pro", region: "ap" }, "enterprise"),
    ).toStrictEqual({ operator: "ada", tier: "pro", region: "AP" });
    expect(support.getPresetNames()).toStrictEqual(["enterprise", "pro"]);
  });

  it("keeps an explicitly bound null for a nullable item instead of the preset or default", () => {
    const scope = new SessionScope(
      { team: { label: "Team", schema: z.string().nullable(), default: "support" } },
      { sales: { team: "sales" } },
    );
    expect(scope.bind({ team: null })).toStrictEqual({ team: null });
    expect(scope.bind({ team: null }, "sales")).toStrictEqual({ team: null });
    expect(scope.bind({}, "sales")).toStrictEqual({ team: "sales" });
    expect(scope.bind({ team: undefined })).toStrictEqual({ team: "support" });
  });

  it("gives each bind a deep, frozen copy: one run's mutation never reaches another", () => {
    const shared = { tags: ["a"] };
    const scope = new SessionScope({
      prefs: { label: "Preferences", schema: z.any(), default: shared },
      when: { label: "When", schema: z.date(), default: new Date(0) },
    });
    const first = scope.bind() as { prefs: { tags: string[] }; when: Date };
    const second = scope.bind() as { prefs: { tags: string[] }; when: Date };
    expect(first.prefs).toEqual(shared);
    expect(first.prefs).not.toBe(shared);
    expect(first.prefs).not.toBe(second.prefs);
    expect(Object.isFrozen(first.prefs.tags)).toBe(true);
    expect(() => first.prefs.tags.push("b")).toThrow(TypeError);
    expect(shared.tags).toEqual(["a"]);
    expect(first.when.getTime()).toBe(0);
    expect(first.when).not.toBe(second.when);
  });

  it("refuses bind input that is no object with a ScopeValidationError", () => {
    const scope = new SessionScope({ operator: { label: "Operator", schema: z.string() } });
    for (const bad of [null, 42, "ada", ["ada"]]) {
      const error = thrown(() => scope.bind(bad as never));
      expect(error).toBeInstanceOf(ScopeValidationError);
      expect(error.message).toMatch(
        /^bind\(\): expected an object of item values like \{ operator: \.\.\. \}, received /,
      );
    }
  });

  it("keeps an item named __proto__ as plain data", () => {
    const scope = new SessionScope({
      ["__proto__"]: { label: "Proto", schema: z.string() },
    } as never);
    const bound = scope.bind({ ["__proto__"]: "value" } as never) as Record<string, unknown>;
    expect(Object.getPrototypeOf(bound)).toBe(Object.prototype);
    expect(Object.hasOwn(bound, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(bound, "__proto__")?.value).toBe("value");
  });

  it("refuses a value that is no data, naming the item", () => {
    const scope = new SessionScope({ handler: { label: "Handler", schema: z.any() } });
    const error = thrown(() => scope.bind({ handler: { run: () => 1 } }));
    expect(error).toBeInstanceOf(ScopeValidationError);
    expect(error.message).toMatch(
      /^scope item 'Handler' \(handler\): its value cannot be copied for a run/,
    );
  });

  it("returns frozen values", () => {
    const bound = support.bind({}, "enterprise");
    expect(Object.isFrozen(bound)).toBe(true);
  });

  it("names the label when an item has no value and no default", () => {
    const error = thrown(() => support.bind({}, "pro"));
    expect(error).toBeInstanceOf(ScopeValidationError);
    expect(error.name).toBe("ScopeValidationError");
    expect(error.cause).toBeInstanceOf(ZodError);
    expect(error.message).toBe(
      `scope item 'Region' (region): it has no value and no default; pass one to bind() or declare a default: ${firstIssue(z.string().safeParse(undefined))}`,
    );
  });

  it("names the label when a bound value is invalid", () => {
    const error = thrown(() => support.bind({ tier: "gold", region: "eu" }));
    expect(error).toBeInstanceOf(ScopeValidationError);
    expect(error.message).toBe(
      `scope item 'Tier' (tier): its value in bind() is invalid: ${firstIssue(Tier.safeParse("gold"))}`,
    );
  });

  it("refuses a bound value for an item it does not have", () => {
    const error = thrown(() => support.bind({ team: "x" } as never));
    expect(error.message).toBe(
      "bind() sets 'team', which is not a scope item; items: operator, tier, region",
    );
  });

  it("validates defaults at construction, naming the label", () => {
    const error = thrown(
      () => new SessionScope({ tier: { label: "Customer tier", schema: Tier, default: "gold" } }),
    );
    expect(error).toBeInstanceOf(ScopeValidationError);
    expect(error.cause).toBeInstanceOf(ZodError);
    expect(error.message).toBe(
      `scope item 'Customer tier' (tier): its default is invalid: ${firstIssue(Tier.safeParse("gold"))}`,
    );
  });

  it("validates preset values at construction, naming the label and the preset", () => {
    const error = thrown(
      () =>
        new SessionScope(
          { tier: { label: "Customer tier", schema: Tier, default: "free" } },
          { vip: { tier: "platinum" } },
        ),
    );
    expect(error).toBeInstanceOf(ScopeValidationError);
    expect(error.message).toBe(
      `scope item 'Customer tier' (tier): its value in preset 'vip' is invalid: ${firstIssue(Tier.safeParse("platinum"))}`,
    );
  });

  it("refuses at construction a preset naming an unknown item", () => {
    const error = thrown(
      () =>
        new SessionScope(
          { tier: { label: "Tier", schema: Tier }, seats: { label: "Seats", schema: z.number() } },
          { vip: { region: "eu" } as never },
        ),
    );
    expect(error).toBeInstanceOf(ScopeValidationError);
    expect(error.message).toBe(
      "preset 'vip' sets 'region', which is not a scope item; items: tier, seats",
    );
  });

  it("refuses an unknown preset, listing the presets", () => {
    const error = thrown(() => support.bind({ region: "eu" }, "gold"));
    expect(error).toBeInstanceOf(ScopeValidationError);
    expect(error.message).toBe("unknown scope preset 'gold'; presets: enterprise, pro");
    expect(thrown(() => new SessionScope(items).bind({}, "x")).message).toBe(
      "unknown scope preset 'x'; presets: (none)",
    );
  });

  it("reaches a tool through ctx.host.scope", async () => {
    const whoami = defineTool({
      description: "Who this run is acting on behalf of.",
      parameters: z.object({}),
      returns: z.object({ operator: z.string(), tier: Tier }),
      execute: async (_args, ctx) => {
        const scope = requireScope<ScopeOf<typeof support>>(ctx);
        return { operator: scope.operator, tier: scope.tier };
      },
    });
    const box = toolbox("support", "d", { whoami });
    const scope = support.bind({ operator: "ada", region: "eu" }, "enterprise");
    await expect(box.execute("whoami", {}, { host: { scope } })).resolves.toStrictEqual({
      operator: "ada",
      tier: "enterprise",
    });
    const error = await rejection(box.execute("whoami", {}));
    expect(error).toBeInstanceOf(ScopeUnavailableError);
  });
});

describe("readScope / requireScope", () => {
  const scope = { operator: "ada" };

  it("readScope returns ctx.host.scope, or undefined when there is none", () => {
    expect(readScope({ host: { scope } })).toBe(scope);
    expect(readScope()).toBeUndefined();
    expect(readScope({})).toBeUndefined();
    expect(readScope({ host: {} })).toBeUndefined();
    expect(readScope({ host: { scope: null } })).toBeUndefined();
    expect(readScope({ host: { scope: "ada" } })).toBeUndefined();
  });

  it("requireScope returns ctx.host.scope", () => {
    expect(requireScope<{ operator: string }>({ host: { scope } })).toBe(scope);
  });

  it("requireScope throws ScopeUnavailableError saying how to fix it", () => {
    for (const ctx of [undefined, {}, { host: {} }, { host: { scope: undefined } }]) {
      const error = thrown(() => requireScope(ctx));
      expect(error).toBeInstanceOf(ScopeUnavailableError);
      expect(error.name).toBe("ScopeUnavailableError");
      expect(error.message).toBe(HOW_TO_FIX);
    }
  });
});
