/**
 * The MCP server serves a tool set: `createMcpServer({ tools: set })` with a set built
 * elsewhere serves exactly that set (its names, its controls, its recorder, its approval
 * secret, its deferred listing; its plan view when given `set.plan`), `tools: [capability]`
 * serves `toolSet([capability])`, and anything else is refused by a `TypeError` naming the
 * option, before anything listens. Through the official SDK `Client`, on both Zod majors.
 */
import {
  type ApprovalRequest,
  capability,
  defineTool,
  type ToolCallRecord,
  toolbox,
  toolSet,
} from "toolwright";
import {
  createMcpHttpHandler,
  createMcpServer,
  listenMcpHttp,
  type McpServerOptions,
  mcp,
  serveStdio,
} from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import { type Z, zodMajors } from "../../core/zods";
import { type Z as FixtureZ, fixtureCapabilities, fixtureNames } from "../../set/fixtures";
import { answerOf, controlsCapability, type Runs } from "./controls-fixture";
import { connectInMemory } from "./in-memory-client";

/** The shared fixture capabilities on this major (the same Zod namespace, typed as the fixtures type it). */
const fixtures = (z: Z) => fixtureCapabilities(z as unknown as FixtureZ);

const served = (tools: McpServerOptions["tools"], extra: Partial<McpServerOptions> = {}) => ({
  name: "set",
  version: "1.0.0",
  tools,
  ...extra,
});

const textOf = (result: unknown): string => answerOf(result).text;

/** A tool that waits until its signal aborts. */
function hanging(z: Z) {
  return capability({
    name: "slow",
    description: "Slow",
    toolbox: toolbox("slow", "Slow", {
      hang: defineTool({
        description: "Waits until its signal aborts",
        parameters: z.object({}),
        execute: (_args, ctx) =>
          new Promise((resolve) => ctx?.signal?.addEventListener("abort", () => resolve("late"))),
      }),
    }),
  });
}

