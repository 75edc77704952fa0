/**
 * `formatError` through `toolSet`: what a model reads when a call fails. A definition's
 * hook is asked first, then the set's, then the default text stays; each receives the
 * failure (with the default text, its kind and cause) and the call (name, arguments as
 * sent, the fields expected). It shapes every kind of failure, a pending call included,
 * which keeps its approval request. The defaults say what to send instead.
 */
import {
  type CallFailure,
  type CallOutcome,
  type CallPending,
  definePlay,
  defineTool,
  type FailedCall,
  type FormatError,
  isPending,
  ToolTimeoutError,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { setOf, zods } from "../set/fixtures";

/** A hook that records what it is given and answers `kind: error`. */
function recordingHook(label = "") {
  const seen: { failure: CallFailure | CallPending; call: FailedCall }[] = [];
  const hook: FormatError = (failure, call) => {
    seen.push({ failure, call });
    return `${label}${failure.kind}: ${call.name}`;
  };
  return { hook, seen };
}

describe.each(zods)("formatError (%s)", (_label, z) => {
  const parameters = () => z.object({ id: z.string(), limit: z.number().optional() });

  /** One tool per failure kind, each with `formatError` when given. */
  const failing = (formatError?: FormatError) => {
    // The controls each tool declares, with the hook beside them when given.
    const own = (controls: object = {}) => ({
      controls: { ...controls, ...(formatError !== undefined && { formatError }) },
    });
    return {
      ok: defineTool({ description: "ok", parameters: parameters(), ...own(), execute: () => 1 }),
      throws: defineTool({
        description: "throws",
        parameters: parameters(),
        ...own(),
        execute: () => {
          throw new Error("disk full");
        },
      }),
      bad_output: defineTool({
        description: "bad output",
        parameters: parameters(),
        returns: z.object({ n: z.number() }),
        ...own(),
        // @ts-expect-error deliberately wrong
        execute: () => ({ n: "x" }),
      }),
      hangs: defineTool({
        description: "hangs until aborted",
        parameters: parameters(),
        ...own({ timeoutMs: 20 }),
        execute: (_args, ctx) =>
          new Promise((resolve) => ctx?.signal?.addEventListener("abort", () => resolve(null))),
      }),
      gated: defineTool({
        description: "needs approval",
        parameters: parameters(),
        ...own({ needsApproval: true }),
        execute: () => "ran",
      }),
      strict: defineTool({
        description: "strict",
        parameters: parameters(),
        ...own({ strictInputs: true }),
        execute: () => "ran",
      }),
    };
  };

  it("a tool's hook shapes each kind of its failures, and learns the failure and the call", async () => {
    const { hook, seen } = recordingHook();
    const set = setOf(failing(hook));
    const args = { id: "a" };
    const outcomes: Record<string, CallOutcome> = {
      invalid: await set.call("throws", { id: 1 }),
      thrown: await set.call("throws", args),
      output: await set.call("bad_output", args),
      timeout: await set.call("hangs", args),
      pending: await set.call("gated", args),
      strict: await set.call("strict", { id: "a", foo: 1 }),
    };
    expect(Object.values(outcomes).map((o) => !o.ok && o.error)).toEqual([
      "invalid-arguments: throws",
      "thrown: throws",
      "invalid-output: bad_output",
      "timeout: hangs",
      "approval-required: gated",
      "invalid-arguments: strict",
    ]);
    const expected = "{ id: string, limit?: number }";
    expect(seen.map((s) => s.call)).toEqual([
      { name: "throws", args: { id: 1 }, expected },
      { name: "throws", args, expected },
      { name: "bad_output", args, expected },
      { name: "hangs", args, expected },
      { name: "gated", args, expected },
      { name: "strict", args: { id: "a", foo: 1 }, expected },
    ]);
    // The hook reads the default text, the kind and the cause.
    const [invalid, thrown, output, timeout, pending, strict] = seen.map((s) => s.failure);
    expect(invalid).toMatchObject({ ok: false, kind: "invalid-arguments" });
    expect(invalid?.error).toMatch(
      /^tool 'throws' received invalid arguments: .*; expected arguments: \{ id: string, limit\?: number \}$/,
    );
    expect(invalid?.cause).toHaveProperty("issues");
    expect(thrown).toEqual({
      ok: false,
      kind: "thrown",
      error: "disk full",
      cause: new Error("disk full"),
    });
    expect(output?.error).toMatch(/^tool 'bad_output' output violated its returns schema: /);
    expect(timeout).toMatchObject({ kind: "timeout", error: "tool 'hangs' timed out after 20 ms" });
    expect(timeout?.cause).toBeInstanceOf(ToolTimeoutError);
    expect(pending).toMatchObject({
      kind: "approval-required",
      error: "tool 'gated' needs approval before it runs and has not run",
    });
    expect(strict?.error).toBe(
      "tool 'strict' received an unknown argument 'foo'; it accepts id, limit",
    );
    // Only the text changes: kind and cause stay for the host.
    expect(outcomes.thrown).toMatchObject({ kind: "thrown", cause: new Error("disk full") });
    expect(outcomes.timeout).toMatchObject({
      kind: "timeout",
      cause: expect.any(ToolTimeoutError),
    });
  });

  it("a formatted pending call keeps its approval, which still resumes", async () => {
    const { hook } = recordingHook();
    const set = setOf(failing(hook));
    const outcome = await set.call("gated", { id: "a" });
    expect(outcome).toMatchObject({
      ok: false,
      kind: "approval-required",
      error: "approval-required: gated",
      approval: { tool: "gated", args: { id: "a" } },
    });
    expect(isPending(outcome)).toBe(true);
    if (!isPending(outcome)) return;
    expect(await set.resume(outcome.approval, { approved: true })).toEqual({
      ok: true,
      value: "ran",
    });
  });

  it("shapes a denial and a cancellation", async () => {
    const { hook, seen } = recordingHook();
    const set = setOf(failing(hook));
    const outcome = await set.call("gated", { id: "a" });
    if (!isPending(outcome)) throw new Error("expected a pending call");
    expect(await set.resume(outcome.approval, { approved: false, reason: "no" })).toEqual({
      ok: false,
      kind: "denied",
      error: "denied: gated",
    });
    expect(seen.at(-1)?.failure.error).toBe(
      "the user denied the call to tool 'gated': no; do not call it again with the same arguments unless the user asks",
    );
    const cancelled = await set.call("throws", { id: "a" }, { signal: AbortSignal.abort() });
    expect(cancelled).toMatchObject({ kind: "cancelled", error: "cancelled: throws" });
  });

  it("values pass untouched, and the hook is not asked", async () => {
    const { hook, seen } = recordingHook();
    expect(await setOf(failing(hook)).call("ok", { id: "a" })).toEqual({ ok: true, value: 1 });
    expect(seen).toEqual([]);
  });

  it("the set's hook shapes entries without one, an unknown name included", async () => {
    const { hook, seen } = recordingHook("set ");
    const set = setOf(failing(), { controls: { formatError: hook } });
    expect(await set.call("throws", { id: "a" })).toMatchObject({
      kind: "thrown",
      error: "set thrown: throws",
    });
    const unknown = await set.call("nope", { x: 1 });
    expect(unknown).toEqual({ ok: false, kind: "unknown-name", error: "set unknown-name: nope" });
    const call = seen.at(-1)?.call;
    expect(call?.name).toBe("nope");
    expect(call?.expected).toBeUndefined();
    expect(seen.at(-1)?.failure.error).toMatch(/^unknown tool 'nope'; available tools: ok, /);
    // The plan view's unknown names go through the set's hook too.
    expect(await set.plan.call("throws", {})).toMatchObject({ error: "set unknown-name: throws" });
  });

  it("an unknown name's call carries the arguments as sent", async () => {
    const { hook, seen } = recordingHook();
    await setOf({}, { controls: { formatError: hook } }).call("nope", { x: 1 });
    expect(seen[0]?.call).toEqual({ name: "nope", args: { x: 1 } });
  });

  it("the tool's hook first, then the set's, then the default", async () => {
    const calls: string[] = [];
    const declines: FormatError = () => {
      calls.push("tool declines");
      return undefined;
    };
    const throws: FormatError = () => {
      calls.push("tool throws");
      throw new Error("hook bug");
    };
    const answers: FormatError = () => {
      calls.push("tool answers");
      return "from the tool";
    };
    const setHook: FormatError = (failure) => {
      calls.push("set");
      return failure.kind === "thrown" ? "from the set" : undefined;
    };
    const boom = () => {
      throw new Error("disk full");
    };
    const tool = (formatError: FormatError) =>
      defineTool({
        description: "t",
        parameters: z.object({}),
        controls: { formatError },
        execute: boom,
      });
    const set = setOf(
      { declines: tool(declines), throws: tool(throws), answers: tool(answers) },
      { controls: { formatError: setHook } },
    );
    expect(await set.call("answers", {})).toMatchObject({ error: "from the tool" });
    expect(calls).toEqual(["tool answers"]);
    expect(await set.call("declines", {})).toMatchObject({ error: "from the set" });
    expect(await set.call("throws", {})).toMatchObject({ error: "from the set" });
    expect(calls).toEqual(["tool answers", "tool declines", "set", "tool throws", "set"]);
    // Neither answers an invalid-arguments failure: the default stays.
    expect(await set.call("declines", "x")).toMatchObject({
      kind: "invalid-arguments",
      error: expect.stringMatching(/^tool 'declines' received invalid arguments: /),
    });
  });

  it("a hook that returns something other than a string keeps the default", async () => {
    const odd = (() => 42) as unknown as FormatError;
    const set = setOf(failing(odd));
    expect(await set.call("throws", { id: "a" })).toMatchObject({ error: "disk full" });
  });

  it("a play's hook shapes its failures", async () => {
    const play = definePlay({
      description: "p",
      parameters: z.object({ id: z.string() }),
      returns: z.object({}),
      controls: { formatError: (failure, call) => `play ${call.name} failed (${failure.kind})` },
      execute: () => {
        throw new Error("nope");
      },
    });
    const set = setOf({}, {}, { play });
    expect(await set.call("play", { id: "a" })).toMatchObject({
      kind: "thrown",
      error: "play play failed (thrown)",
    });
    expect(await set.call("play", {})).toMatchObject({
      kind: "invalid-arguments",
      error: "play play failed (invalid-arguments)",
    });
  });

  describe("the default texts say what to send instead", () => {
    it("invalid arguments end naming the fields expected, with their optionality", async () => {
      const tool = defineTool({
        description: "t",
        parameters: z.object({
          id: z.string(),
          force: z.boolean().optional(),
          page: z.number().default(1),
          tags: z.array(z.string()),
          mode: z.enum(["fast", "slow"]),
        }),
        execute: () => null,
      });
      const outcome = await setOf({ tool }).call("tool", { id: 1 });
      expect(outcome).toMatchObject({ ok: false, kind: "invalid-arguments" });
      expect(!outcome.ok && outcome.error).toMatch(
        /^tool 'tool' received invalid arguments: .*; expected arguments: \{ id: string, force\?: boolean, page\?: number, tags: string\[\], mode: "fast" \| "slow" \}$/,
      );
    });

    it("a play's invalid arguments too", async () => {
      const play = definePlay({
        description: "p",
        parameters: z.object({ text: z.string() }),
        returns: z.object({}),
        execute: () => ({}),
      });
      const outcome = await setOf({}, {}, { play }).call("play", {});
      expect(!outcome.ok && outcome.error).toMatch(
        /^play 'play' received invalid arguments: .*; expected arguments: \{ text: string \}$/,
      );
    });

    it("no parameters: expected arguments: {}", async () => {
      const tool = defineTool({ description: "t", parameters: z.object({}), execute: () => null });
      const outcome = await setOf({ tool }).call("tool", "x");
      expect(!outcome.ok && outcome.error).toMatch(/; expected arguments: \{\}$/);
    });
  });

  it("a bad set-wide formatError throws a TypeError", () => {
    expect(() => setOf({}, { controls: { formatError: "x" as never } })).toThrow(
      new TypeError("toolSet: formatError must be a function"),
    );
  });
});
