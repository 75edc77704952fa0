/**
 * Approval through `toolSet`: which calls pend (a tool's or play's `needsApproval`, the
 * set's policy, or both), what a pending outcome carries, and how `resume` settles it:
 * an approval runs the call once, a denial tells the model why, and a request that was
 * changed, or signed with another secret, runs nothing.
 */
import {
  type ApprovalCheck,
  type ApprovalRequest,
  type CallOutcome,
  definePlay,
  defineTool,
  isPending,
  type ToolCallRecord,
  type ToolDefinition,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { thrown } from "../core/catch";
import { setOf, zods } from "../set/fixtures";

const SECRET = "an approval secret of 32 bytes!!";

/** The request of a pending outcome; fails the test for any other outcome. */
function requestOf(outcome: CallOutcome): ApprovalRequest {
  if (!isPending(outcome))
    throw new Error(`expected a pending outcome, got ${JSON.stringify(outcome)}`);
  return outcome.approval;
}

/** A JSON copy, as a request stored and read back would be. */
function stored<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

describe.each(zods)("approval (%s)", (_label, z) => {
  /** A tool that counts its runs and the arguments it ran on. */
  const deleting = (
    config: {
      needsApproval?: ApprovalCheck<{ id: string; force: boolean }>;
      destructive?: boolean;
      readOnly?: boolean;
    } = {},
  ) => {
    const runs: unknown[] = [];
    const tool = defineTool({
      description: "Delete a note",
      parameters: z.object({ id: z.string(), force: z.boolean().default(false) }),
      ...(config.needsApproval !== undefined && {
        controls: { needsApproval: config.needsApproval },
      }),
      ...((config.destructive !== undefined || config.readOnly !== undefined) && {
        annotations: {
          ...(config.destructive !== undefined && { destructive: config.destructive }),
          ...(config.readOnly !== undefined && { readOnly: config.readOnly }),
        },
      }),
      execute: (args) => {
        runs.push(args);
        return { deleted: args.id };
      },
    });
    return { tool, runs };
  };

  describe("a tool's needsApproval", () => {
    it("true: the call pends with a signed, JSON-serialisable request, and the tool does not run", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const outcome = await setOf({ delete_note: tool }).call("delete_note", { id: "n1" });
      expect(outcome).toEqual({
        ok: false,
        kind: "approval-required",
        error: "tool 'delete_note' needs approval before it runs and has not run",
        approval: {
          id: expect.any(String),
          tool: "delete_note",
          args: { id: "n1", force: false },
          requestedAt: expect.any(String),
          hash: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      });
      expect(runs).toEqual([]);
      expect(isPending(outcome)).toBe(true);
      const request = requestOf(outcome);
      expect(new Date(request.requestedAt).toISOString()).toBe(request.requestedAt);
      expect(stored(outcome)).toEqual(outcome);
      expect("cause" in outcome).toBe(false);
    });

    it("each request has an id of its own", async () => {
      const set = setOf({ delete_note: deleting({ needsApproval: true }).tool });
      const first = requestOf(await set.call("delete_note", { id: "n1" }));
      const second = requestOf(await set.call("delete_note", { id: "n1" }));
      expect(first.id).not.toBe(second.id);
      expect(first.hash).not.toBe(second.hash);
    });

    it("a function decides on the parsed arguments, defaults applied: only some calls pend", async () => {
      const seen: unknown[] = [];
      const { tool, runs } = deleting({
        needsApproval: (args) => {
          seen.push(args);
          return args.force;
        },
      });
      const set = setOf({ delete_note: tool });
      expect(await set.call("delete_note", { id: "a" })).toEqual({
        ok: true,
        value: { deleted: "a" },
      });
      const pending = await set.call("delete_note", { id: "b", force: true });
      expect(requestOf(pending).args).toEqual({ id: "b", force: true });
      expect(seen).toEqual([
        { id: "a", force: false },
        { id: "b", force: true },
      ]);
      expect(runs).toEqual([{ id: "a", force: false }]);
    });

    it("an async function may decide", async () => {
      const { tool, runs } = deleting({
        needsApproval: async ({ id }) => id === "keep",
      });
      const set = setOf({ delete_note: tool });
      expect((await set.call("delete_note", { id: "drop" })).ok).toBe(true);
      expect(isPending(await set.call("delete_note", { id: "keep" }))).toBe(true);
      expect(runs).toEqual([{ id: "drop", force: false }]);
    });

    it.each([
      [
        "throws",
        () => {
          throw new Error("policy store offline");
        },
      ],
      ["rejects", () => Promise.reject(new Error("policy store offline"))],
    ])("a check that %s pends: approval fails closed", async (_how, check) => {
      const { tool, runs } = deleting({ needsApproval: check });
      const outcome = await setOf({ delete_note: tool }).call("delete_note", { id: "n1" });
      expect(requestOf(outcome)).toMatchObject({
        tool: "delete_note",
        args: { id: "n1", force: false },
      });
      expect(runs).toEqual([]);
    });

    it("invalid arguments do not pend: they fail as invalid-arguments, and nothing runs", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const outcome = await setOf({ delete_note: tool }).call("delete_note", { id: 3 });
      expect(outcome).toMatchObject({ ok: false, kind: "invalid-arguments" });
      expect(!outcome.ok && outcome.error).toMatch(
        /^tool 'delete_note' received invalid arguments: .*; expected arguments: \{ id: string, force\?: boolean \}$/,
      );
      expect(isPending(outcome)).toBe(false);
      expect(runs).toEqual([]);
    });

    it("false, or absent, runs the call", async () => {
      const off = deleting({ needsApproval: false });
      const none = deleting();
      const set = setOf({ off: off.tool, none: none.tool });
      expect((await set.call("off", { id: "a" })).ok).toBe(true);
      expect((await set.call("none", { id: "b" })).ok).toBe(true);
    });

    it("a play pends too, and runs once approved", async () => {
      const runs: unknown[] = [];
      const archive = definePlay({
        description: "Archive a note",
        parameters: z.object({ id: z.string() }),
        returns: z.object({ archived: z.string() }),
        controls: { needsApproval: ({ id }) => id !== "scratch" },
        execute: ({ id }) => {
          runs.push(id);
          return { archived: id };
        },
      });
      const set = setOf({}, {}, { archive });
      expect(await set.call("archive", { id: "scratch" })).toEqual({
        ok: true,
        value: { archived: "scratch" },
      });
      const outcome = await set.call("archive", { id: "n1" });
      expect(outcome).toMatchObject({
        ok: false,
        kind: "approval-required",
        error: "play 'archive' needs approval before it runs and has not run",
        approval: { tool: "archive", args: { id: "n1" } },
      });
      expect(runs).toEqual(["scratch"]);
      expect(await set.resume(requestOf(outcome), { approved: true })).toEqual({
        ok: true,
        value: { archived: "n1" },
      });
      expect(runs).toEqual(["scratch", "n1"]);
      const again = requestOf(await set.call("archive", { id: "n2" }));
      expect(await set.resume(again, { approved: false, reason: "no" })).toEqual({
        ok: false,
        kind: "denied",
        error:
          "the user denied the call to play 'archive': no; do not call it again with the same arguments unless the user asks",
      });
    });
  });

  describe("the set's needsApproval policy", () => {
    it("true: every call pends, whatever the tool says (OR with its own)", async () => {
      const plain = deleting();
      const off = deleting({ needsApproval: false });
      const set = setOf(
        { plain: plain.tool, off: off.tool },
        { controls: { needsApproval: true } },
      );
      expect(requestOf(await set.call("plain", { id: "a" })).tool).toBe("plain");
      expect(requestOf(await set.call("off", { id: "b" })).tool).toBe("off");
      expect([...plain.runs, ...off.runs]).toEqual([]);
    });

    it('"destructive": only calls of tools annotated destructive: true pend', async () => {
      const destructive = deleting({ destructive: true });
      const safe = deleting({ destructive: false });
      const unannotated = deleting();
      const set = setOf(
        { destructive: destructive.tool, safe: safe.tool, unannotated: unannotated.tool },
        { controls: { needsApproval: "destructive" } },
      );
      expect(isPending(await set.call("destructive", { id: "a" }))).toBe(true);
      expect((await set.call("safe", { id: "b" })).ok).toBe(true);
      expect((await set.call("unannotated", { id: "c" })).ok).toBe(true);
      expect(destructive.runs).toEqual([]);
    });

    it("a function receives the entry, the parsed arguments and the context", async () => {
      const queries: unknown[] = [];
      const { tool, runs } = deleting();
      const ctx = { host: { user: "ada" } };
      const set = setOf(
        { delete_note: tool },
        {
          controls: {
            needsApproval: ({ entry, args, ctx: context }) => {
              queries.push({ name: entry.name, capability: entry.capability, args, context });
              return (args as { force: boolean }).force;
            },
          },
        },
      );
      expect((await set.call("delete_note", { id: "a" }, ctx)).ok).toBe(true);
      expect(isPending(await set.call("delete_note", { id: "b", force: true }, ctx))).toBe(true);
      expect(queries).toEqual([
        { name: "delete_note", capability: "c", args: { id: "a", force: false }, context: ctx },
        { name: "delete_note", capability: "c", args: { id: "b", force: true }, context: ctx },
      ]);
      expect(runs).toEqual([{ id: "a", force: false }]);
    });

    it("a function ORs with the tool's own check, both ways", async () => {
      const ownSays = deleting({ needsApproval: ({ id }) => id === "own" });
      const set = setOf(
        { delete_note: ownSays.tool },
        { controls: { needsApproval: ({ args }) => (args as { id: string }).id === "policy" } },
      );
      expect(isPending(await set.call("delete_note", { id: "own" }))).toBe(true);
      expect(isPending(await set.call("delete_note", { id: "policy" }))).toBe(true);
      expect((await set.call("delete_note", { id: "neither" })).ok).toBe(true);
      expect(ownSays.runs).toEqual([{ id: "neither", force: false }]);
    });

    it("a policy that throws pends", async () => {
      const { tool, runs } = deleting();
      const set = setOf(
        { delete_note: tool },
        {
          controls: {
            needsApproval: () => {
              throw new Error("no policy");
            },
          },
        },
      );
      expect(isPending(await set.call("delete_note", { id: "a" }))).toBe(true);
      expect(runs).toEqual([]);
    });

    it("a play falls under the policy too", async () => {
      const play = definePlay({
        description: "p",
        parameters: z.object({}),
        returns: z.object({}),
        execute: () => ({}),
      });
      const set = setOf({}, { controls: { needsApproval: true } }, { play });
      expect(await set.call("play", {})).toMatchObject({
        kind: "approval-required",
        error: "play 'play' needs approval before it runs and has not run",
      });
    });

    it("a bad policy throws a TypeError at construction", () => {
      expect(() => setOf({}, { controls: { needsApproval: "always" as never } })).toThrow(
        new TypeError(
          'toolSet: needsApproval must be a boolean, "destructive" or a function, received "always"',
        ),
      );
    });
  });

  describe("resume", () => {
    it("approved: runs the call exactly once, with the request's arguments", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const request = requestOf(await set.call("delete_note", { id: "n1" }));
      expect(await set.resume(request, { approved: true })).toEqual({
        ok: true,
        value: { deleted: "n1" },
      });
      expect(runs).toEqual([{ id: "n1", force: false }]);
    });

    it("approved: the request survives a JSON round trip", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const request = stored(requestOf(await set.call("delete_note", { id: "n1", force: true })));
      expect((await set.resume(request, { approved: true })).ok).toBe(true);
      expect(runs).toEqual([{ id: "n1", force: true }]);
    });

    it("approved: a call that then fails comes back as its failure", async () => {
      const failing = defineTool({
        description: "f",
        parameters: z.object({}),
        controls: { needsApproval: true },
        execute: () => {
          throw new Error("disk full");
        },
      });
      const set = setOf({ failing });
      const request = requestOf(await set.call("failing", {}));
      expect(await set.resume(request, { approved: true })).toMatchObject({
        ok: false,
        kind: "thrown",
        error: "disk full",
      });
    });

    it("approved: the context reaches the tool", async () => {
      const seen: unknown[] = [];
      const tool = defineTool({
        description: "t",
        parameters: z.object({}),
        controls: { needsApproval: true },
        execute: (_args, ctx) => {
          seen.push(ctx?.host);
        },
      });
      const set = setOf({ tool });
      const request = requestOf(await set.call("tool", {}));
      await set.resume(request, { approved: true }, { host: { user: "ada" } });
      expect(seen).toEqual([{ user: "ada" }]);
    });

    it("denied: a readable denial with the reason, and the tool does not run", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const request = requestOf(await set.call("delete_note", { id: "n1" }));
      expect(await set.resume(request, { approved: false, reason: "keep it" })).toEqual({
        ok: false,
        kind: "denied",
        error:
          "the user denied the call to tool 'delete_note': keep it; do not call it again with the same arguments unless the user asks",
      });
      const another = requestOf(await set.call("delete_note", { id: "n1" }));
      expect(await set.resume(another, { approved: false })).toEqual({
        ok: false,
        kind: "denied",
        error:
          "the user denied the call to tool 'delete_note'; do not call it again with the same arguments unless the user asks",
      });
      expect(runs).toEqual([]);
    });

    it("denied with a cause: nobody was asked, so the model reads that, not a denial", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const request = requestOf(await set.call("delete_note", { id: "n1" }));
      const crash = new Error("the approval queue is down");
      const decision = { approved: false, reason: "ignored", cause: crash } as const;
      expect(await set.resume(request, decision)).toEqual({
        ok: false,
        kind: "denied",
        error: "tool 'delete_note' has not run: its approval could not be obtained",
        cause: crash,
      });
      expect(runs).toEqual([]);
    });

    it("a request settles once: resumed again, approved or not, it is refused and runs nothing", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const approved = requestOf(await set.call("delete_note", { id: "n1" }));
      expect((await set.resume(approved, { approved: true })).ok).toBe(true);
      const denied = requestOf(await set.call("delete_note", { id: "n2" }));
      expect((await set.resume(denied, { approved: false })).ok).toBe(false);
      for (const request of [approved, stored(approved), denied]) {
        const outcome = await set.resume(request, { approved: true });
        expect(outcome).toMatchObject({ ok: false, kind: "denied" });
        expect(!outcome.ok && outcome.error).toMatch(
          /^the approval for 'delete_note' was refused: it was already settled/,
        );
      }
      // The plan view shares the set's memory.
      expect(await set.plan.resume(approved, { approved: true })).toMatchObject({ ok: false });
      expect(runs).toEqual([{ id: "n1", force: false }]);
    });

    it.each([
      ["no decision", undefined],
      ["null", null],
      ["an empty object", {}],
      ["approved as a string", { approved: "yes" }],
      ["approved as 1", { approved: 1 }],
    ])("a malformed decision (%s) denies, and nothing runs", async (_label, decision) => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const request = requestOf(await set.call("delete_note", { id: "n1" }));
      const outcome = await set.resume(request, decision as never);
      expect(outcome).toMatchObject({ ok: false, kind: "denied" });
      expect(!outcome.ok && outcome.error).toContain(
        "the decision was not { approved: true } or { approved: false }",
      );
      expect(runs).toEqual([]);
    });

    describe("a changed request is denied, and runs nothing", () => {
      const refused =
        /^the approval for '.*' was refused: its hash does not match its tool and arguments/;
      const setWithTwo = () => {
        const target = deleting({ needsApproval: true });
        const other = deleting();
        const set = setOf({ delete_note: target.tool, other: other.tool });
        return { set, runs: () => [...target.runs, ...other.runs] };
      };

      it.each<[string, (request: ApprovalRequest) => unknown]>([
        ["other arguments", (r) => ({ ...r, args: { id: "n2", force: false } })],
        ["one more argument", (r) => ({ ...r, args: { id: "n1", force: true } })],
        ["arguments dropped", (r) => ({ ...r, args: {} })],
        ["another tool", (r) => ({ ...r, tool: "other" })],
        ["another id", (r) => ({ ...r, id: crypto.randomUUID() })],
        ["another time", (r) => ({ ...r, requestedAt: new Date(0).toISOString() })],
        [
          "another hash",
          (r) => ({ ...r, hash: `${r.hash[0] === "A" ? "B" : "A"}${r.hash.slice(1)}` }),
        ],
        ["a hash of the wrong length", (r) => ({ ...r, hash: `${r.hash}A` })],
      ])("%s", async (_label, change) => {
        const { set, runs } = setWithTwo();
        const request = requestOf(await set.call("delete_note", { id: "n1" }));
        const outcome = await set.resume(change(request) as ApprovalRequest, { approved: true });
        expect(outcome).toMatchObject({ ok: false, kind: "denied" });
        expect(!outcome.ok && outcome.error).toMatch(refused);
        expect(runs()).toEqual([]);
      });

      it("the hash of one call cannot be replayed on another call's arguments", async () => {
        const { set, runs } = setWithTwo();
        const first = requestOf(await set.call("delete_note", { id: "n1" }));
        const second = requestOf(await set.call("delete_note", { id: "n2" }));
        const spliced = { ...second, hash: first.hash };
        expect(await set.resume(spliced, { approved: true })).toMatchObject({ kind: "denied" });
        expect(runs()).toEqual([]);
      });

      it.each([
        ["null", null],
        ["a string", "approve me"],
        ["an object without fields", {}],
        ["a hash that is a number", { id: "x", tool: "delete_note", requestedAt: "t", hash: 1 }],
      ])("not a request at all (%s)", async (_label, request) => {
        const { set, runs } = setWithTwo();
        const outcome = await set.resume(request as never, { approved: true });
        expect(outcome).toMatchObject({ ok: false, kind: "denied" });
        expect(!outcome.ok && outcome.error).toMatch(/^the approval for '.*' was refused: /);
        expect(runs()).toEqual([]);
      });
    });

    it("another set with the same approvalSecret resumes the request", async () => {
      const first = deleting({ needsApproval: true });
      const second = deleting({ needsApproval: true });
      const asking = setOf({ delete_note: first.tool }, { approvalSecret: SECRET });
      const resuming = setOf({ delete_note: second.tool }, { approvalSecret: SECRET });
      const request = stored(requestOf(await asking.call("delete_note", { id: "n1" })));
      expect(await resuming.resume(request, { approved: true })).toEqual({
        ok: true,
        value: { deleted: "n1" },
      });
      expect(first.runs).toEqual([]);
      expect(second.runs).toEqual([{ id: "n1", force: false }]);
    });

    it("the secret may be bytes: the same bytes as a string resume each other's requests", async () => {
      const bytes = new TextEncoder().encode(SECRET);
      const asking = setOf(
        { delete_note: deleting({ needsApproval: true }).tool },
        { approvalSecret: bytes },
      );
      const { tool, runs } = deleting({ needsApproval: true });
      const resuming = setOf({ delete_note: tool }, { approvalSecret: SECRET });
      const request = requestOf(await asking.call("delete_note", { id: "n1" }));
      expect((await resuming.resume(request, { approved: true })).ok).toBe(true);
      expect(runs).toHaveLength(1);
    });

    it("a set with another secret, or none, refuses it", async () => {
      const asking = setOf(
        { delete_note: deleting({ needsApproval: true }).tool },
        { approvalSecret: SECRET },
      );
      const request = requestOf(await asking.call("delete_note", { id: "n1" }));
      const other = deleting({ needsApproval: true });
      const none = deleting({ needsApproval: true });
      const otherSet = setOf({ delete_note: other.tool }, { approvalSecret: "z".repeat(32) });
      const noneSet = setOf({ delete_note: none.tool });
      for (const set of [otherSet, noneSet]) {
        const outcome = await set.resume(request, { approved: true });
        expect(outcome).toMatchObject({ ok: false, kind: "denied" });
        expect(!outcome.ok && outcome.error).toContain("another approvalSecret");
      }
      expect([...other.runs, ...none.runs]).toEqual([]);
    });

    it("without a secret, a set resumes its own requests and no other set's", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const twin = setOf({ delete_note: tool });
      const request = requestOf(await set.call("delete_note", { id: "n1" }));
      expect((await twin.resume(request, { approved: true })).ok).toBe(false);
      expect((await set.resume(request, { approved: true })).ok).toBe(true);
      expect(runs).toHaveLength(1);
    });

    it("a request for a name the set does not hold fails as unknown-name", async () => {
      const asking = setOf(
        { gone: deleting({ needsApproval: true }).tool },
        { approvalSecret: SECRET },
      );
      const request = requestOf(await asking.call("gone", { id: "n1" }));
      const resuming = setOf({ delete_note: deleting().tool }, { approvalSecret: SECRET });
      expect(await resuming.resume(request, { approved: true })).toMatchObject({
        ok: false,
        kind: "unknown-name",
      });
    });

    it("the recorder sees the pending call and the resumed one", async () => {
      const records: ToolCallRecord[] = [];
      const { tool } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool }, { recorder: (record) => records.push(record) });
      const request = requestOf(await set.call("delete_note", { id: "n1" }));
      await set.resume(request, { approved: true });
      const other = requestOf(await set.call("delete_note", { id: "n2" }));
      await set.resume(other, { approved: false, reason: "changed my mind" });
      expect(
        records.map((r) => [r.name, r.args, r.outcome.ok, !r.outcome.ok && r.outcome.kind]),
      ).toEqual([
        ["delete_note", { id: "n1" }, false, "approval-required"],
        ["delete_note", { id: "n1", force: false }, true, false],
        ["delete_note", { id: "n2" }, false, "approval-required"],
        ["delete_note", { id: "n2", force: false }, false, "denied"],
      ]);
    });
  });

  describe("approvalSecret", () => {
    it.each([
      ["31 characters", "x".repeat(31)],
      ["an empty string", ""],
      ["31 bytes", new Uint8Array(31)],
      ["a number", 42],
      ["an array of 32 numbers", Array.from({ length: 32 }, () => 1)],
    ])("%s throws a TypeError at construction", (_label, secret) => {
      expect(() => setOf({}, { approvalSecret: secret as never })).toThrow(
        /^toolSet: approvalSecret must be a string or Uint8Array of at least 32 bytes, received /,
      );
      expect(() => setOf({}, { approvalSecret: secret as never })).toThrow(TypeError);
    });

    it("counts bytes, not characters", () => {
      expect(() => setOf({}, { approvalSecret: "é".repeat(16) })).not.toThrow();
      expect(() => setOf({}, { approvalSecret: new Uint8Array(32) })).not.toThrow();
    });
  });

  describe("approvalFor", () => {
    it("returns the request a call would pend with, without running it; it resumes", async () => {
      const { tool, runs } = deleting({ needsApproval: true });
      const set = setOf({ delete_note: tool });
      const request = await set.approvalFor("delete_note", { id: "n1" });
      expect(request).toEqual({
        id: expect.any(String),
        tool: "delete_note",
        args: { id: "n1", force: false },
        requestedAt: expect.any(String),
        hash: expect.any(String),
      });
      expect(runs).toEqual([]);
      expect(await set.resume(request as ApprovalRequest, { approved: true })).toEqual({
        ok: true,
        value: { deleted: "n1" },
      });
      expect(runs).toEqual([{ id: "n1", force: false }]);
    });

    it("is undefined for a call that needs none, invalid arguments, or an unknown name", async () => {
      const checked = deleting({ needsApproval: ({ force }) => force });
      const plain = deleting();
      const set = setOf({ checked: checked.tool, plain: plain.tool });
      expect(await set.approvalFor("plain", { id: "n1" })).toBeUndefined();
      expect(await set.approvalFor("checked", { id: "n1" })).toBeUndefined();
      expect(await set.approvalFor("checked", { id: 1, force: true })).toBeUndefined();
      expect(await set.approvalFor("checked", "not an object")).toBeUndefined();
      expect(await set.approvalFor("missing", {})).toBeUndefined();
      expect(await set.approvalFor("checked", { id: "n1", force: true })).toMatchObject({
        tool: "checked",
      });
      expect([...checked.runs, ...plain.runs]).toEqual([]);
    });

    it("follows the set's policy", async () => {
      const set = setOf(
        { destructive: deleting({ destructive: true }).tool, safe: deleting().tool },
        { controls: { needsApproval: "destructive" } },
      );
      expect(await set.approvalFor("destructive", { id: "n1" })).toMatchObject({
        tool: "destructive",
      });
      expect(await set.approvalFor("safe", { id: "n1" })).toBeUndefined();
    });
  });

  describe("views of the set keep approval", () => {
    it("the plan view pends a read-only tool that needs approval, and resumes it", async () => {
      const { tool, runs } = deleting({ needsApproval: true, readOnly: true });
      const set = setOf({ peek: tool });
      const outcome = await set.plan.call("peek", { id: "n1" });
      expect(isPending(outcome)).toBe(true);
      expect(runs).toEqual([]);
      expect((await set.plan.resume(requestOf(outcome), { approved: true })).ok).toBe(true);
      expect(runs).toHaveLength(1);
    });

    it("callMany pends the calls that need approval and runs the others", async () => {
      const gated = deleting({ needsApproval: true });
      const free = deleting();
      const set = setOf({ gated: gated.tool, free: free.tool });
      const outcomes = await set.callMany([
        { name: "gated", args: { id: "a" } },
        { name: "free", args: { id: "b" } },
      ]);
      expect(outcomes.map((o) => (o.ok ? "ok" : o.kind))).toEqual(["approval-required", "ok"]);
      expect(gated.runs).toEqual([]);
      expect(free.runs).toEqual([{ id: "b", force: false }]);
      expect((await set.resume(requestOf(outcomes[0] as CallOutcome), { approved: true })).ok).toBe(
        true,
      );
      expect(gated.runs).toEqual([{ id: "a", force: false }]);
    });
  });

  describe("hand-written definitions", () => {
    it("needsApproval: true on a plain literal pends", async () => {
      let ran = false;
      const literal: ToolDefinition = {
        description: "d",
        parameters: z.object({ id: z.string() }),
        controls: { needsApproval: true },
        execute: () => {
          ran = true;
        },
      };
      const outcome = await setOf({ literal }).call("literal", { id: "n1" });
      expect(requestOf(outcome)).toMatchObject({ tool: "literal", args: { id: "n1" } });
      expect(ran).toBe(false);
    });

    // A definition toolSet cannot read as a boolean or a function must not run unasked:
    // approval fails closed, or the set refuses it at construction, naming it.
    it("a needsApproval that is neither a boolean nor a function does not run unasked", async () => {
      let ran = false;
      const literal = {
        description: "d",
        parameters: z.object({}),
        controls: { needsApproval: "always" },
        execute: () => {
          ran = true;
        },
      } as unknown as ToolDefinition;
      // Refused where the set is built, naming the entry and the control: it never runs.
      const error = thrown(() => setOf({ literal }));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toContain("needsApproval");
      expect(error.message).toContain("literal");
      expect(ran).toBe(false);
    });
  });
});