for (const { major, z } of zodMajors) {
  describe(`createMcpServer({ tools: set }) (${major})`, () => {
    it("lists exactly the set's entries, as mcp.list lists them", async () => {
      const set = toolSet(fixtures(z));
      const { client, close } = await connectInMemory(served(set));
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([...set.names]);
        expect(tools).toEqual(mcp.list(set).tools);
      } finally {
        await close();
      }
    });

    it("tools: [capability] still serves toolSet of those capabilities", async () => {
      const capabilities = fixtures(z);
      const { client, close } = await connectInMemory(served(capabilities));
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([...fixtureNames]);
        expect(tools).toEqual(mcp.list(toolSet(capabilities)).tools);
        const added = await client.callTool({ name: "add_note", arguments: { text: "hi" } });
        expect(added.structuredContent).toEqual({ id: 1, count: 1 });
        const { resources } = await client.listResources();
        expect(resources.map((resource) => resource.uri)).toEqual(["toolwright://manual/notes"]);
      } finally {
        await close();
      }
    });

    it("calls the set itself: its recorder hears the client's calls beside its own", async () => {
      const records: ToolCallRecord[] = [];
      const set = toolSet(fixtures(z), { recorder: (record) => records.push(record) });
      const { client, close } = await connectInMemory(served(set));
      try {
        await client.callTool({ name: "add_note", arguments: { text: "from the client" } });
        await set.call("list_notes", {});
        await client.callTool({ name: "nope", arguments: {} });
        expect(records.map((record) => [record.name, record.outcome.ok])).toEqual([
          ["add_note", true],
          ["list_notes", true],
          ["nope", false],
        ]);
        // The store behind the set is the one the client wrote to.
        const listed = await set.call("list_notes", {});
        expect(listed).toEqual({ ok: true, value: { notes: ["from the client"] } });
      } finally {
        await close();
      }
    });

    it("holds the set's controls: its approval policy, time limit, strict inputs and formatError", async () => {
      const runs: Runs = {};
      const set = toolSet([controlsCapability(z, runs), hanging(z)], {
        controls: {
          needsApproval: "destructive",
          timeoutMs: 30,
          strictInputs: true,
          formatError: (failure) => (failure.kind === "timeout" ? "took too long" : undefined),
        },
      });
      const { client, close } = await connectInMemory(served(set, { approval: "refuse" }));
      try {
        const { tools } = await client.listTools();
        expect(tools.find((tool) => tool.name === "echo")?.inputSchema.additionalProperties).toBe(
          false,
        );
        const call = async (name: string, args: Record<string, unknown>) =>
          answerOf(await client.callTool({ name, arguments: args }));
        expect(await call("delete_note", { id: "n1" })).toEqual({
          text: "tool 'delete_note' needs approval before it runs and has not run; this server does not ask the user for approval",
          isError: true,
        });
        expect(runs.delete_note).toBeUndefined();
        expect(await call("hang", {})).toEqual({ text: "took too long", isError: true });
        expect(await call("echo", { word: "hi", colour: "red" })).toEqual({
          text: "tool 'echo' received an unknown argument 'colour'; it accepts word, loud",
          isError: true,
        });
        expect(await call("add_note", { text: "a" })).toEqual({
          text: "added a",
          isError: false,
        });
      } finally {
        await close();
      }
    });

    it("serves set.plan: only its read-only entries; anything else answers as plan mode does", async () => {
      const records: ToolCallRecord[] = [];
      const set = toolSet(fixtures(z), { recorder: (record) => records.push(record) });
      const { client, close } = await connectInMemory(served(set.plan));
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([...set.plan.names]);
        expect(tools.map((tool) => tool.name)).not.toContain("add_note");
        expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
        const refused = await client.callTool({ name: "add_note", arguments: { text: "x" } });
        expect(refused.isError).toBe(true);
        const planned = await set.plan.call("add_note", { text: "x" });
        expect(textOf(refused)).toBe(planned.ok ? "" : planned.error);
        expect(textOf(refused)).toMatch(
          /^unknown tool 'add_note' in plan mode \(read-only tools only\); available tools: list_notes, /,
        );
        const listed = await client.callTool({ name: "list_notes", arguments: {} });
        expect(listed.structuredContent).toEqual({ notes: [] }); // nothing was added
        expect(records.map((record) => record.name)).toEqual([
          "add_note",
          "add_note",
          "list_notes",
        ]);
      } finally {
        await close();
      }
    });

    it("signs approval requests with the set's approvalSecret: a set sharing it resumes them", async () => {
      const secret = "a secret of at least thirty-two bytes, shared";
      const runs: Runs = {};
      const set = toolSet([controlsCapability(z, runs)], {
        approvalSecret: secret,
        controls: { needsApproval: "destructive" },
      });
      const asked: ApprovalRequest[] = [];
      const { client, close } = await connectInMemory(
        served(set, {
          approval: (request) => {
            asked.push(request);
            return { approved: false, reason: "decided later" };
          },
        }),
      );
      try {
        const answer = answerOf(
          await client.callTool({ name: "delete_note", arguments: { id: "n1" } }),
        );
        expect(answer.isError).toBe(true);
        expect(answer.text).toMatch(
          /^the user denied the call to tool 'delete_note': decided later;/,
        );
      } finally {
        await close();
      }
      const [request] = asked;
      if (request === undefined) throw new Error("the server asked nothing");
      const stranger = toolSet([controlsCapability(z, runs)], {
        approvalSecret: "another secret, also at least thirty-two bytes",
      });
      const refused = await stranger.resume(request, { approved: true });
      expect(refused).toMatchObject({ ok: false, kind: "denied" });
      expect(runs.delete_note).toBeUndefined();
      const sharing = toolSet([controlsCapability(z, runs)], { approvalSecret: secret });
      expect(await sharing.resume(request, { approved: true })).toEqual({
        ok: true,
        value: "deleted n1",
      });
      expect(runs.delete_note).toBe(1);
    });

    it("lists the set's deferred listing and its manual tools as it built them; manuals stay resources", async () => {
      const set = toolSet(fixtures(z), {
        manuals: false,
        deferLoading: { keep: ["now"] },
      });
      const { client, close } = await connectInMemory(served(set));
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([...set.names]);
        expect(tools.map((tool) => tool.name)).toEqual(
          expect.arrayContaining(["search_tools", "describe_tools"]),
        );
        expect(tools.map((tool) => tool.name)).not.toContain("read_notes_guide_section");
        const byName = new Map(tools.map((tool) => [tool.name, tool]));
        expect(byName.get("add_note")?._meta?.["toolwright/deferred"]).toBe(true);
        expect(byName.get("now")?._meta?.["toolwright/deferred"]).toBeUndefined();
        const { resources } = await client.listResources();
        expect(resources.map((resource) => resource.uri)).toEqual(["toolwright://manual/notes"]);
      } finally {
        await close();
      }
    });
  });
}

