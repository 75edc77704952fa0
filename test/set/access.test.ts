/**
 * Access in a tool set, beyond one call: the deferred catalog (`search_tools`,
 * `describe_tools`) finds and reads only what the caller sees, in the plan view too; a
 * set hiding a tool answers every question exactly as a set without it (compared as
 * JSON); and the recorder learns, for every call, who called, what was decided (allowed,
 * hidden, forbidden) and why, never the token.
 */
import {
  type CallControls,
  type CallPending,
  type Capability,
  capability,
  defineTool,
  type Principal,
  type ToolCallRecord,
  type ToolSet,
  type ToolSetOptions,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { type Z, zods } from "./fixtures";

const reader: { auth: Principal } = {
  auth: { subject: "rui", scopes: ["notes:read"], claims: { sub: "rui", token: "never" } },
};
const admin: { auth: Principal } = {
  auth: { subject: "ada", scopes: ["notes:read", "admin"], claims: { sub: "ada" } },
};

const adminOnly: CallControls = { visible: (ctx) => ctx?.auth?.scopes.includes("admin") === true };

/** `read_note` (read-only), `purge_notes` (read-only, only admins see it), `write_note` (needs notes:write). */
function notes(z: Z, { hidePurge = true }: { hidePurge?: boolean } = {}) {
  const tools = {
    read_note: defineTool({
      description: "Read a note by its id",
      parameters: z.object({ id: z.string() }),
      annotations: { readOnly: true },
      execute: ({ id }) => `note ${id}`,
    }),
    ...(hidePurge && {
      purge_notes: defineTool({
        description: "Purge every note older than a date",
        parameters: z.object({ before: z.string() }),
        annotations: { readOnly: true },
        controls: adminOnly,
        execute: () => "purged",
      }),
    }),
    write_note: defineTool({
      description: "Write a note",
      parameters: z.object({ id: z.string(), text: z.string() }),
      controls: { requiredScopes: ["notes:write"] },
      execute: () => "written",
    }),
  };
  return capability({
    name: "notes",
    description: "Notes",
    toolbox: toolbox("notes", "Notes", tools),
  });
}

describe.each(zods)("the catalog finds only what the caller sees (%s)", (_label, z) => {
  const deferred = (options: ToolSetOptions = {}): ToolSet =>
    toolSet([notes(z)], { deferLoading: true, ...options });

  it("search_tools and describe_tools leave a hidden tool out, as if it were not there", async () => {
    const set = deferred();
    const search = await set.call("search_tools", { query: "note purge" }, reader);
    expect(search).toEqual({
      ok: true,
      value: {
        tools: [
          { name: "read_note", summary: "Read a note by its id" },
          { name: "write_note", summary: "Write a note" },
        ],
        total: 2,
      },
    });
    const describe = await set.call(
      "describe_tools",
      { names: ["purge_notes", "read_note"] },
      reader,
    );
    expect(describe).toMatchObject({ ok: true, value: { unknown: ["purge_notes"] } });
    expect(
      (describe as { value: { tools: { name: string }[] } }).value.tools.map((t) => t.name),
    ).toEqual(["read_note"]);
    const seen = await set.call("describe_tools", { names: ["purge_notes"] }, admin);
    expect(seen).toMatchObject({ ok: true, value: { unknown: [] } });
  });

  it("the plan view's catalog hides it too", async () => {
    const plan = deferred().plan;
    expect(plan.entries(reader).map((entry) => entry.name)).toEqual([
      "read_note",
      "search_tools",
      "describe_tools",
    ]);
    const search = await plan.call("search_tools", { query: "" }, reader);
    expect(search).toMatchObject({ value: { total: 1, tools: [{ name: "read_note" }] } });
    const found = await plan.call("search_tools", { query: "" }, admin);
    expect(found).toMatchObject({ value: { total: 2 } });
  });

  it("hidden reads as missing: every answer of the set equals that of a set without the tool", async () => {
    for (const options of [{}, { deferLoading: true }] as const) {
      const hiding: ToolSet = toolSet([notes(z)], options);
      const without: ToolSet = toolSet([notes(z, { hidePurge: false })], options);
      const json = (value: unknown) => JSON.stringify(value);
      expect(json(hiding.schemas("draft-2020-12", reader))).toBe(
        json(without.schemas("draft-2020-12", reader)),
      );
      expect(json(hiding.entries(reader).map(({ parameters, ...rest }) => rest))).toBe(
        json(without.entries(reader).map(({ parameters, ...rest }) => rest)),
      );
      for (const [name, args] of [
        ["purge_notes", { before: "2026" }],
        ["search_tools", { query: "purge" }],
        ["describe_tools", { names: ["purge_notes"] }],
      ] as const) {
        expect(json(await hiding.call(name, args, reader))).toBe(
          json(await without.call(name, args, reader)),
        );
      }
      expect(json(await hiding.plan.call("purge_notes", {}, reader))).toBe(
        json(await without.plan.call("purge_notes", {}, reader)),
      );
      expect(await hiding.approvalFor("purge_notes", {}, reader)).toBeUndefined();
    }
  });
});

describe.each(zods)("the recorder's access decisions (%s)", (_label, z) => {
  function recording(options: ToolSetOptions = {}, capabilities: Capability[] = [notes(z)]) {
    const records: ToolCallRecord[] = [];
    const set: ToolSet = toolSet(capabilities, {
      ...options,
      recorder: (record) => records.push(record),
    });
    return { set, records };
  }

  it("allowed, hidden (by its check, or not there at all) and forbidden, each with why", async () => {
    const { set, records } = recording();
    await set.call("read_note", { id: "n1" }, reader);
    await set.call("purge_notes", { before: "2026" }, reader);
    await set.call("purge_notes", { before: "2026" }, admin);
    await set.call("no_such_tool", {}, reader);
    await set.call("write_note", { id: "n1", text: "t" }, reader);
    await set.call("write_note", { id: "n1", text: "t" });
    expect(records.map(({ name, caller, access }) => ({ name, caller, access }))).toEqual([
      {
        name: "read_note",
        caller: "rui",
        access: { decision: "allowed", reason: "no access rule" },
      },
      {
        name: "purge_notes",
        caller: "rui",
        access: { decision: "hidden", reason: "its visible check returned false" },
      },
      {
        name: "purge_notes",
        caller: "ada",
        access: { decision: "allowed", reason: "visible to the caller" },
      },
      {
        name: "no_such_tool",
        caller: "rui",
        access: { decision: "hidden", reason: "no entry of that name" },
      },
      {
        name: "write_note",
        caller: "rui",
        access: { decision: "forbidden", reason: "the caller lacks 'notes:write'" },
      },
      {
        name: "write_note",
        caller: undefined,
        access: { decision: "forbidden", reason: "the caller lacks 'notes:write'" },
      },
    ]);
    // Never the credential: nothing of ctx.auth but its subject reaches the record.
    expect(JSON.stringify(records)).not.toContain("never");
  });

  it("a granted scope is named in why the call was allowed", async () => {
    const { set, records } = recording();
    const writer = { auth: { ...reader.auth, scopes: ["notes:write"] } };
    expect(await set.call("write_note", { id: "n1", text: "t" }, writer)).toEqual({
      ok: true,
      value: "written",
    });
    expect(records[0]?.access).toEqual({
      decision: "allowed",
      reason: "the caller holds every required scope ('notes:write')",
    });
  });

  it("a check that throws is recorded as hidden, with its message", async () => {
    const { set, records } = recording({
      controls: {
        visible: () => {
          throw new Error("directory down");
        },
      },
    });
    await set.call("read_note", { id: "n1" }, admin);
    expect(records[0]?.access).toEqual({
      decision: "hidden",
      reason: "the set's visible check threw: directory down",
    });
  });

  it("resume records the decision too", async () => {
    const tool = defineTool({
      description: "d",
      parameters: z.object({}),
      controls: { needsApproval: true, ...adminOnly },
      execute: () => "ran",
    });
    const { set, records } = recording({}, [
      capability({ name: "c", description: "c", toolbox: toolbox("c", "c", { t: tool }) }),
    ]);
    const pending = await set.call("t", {}, admin);
    const request = (pending as CallPending).approval;
    await set.resume(request, { approved: true }, reader);
    await set.resume(request, { approved: true }, admin);
    expect(
      records.map((record) => [record.caller, record.access.decision, record.outcome.ok]),
    ).toEqual([
      ["ada", "allowed", false],
      ["rui", "hidden", false],
      ["ada", "allowed", true],
    ]);
  });
});
