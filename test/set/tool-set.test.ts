import { getEventListeners } from "node:events";
import {
  capability,
  definePlay,
  defineTool,
  Playbook,
  playbook,
  TextManual,
  Toolbox,
  type ToolCallRecord,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { fixtureCapabilities, fixtureNames, zods } from "./fixtures";

describe.each(zods)("toolSet (%s)", (_label, z) => {
  const tool = (readOnly?: boolean) =>
    defineTool({
      description: "t",
      parameters: z.object({}),
      ...(readOnly !== undefined && { annotations: { readOnly } }),
      execute: () => "ok",
    });
  const play = () =>
    definePlay({
      description: "p",
      parameters: z.object({}),
      returns: z.object({}),
      execute: () => ({}),
    });

  it("refuses an array holding something other than capabilities, naming its index", () => {
    expect(() => toolSet([42 as never])).toThrow(
      new TypeError(
        "toolSet: capability 0 is not a Capability (build one with capability({...}) or new Capability(...)), received a number (42)",
      ),
    );
  });

  it("flattens tools, plays and manual tools of every capability", () => {
    const set = toolSet(fixtureCapabilities(z));
    expect(set.names).toEqual([...fixtureNames]);
    expect(set.get("add_twice")).toMatchObject({ kind: "play", capability: "notes" });
    expect(set.get("read_notes_guide_section")).toMatchObject({
      kind: "manual",
      capability: "notes",
    });
    expect(toolSet(fixtureCapabilities(z), { manuals: false }).names).not.toContain(
      "list_notes_guide_sections",
    );
  });

  it("projects every entry's schemas", () => {
    const schemas = toolSet(fixtureCapabilities(z)).schemas("draft-2020-12");
    const add = schemas.find((s) => s.name === "add_note");
    expect(add?.parameters).toMatchObject({ type: "object", required: ["text"] });
    expect(add?.returns).toMatchObject({ type: "object" });
    expect(add?.annotations).toEqual({
      title: "Add a note",
      destructive: false,
      idempotent: false,
    });
  });

  describe("collisions throw at construction naming both owners", () => {
    const cap = (name: string, tools: Record<string, ReturnType<typeof tool>>, plays = {}) =>
      capability({
        name,
        description: name,
        toolbox: toolbox(name, name, tools),
        playbook: playbook(`${name}-plays`, name, plays),
      });

    it("two tools across capabilities", () => {
      expect(() => toolSet([cap("a", { x: tool() }), cap("b", { x: tool() })])).toThrow(
        "the name 'x' is declared by both tool 'a/x' and tool 'b/x'",
      );
    });
    it("two plays across capabilities", () => {
      expect(() => toolSet([cap("a", {}, { p: play() }), cap("b", {}, { p: play() })])).toThrow(
        "play 'a/p' and play 'b/p'",
      );
    });
    it("a tool and a play in one capability", () => {
      expect(() => toolSet([cap("a", { same: tool() }, { same: play() })])).toThrow(
        "tool 'a/same' and play 'a/same'",
      );
    });
    it("a tool and a play across capabilities", () => {
      expect(() => toolSet([cap("a", {}, { same: play() }), cap("b", { same: tool() })])).toThrow(
        "play 'a/same' and tool 'b/same'",
      );
    });
    it("a manual tool and a tool", () => {
      const withManual = capability({
        name: "a",
        description: "a",
        toolbox: toolbox("a", "a", {}),
        manual: new TextManual("guide", "# One\ntext"),
      });
      expect(() => toolSet([withManual, cap("b", { read_guide_section: tool() })])).toThrow(
        "manual 'a/read_guide_section' and tool 'b/read_guide_section'",
      );
      expect(() =>
        toolSet([withManual, cap("b", { read_guide_section: tool() })], { manuals: false }),
      ).not.toThrow();
    });
    it("the same capability twice", () => {
      const a = cap("a", { x: tool() });
      expect(() => toolSet([a, a])).toThrow(TypeError);
    });
  });

  describe("call returns failure as data", () => {
    const set = toolSet(fixtureCapabilities(z));
    it("a success", async () => {
      expect(await set.call("add_note", { text: "hi" })).toEqual({
        ok: true,
        value: { id: 1, count: 1 },
      });
      expect(await set.call("list_notes", {})).toEqual({ ok: true, value: { notes: ["hi"] } });
    });
    it("invalid arguments", async () => {
      const result = await set.call("add_note", { text: 3 });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error).toMatch(/^tool 'add_note' received invalid arguments: /);
      expect(result).toMatchObject({
        kind: "invalid-arguments",
        cause: { issues: [expect.anything()] },
      });
    });
    it("an output violation", async () => {
      expect(await set.call("broken", {})).toEqual({
        ok: false,
        kind: "invalid-output",
        error: expect.stringMatching(/^tool 'broken' output violated its returns schema: /),
        cause: expect.objectContaining({ issues: expect.any(Array) }),
      });
    });
    it("a thrown error", async () => {
      expect(await set.call("fail", {})).toEqual({
        ok: false,
        kind: "thrown",
        error: "the notebook is on fire",
        cause: new Error("the notebook is on fire"),
      });
    });
    it("an unknown name lists the available ones", async () => {
      const result = await set.call("nope", {});
      expect(!result.ok && result.error).toMatch(
        /^unknown tool 'nope'; available tools: add_note, /,
      );
      expect(!result.ok && result.error).toContain("add_twice");
      expect(result).toMatchObject({ ok: false, kind: "unknown-name" });
      expect("cause" in result).toBe(false);
    });
    it("plays through Playbook.execute, envelopes become failures", async () => {
      expect(await set.call("add_twice", { text: "x" })).toEqual({ ok: true, value: { added: 2 } });
      const invalid = await set.call("add_twice", {});
      expect(!invalid.ok && invalid.error).toMatch(/^play 'add_twice' received invalid arguments/);
      const violated = await set.call("bad_play", {});
      expect(!violated.ok && violated.error).toMatch(
        /^play 'bad_play' output violated its returns schema/,
      );
    });
    it("manual tools read the manual", async () => {
      expect(await set.call("list_notes_guide_sections", {})).toEqual({
        ok: true,
        value: { manual: "notes-guide", sections: ["Notes", "Listing"] },
      });
      const missing = await set.call("read_notes_guide_section", { title: "Nope" });
      expect(!missing.ok && missing.error).toContain("has no section 'Nope'");
    });
  });

  it("plan holds only read-only tools, and refuses the rest as data", async () => {
    const set = toolSet(fixtureCapabilities(z));
    expect(set.plan.names).toEqual([
      "list_notes",
      "broken",
      "whoami",
      "slow",
      "list_notes_guide_sections",
      "read_notes_guide_section",
      "now",
    ]);
    expect(set.plan.plan).toBe(set.plan);
    const refused = await set.plan.call("add_note", { text: "x" });
    expect(!refused.ok && refused.error).toMatch(/^unknown tool 'add_note' in plan mode/);
    expect(await set.plan.call("now", {})).toEqual({
      ok: true,
      value: { iso: "2025-01-01T00:00:00Z" },
    });
  });

  it("a play annotated readOnly joins the plan view", () => {
    const set = toolSet([
      capability({
        name: "c",
        description: "c",
        toolbox: toolbox("c", "c", {}),
        playbook: playbook("p", "p", {
          peek: definePlay({
            description: "peek",
            parameters: z.object({}),
            returns: z.object({}),
            annotations: { readOnly: true },
            execute: () => ({}),
          }),
          poke: play(),
        }),
      }),
    ]);
    expect(set.get("peek")?.annotations).toEqual({ readOnly: true });
    expect(set.plan.names).toEqual(["peek"]);
  });

  it("callMany runs adjacent read-only calls together, mutating ones alone, results in order", async () => {
    const log: string[] = [];
    let running = 0;
    let peak = 0;
    const track = (label: string, readOnly: boolean) =>
      defineTool({
        description: label,
        parameters: z.object({ ms: z.number() }),
        annotations: { readOnly },
        execute: async ({ ms }) => {
          running += 1;
          peak = Math.max(peak, running);
          log.push(`start ${label}${running}`);
          await new Promise((resolve) => setTimeout(resolve, ms));
          running -= 1;
          log.push(`end ${label}`);
          return label;
        },
      });
    const set = toolSet([
      capability({
        name: "c",
        description: "c",
        toolbox: toolbox("c", "c", {
          r1: track("r1", true),
          r2: track("r2", true),
          m: track("m", false),
        }),
      }),
    ]);
    const results = await set.callMany([
      { name: "r1", args: { ms: 30 } },
      { name: "r2", args: { ms: 5 } },
      { name: "m", args: { ms: 5 } },
      { name: "m", args: { ms: 1 } },
      { name: "r2", args: { ms: 1 } },
      { name: "missing", args: {} },
      { name: "r1", args: { ms: "bad" } },
    ]);
    expect(results.map((r) => (r.ok ? r.value : "error"))).toEqual([
      "r1",
      "r2",
      "m",
      "m",
      "r2",
      "error",
      "error",
    ]);
    expect(log.slice(0, 4)).toEqual(["start r11", "start r22", "end r2", "end r1"]);
    expect(log.slice(4)).toEqual(["start m1", "end m", "start m1", "end m", "start r21", "end r2"]);
    expect(peak).toBe(2);
  });

  it("the recorder sees each call's name, args, outcome and timing", async () => {
    const records: ToolCallRecord[] = [];
    const set = toolSet(fixtureCapabilities(z), {
      recorder: (record) => {
        records.push(record);
        throw new Error("recorders cannot break calls");
      },
    });
    await set.callMany([
      { name: "add_note", args: { text: "a" } },
      { name: "whoami", args: { n: 1, delayMs: 20 } },
    ]);
    await set.call("nope", { x: 1 });
    expect(records.map((r) => [r.name, r.outcome.ok])).toEqual([
      ["add_note", true],
      ["whoami", true],
      ["nope", false],
    ]);
    expect(records[1]?.args).toEqual({ n: 1, delayMs: 20 });
    expect(records[1]?.durationMs).toBeGreaterThanOrEqual(15);
    expect(records[1]?.queuedMs).toBeGreaterThanOrEqual(0);
    expect(records[0]?.queuedMs).toBeLessThan(records[1]?.queuedMs ?? 0);
    // The plan view records through the same recorder.
    await set.plan.call("now", {});
    expect(records.at(-1)?.name).toBe("now");
  });

  it("the recorder names the caller by ctx.auth's subject, and leaves it out for an unauthenticated call", async () => {
    const records: ToolCallRecord[] = [];
    const set = toolSet(fixtureCapabilities(z), {
      recorder: (record) => void records.push(record),
    });
    const auth = { subject: "ada", scopes: ["notes:write"], claims: { sub: "ada" } };
    await set.call("add_note", { text: "a" }, { auth });
    await set.callMany([{ name: "now", args: {} }], { auth });
    await set.call("add_note", { text: "b" });
    const hostile = {
      get auth(): never {
        throw new Error("a host's ctx may throw");
      },
    };
    await set.call("now", {}, hostile as never);
    expect(records.map((record) => record.caller)).toEqual(["ada", "ada", undefined, undefined]);
    expect("caller" in (records[2] ?? {})).toBe(false);
  });

  describe("ctx.signal", () => {
    it("reaches the tool", async () => {
      const seen: (AbortSignal | undefined)[] = [];
      const set = toolSet([
        capability({
          name: "c",
          description: "c",
          toolbox: toolbox("c", "c", {
            t: defineTool({
              description: "t",
              parameters: z.object({}),
              execute: (_args, ctx) => {
                seen.push(ctx?.signal);
                return null;
              },
            }),
          }),
        }),
      ]);
      const controller = new AbortController();
      await set.call("t", {}, { signal: controller.signal });
      expect(seen[0]).toBe(controller.signal);
    });

    it("an aborted call settles promptly even when the tool ignores the signal", async () => {
      const set = toolSet(fixtureCapabilities(z));
      const controller = new AbortController();
      const started = performance.now();
      const pending = set.call("slow", { ms: 5_000 }, { signal: controller.signal });
      const reason = new Error("user pressed stop");
      setTimeout(() => controller.abort(reason), 10);
      expect(await pending).toEqual({
        ok: false,
        kind: "cancelled",
        error: "call to 'slow' was cancelled: user pressed stop",
        cause: reason,
      });
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it("an already-aborted signal fails without running the tool", async () => {
      let ran = false;
      const set = toolSet([
        capability({
          name: "c",
          description: "c",
          toolbox: toolbox("c", "c", {
            t: defineTool({
              description: "t",
              parameters: z.object({}),
              execute: () => {
                ran = true;
              },
            }),
          }),
        }),
      ]);
      const result = await set.call("t", {}, { signal: AbortSignal.abort() });
      expect(result.ok).toBe(false);
      expect(ran).toBe(false);
    });
  });
});

describe("toolSet arguments", () => {
  it("refuses a non-array", () => {
    // @ts-expect-error not an array
    expect(() => toolSet(fixtureCapabilities(zods[0][1])[0])).toThrow(TypeError);
  });
});

describe.each(zods)("toolSet and the boundary (%s)", (_label, z) => {
  const reporting = () =>
    playbook("book", "Plays", {
      report: definePlay({
        description: "Reports a problem as data",
        parameters: z.object({}),
        returns: z.object({ error: z.string() }),
        execute: () => ({ error: "disk almost full" }),
      }),
    });

  it("a play whose declared result is { error } succeeds", async () => {
    const set = toolSet([
      capability({
        name: "c",
        description: "c",
        toolbox: toolbox("c", "c", {}),
        playbook: reporting(),
      }),
    ]);
    await expect(set.call("report", {})).resolves.toEqual({
      ok: true,
      value: { error: "disk almost full" },
    });
  });

  it("a play failure is the message Playbook.execute puts in its envelope, then what to send", async () => {
    const book = reporting();
    const set = toolSet([
      capability({ name: "c", description: "c", toolbox: toolbox("c", "c", {}), playbook: book }),
    ]);
    const outcome = await set.call("report", "not an object" as never);
    const envelope = (await book.execute("report", "not an object" as never)) as { error: string };
    expect(envelope.error).toMatch(/^play 'report' received invalid arguments: /);
    expect(outcome).toMatchObject({ ok: false, kind: "invalid-arguments" });
    expect(!outcome.ok && outcome.error).toBe(`${envelope.error}; expected arguments: {}`);
  });

  it("calls a toolbox that overrides execute through its override", async () => {
    const seen: string[] = [];
    class Audited extends Toolbox {
      readonly name = "audited";
      readonly description = "Audited tools";
      readonly tools = {
        hello: defineTool({
          description: "Say hello",
          parameters: z.object({}),
          execute: () => "hello",
        }),
      };
      override async execute(name: string, args: unknown) {
        seen.push(name);
        return super.execute(name, args);
      }
    }
    const set = toolSet([capability({ name: "c", description: "c", toolbox: new Audited() })]);
    await expect(set.call("hello", {})).resolves.toEqual({ ok: true, value: "hello" });
    const unknown = await set.call("hello", "bad" as never);
    expect(!unknown.ok && unknown.error).toMatch(/^tool 'hello' received invalid arguments/);
    expect(seen).toEqual(["hello", "hello"]);
  });

  it("refuses a playbook that overrides execute, naming it", () => {
    class Logged extends Playbook {
      readonly name = "logged";
      readonly description = "Logged plays";
      readonly plays = {};
      override execute(name: string, args: unknown) {
        return super.execute(name, args);
      }
    }
    const cap = capability({
      name: "c",
      description: "c",
      toolbox: toolbox("c", "c", {}),
      playbook: new Logged(),
    });
    expect(() => toolSet([cap])).toThrow(
      /^toolSet: playbook 'logged' of capability 'c' overrides execute\(\)/,
    );
  });
});

describe("toolSet and a shared signal", () => {
  it("holds one abort listener for any number of calls, none after, and cancels them all", async () => {
    const { z } = await import("zod");
    const set = toolSet([
      capability({
        name: "c",
        description: "c",
        toolbox: toolbox("c", "c", {
          waits: defineTool({
            description: "Waits until released",
            parameters: z.object({ release: z.boolean() }),
            execute: ({ release }) => (release ? "done" : new Promise(() => {})),
          }),
        }),
      }),
    ]);
    const controller = new AbortController();
    const { signal } = controller;
    const done = await Promise.all(
      Array.from({ length: 20 }, () => set.call("waits", { release: true }, { signal })),
    );
    expect(done.every((outcome) => outcome.ok)).toBe(true);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
    const pending = Array.from({ length: 20 }, () =>
      set.call("waits", { release: false }, { signal }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(signal, "abort")).toHaveLength(1);
    controller.abort(new Error("run ended"));
    const cancelled = await Promise.all(pending);
    expect(cancelled.map((outcome) => !outcome.ok && outcome.error)).toEqual(
      Array.from({ length: 20 }, () => "call to 'waits' was cancelled: run ended"),
    );
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