describe("createMcpServer's tools option", () => {
  const prefix =
    "createMcpServer: tools must be a tool set (toolSet([...])) or an array of capabilities, received ";

  it.each([
    [42, "a number (42)"],
    [{}, "an empty object ({})"],
    [null, "null"],
    [undefined, "undefined"],
    ["notes", 'a string ("notes")'],
    [{ call: () => undefined }, "an object with keys [call]"],
  ])("refuses %j with a TypeError naming the option", (tools, received) => {
    const create = () => createMcpServer(served(tools as unknown as McpServerOptions["tools"]));
    expect(create).toThrow(TypeError);
    expect(create).toThrow(new TypeError(`${prefix}${received}`)); // the whole message
  });

  it("refuses options that still say capabilities, naming tools", () => {
    const [notes] = fixtures(zodMajors[0]?.z as Z);
    const old = { name: "x", version: "1", capabilities: [notes] };
    expect(() => createMcpServer(old as unknown as McpServerOptions)).toThrow(
      new TypeError(
        "createMcpServer: the capabilities option is now tools: pass tools: toolSet(capabilities, { ...controls }), or tools: capabilities",
      ),
    );
  });

  it("refuses the options that moved to the tool set or into groups, saying where each went", () => {
    const [notes] = fixtures(zodMajors[0]?.z as Z);
    const old = {
      name: "x",
      version: "1",
      tools: [notes],
      timeoutMs: 50,
      approvalMaxAgeMs: 1_000,
      allowedHosts: ["example.com"],
      maxBodyBytes: 10,
    };
    expect(() => createMcpServer(old as unknown as McpServerOptions)).toThrow(
      new TypeError(
        "createMcpServer: timeoutMs is a control of the tool set now: pass tools: toolSet(capabilities, { controls: { timeoutMs } }); " +
          "approvalMaxAgeMs is an option of the tool set now: pass tools: toolSet(capabilities, { approvalMaxAgeMs }); " +
          "allowedHosts is now allowed.hosts; maxBodyBytes is now limits.maxBodyBytes",
      ),
    );
    // Before anything listens, on every transport.
    const http = old as unknown as Parameters<typeof listenMcpHttp>[0];
    expect(() => createMcpHttpHandler(http)).toThrow("allowedHosts is now allowed.hosts");
    return expect(listenMcpHttp(http)).rejects.toThrow("timeoutMs is a control of the tool set");
  });

  it("every transport refuses it before anything listens", async () => {
    const bad = served(42 as unknown as McpServerOptions["tools"]);
    await expect(listenMcpHttp(bad)).rejects.toThrow(TypeError);
    await expect(listenMcpHttp(bad)).rejects.toThrow(`${prefix}a number (42)`);
    expect(() => createMcpHttpHandler(bad)).toThrow(`${prefix}a number (42)`);
    // serveStdio checks its options before it touches stdin or stdout.
    await expect(serveStdio(bad)).rejects.toThrow(`${prefix}a number (42)`);
  });
});
