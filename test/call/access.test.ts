/**
 * Access: `requiredScopes` and `visible` hold alike wherever a call is made. A tool the
 * caller may not see reads exactly as a name that does not exist (`Toolbox.execute`'s
 * `UnknownToolError`, `Playbook.execute`'s `{ error }`, a set's `unknown-name`), listing
 * only what that caller sees; one it sees but lacks a scope for fails `forbidden`, naming
 * the missing scopes, and never runs. A check that throws hides (access fails closed).
 */

import {
  type CallControls,
  type CallPending,
  capability,
  definePlay,
  defineTool,
  type Principal,
  playbook,
  type ToolDefinition,
  ToolForbiddenError,
  toolbox,
  toolSet,
  UnknownToolError,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { rejection } from "../core/catch";
import { type Z, zods } from "../set/fixtures";

function principal(subject: string, scopes: readonly string[] = []): { auth: Principal } {
  return { auth: { subject, scopes, claims: { sub: subject } } };
}

const admin = principal("ada", ["notes:read", "notes:write", "admin"]);
const reader = principal("rui", ["notes:read"]);

/** `open` (no rule), `write` (needs notes:write), `secret` (only admins see it), each counting runs. */
function gated(z: Z, secret: CallControls = { visible: (ctx) => isAdmin(ctx) }) {
  const runs: string[] = [];
  const tool = (name: string, controls?: CallControls) =>
    defineTool({
      description: `The ${name} tool`,
      parameters: z.object({ id: z.string() }),
      ...(controls !== undefined && { controls }),
      execute: ({ id }) => {
        runs.push(name);
        return `${name} ${id}`;
      },
    });
  const play = (name: string, controls?: CallControls) =>
    definePlay({
      description: `The ${name} play`,
      parameters: z.object({ id: z.string() }),
      returns: z.string(),
      ...(controls !== undefined && { controls }),
      execute: ({ id }) => {
        runs.push(name);
        return `${name} ${id}`;
      },
    });
  const write = { requiredScopes: ["notes:write"] };
  const box = toolbox("notes", "Notes", {
    open: tool("open"),
    write: tool("write", write),
    secret: tool("secret", secret),
  });
  const book = playbook("plays", "Plays", {
    plan: play("plan"),
    publish: play("publish", write),
    audit: play("audit", secret),
  });
  const owner = capability({ name: "notes", description: "Notes", toolbox: box, playbook: book });
  return { runs, box, book, owner };
}

function isAdmin(ctx: { auth?: Principal } | undefined): boolean {
  return ctx?.auth?.scopes.includes("admin") === true;
}

describe.each(zods)("requiredScopes (%s)", (_label, z) => {
  it("runs for a caller granted every scope", async () => {
    const { box, owner, runs } = gated(z);
    await expect(box.execute("write", { id: "n1" }, admin)).resolves.toBe("write n1");
    expect(await toolSet([owner]).call("write", { id: "n1" }, admin)).toEqual({
      ok: true,
      value: "write n1",
    });
    expect(runs).toEqual(["write", "write"]);
  });

  it("refuses a caller without one as forbidden, naming it, before the arguments are read", async () => {
    const { box, book, owner, runs } = gated(z);
    const text =
      "tool 'write' requires the scope 'notes:write', which the caller was not granted; it has not run";
    // Invalid arguments too: authorisation comes before validation.
    const error = await rejection(box.execute("write", { id: 1 } as never, reader));
    expect(error).toBeInstanceOf(ToolForbiddenError);
    expect(error).toMatchObject({
      code: "TOOL_FORBIDDEN",
      tool: "write",
      missing: ["notes:write"],
      required: ["notes:write"],
      message: text,
    });
    await expect(book.execute("publish", { id: "n1" })).resolves.toEqual({
      error:
        "play 'publish' requires the scope 'notes:write', which the caller was not granted; it has not run",
    });
    const outcome = await toolSet([owner]).call("write", { id: 1 } as never, reader);
    expect(outcome).toMatchObject({ ok: false, kind: "forbidden", error: text });
    expect((outcome as { cause?: unknown }).cause).toBeInstanceOf(ToolForbiddenError);
    expect(runs).toEqual([]);
  });

  it("a call with no ctx.auth, or one that cannot be read, lacks every scope", async () => {
    const { box, owner, runs } = gated(z);
    const unreadable = {
      get auth(): Principal {
        throw new Error("no");
      },
    };
    for (const ctx of [undefined, {}, unreadable, { auth: { scopes: "notes:write" } }]) {
      await expect(box.execute("write", { id: "n1" }, ctx as never)).rejects.toBeInstanceOf(
        ToolForbiddenError,
      );
      expect(await toolSet([owner]).call("write", { id: "n1" }, ctx as never)).toMatchObject({
        kind: "forbidden",
      });
    }
    expect(runs).toEqual([]);
  });

  it("names every missing scope, in order", async () => {
    const tool = defineTool({
      description: "d",
      parameters: z.object({}),
      controls: { requiredScopes: ["a", "b", "c"] },
      execute: () => "ran",
    });
    const error = await rejection(
      toolbox("t", "t", { t: tool }).execute("t", {}, principal("x", ["b"])),
    );
    expect(error.message).toBe(
      "tool 't' requires the scopes 'a', 'c', which the caller was not granted; it has not run",
    );
  });

  it("formatError words a forbidden call for the model; the kind stays", async () => {
    const tool = defineTool({
      description: "d",
      parameters: z.object({}),
      controls: {
        requiredScopes: ["a"],
        formatError: (failure) => (failure.kind === "forbidden" ? "ask an admin" : undefined),
      },
      execute: () => "ran",
    });
    const set = toolSet([
      capability({ name: "c", description: "c", toolbox: toolbox("t", "t", { t: tool }) }),
    ]);
    expect(await set.call("t", {})).toMatchObject({ kind: "forbidden", error: "ask an admin" });
  });

  it("a malformed requiredScopes is a TypeError where it is written", () => {
    for (const requiredScopes of ["a", [""], [1], null]) {
      expect(() =>
        defineTool({
          description: "d",
          parameters: z.object({}),
          controls: { requiredScopes: requiredScopes as never },
          execute: () => "ran",
        }),
      ).toThrow(
        /^defineTool: requiredScopes must be an array of scope names \(non-empty strings\), received/,
      );
    }
    expect(() =>
      defineTool({
        description: "d",
        parameters: z.object({}),
        requiredScopes: ["a"],
        execute: () => "ran",
      } as never),
    ).toThrow(
      "defineTool: requiredScopes is a control: declare it under controls: { requiredScopes }",
    );
  });
});

describe.each(zods)("visible (%s)", (_label, z) => {
  it("shows a tool to a caller its check admits", async () => {
    const { box, owner } = gated(z);
    await expect(box.execute("secret", { id: "s" }, admin)).resolves.toBe("secret s");
    const set = toolSet([owner]);
    expect(await set.call("secret", { id: "s" }, admin)).toEqual({ ok: true, value: "secret s" });
    expect(set.entries(admin).map((entry) => entry.name)).toContain("secret");
  });

  it("Toolbox.execute: a hidden tool throws the UnknownToolError a missing one throws", async () => {
    const { box, runs } = gated(z);
    const hidden = await rejection(box.execute("secret", { id: "s" }, reader));
    const missing = await rejection(box.execute("nothing" as never, { id: "s" } as never, reader));
    expect(hidden).toBeInstanceOf(UnknownToolError);
    expect(hidden.message).toBe(
      "unknown tool 'secret' in toolbox 'notes'; available tools: open, write",
    );
    expect(missing.message).toBe(
      "unknown tool 'nothing' in toolbox 'notes'; available tools: open, write",
    );
    expect((hidden as UnknownToolError).available).toEqual(["open", "write"]);
    expect(runs).toEqual([]);
  });

  it("Playbook.execute: a hidden play reads as a missing one (no context: hidden from nobody-in-particular)", async () => {
    const { book, runs } = gated(z);
    const text = (name: string) =>
      `unknown play '${name}' in playbook 'plays'; available plays: plan, publish`;
    await expect(book.execute("audit", { id: "s" })).resolves.toEqual({ error: text("audit") });
    await expect(book.execute("gone" as never, { id: "s" } as never)).resolves.toEqual({
      error: text("gone"),
    });
    expect(runs).toEqual([]);
  });

  it("a set: a hidden name fails exactly as a missing one, listing only what the caller sees", async () => {
    const { owner, runs } = gated(z);
    const set = toolSet([owner]);
    const hidden = await set.call("secret", { id: "s" }, reader);
    const missing = await set.call("nothing" as never, { id: "s" } as never, reader);
    expect(hidden).toEqual({
      ok: false,
      kind: "unknown-name",
      error: "unknown tool 'secret'; available tools: open, write, plan, publish",
    });
    expect(JSON.stringify(missing)).toBe(JSON.stringify(hidden).replace("'secret'", "'nothing'"));
    expect(runs).toEqual([]);
  });

  it("a set's listings hold only what the caller sees", () => {
    const { owner } = gated(z);
    const set = toolSet([owner]);
    const names = (ctx?: object) => set.entries(ctx).map((entry) => entry.name);
    expect(names(reader)).toEqual(["open", "write", "plan", "publish"]);
    expect(names()).toEqual(["open", "write", "plan", "publish"]);
    expect(names(admin)).toEqual(["open", "write", "secret", "plan", "publish", "audit"]);
    expect(set.schemas("draft-07", reader).map((schema) => schema.name)).toEqual(names(reader));
    expect(set.get("secret", reader)).toBeUndefined();
    expect(set.get("secret", admin)?.name).toBe("secret");
    // `names` is every name, whoever asks: the server's own view.
    expect(set.names).toEqual(names(admin));
  });

  it("a check that throws, or answers anything but true, hides the tool", async () => {
    for (const visible of [
      () => {
        throw new Error("directory down");
      },
      () => "yes" as unknown as boolean,
      () => Promise.resolve(true) as unknown as boolean,
      () => 1 as unknown as boolean,
    ]) {
      const { owner, box, runs } = gated(z, { visible });
      const set = toolSet([owner]);
      expect(set.entries(admin).map((entry) => entry.name)).not.toContain("secret");
      expect(await set.call("secret", { id: "s" }, admin)).toMatchObject({ kind: "unknown-name" });
      await expect(box.execute("secret", { id: "s" }, admin)).rejects.toBeInstanceOf(
        UnknownToolError,
      );
      expect(runs).toEqual([]);
    }
  });

  it("a set's own visible check hides entries beside each definition's", async () => {
    const { owner } = gated(z);
    const set = toolSet([owner], {
      controls: { visible: ({ entry, ctx }) => entry.kind !== "play" || ctx?.auth !== undefined },
    });
    expect(set.entries().map((entry) => entry.name)).toEqual(["open", "write"]);
    expect(set.entries(reader).map((entry) => entry.name)).toEqual([
      "open",
      "write",
      "plan",
      "publish",
    ]);
    expect(await set.call("plan", { id: "p" })).toMatchObject({ kind: "unknown-name" });
    expect(() => toolSet([owner], { controls: { visible: true as never } })).toThrow(
      "toolSet: visible must be a function",
    );
  });

  it("a hidden tool is not asked about approval, nor resumed", async () => {
    const tool: ToolDefinition = {
      description: "d",
      parameters: z.object({}),
      controls: { needsApproval: true, visible: (ctx) => isAdmin(ctx) },
      execute: () => "ran",
    };
    const set = toolSet([
      capability({ name: "c", description: "c", toolbox: toolbox("t", "t", { t: tool }) }),
    ]);
    const pending = await set.call("t", {}, admin);
    expect(pending).toMatchObject({ kind: "approval-required" });
    expect(await set.approvalFor("t", {}, reader)).toBeUndefined();
    expect(await set.approvalFor("t", {}, admin)).toBeDefined();
    const request = (pending as CallPending).approval;
    expect(await set.resume(request, { approved: true }, reader)).toEqual({
      ok: false,
      kind: "unknown-name",
      error: "unknown tool 't'; available tools: (none)",
    });
    expect(await set.resume(request, { approved: true }, admin)).toEqual({
      ok: true,
      value: "ran",
    });
  });

  it("a hand-written definition's visible of the wrong type fails where the set is built", () => {
    const tool = {
      description: "d",
      parameters: z.object({}),
      controls: { visible: true },
      execute: () => "ran",
    } as unknown as ToolDefinition;
    expect(() =>
      toolSet([
        capability({ name: "c", description: "c", toolbox: toolbox("t", "t", { t: tool }) }),
      ]),
    ).toThrow("toolSet: tool 'c/t': visible must be a function, received a boolean (true)");
  });
});
