/**
 * The `mcp` adapter object, with the verbs every host adapter has: `list` (what
 * `tools/list` answers, no ledger, the `mcp` lint dialect), `decode` (a `tools/call`
 * request's params), `encode` (any outcome as a `CallToolResult`: a failure, a value
 * through the set's content, a non-object from a tool listed with an `outputSchema`), and
 * `run`. `encode` is tested directly; `list` and `run` through the official SDK `Client`,
 * against a host of its own built on the SDK's low-level `Server`.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  CallToolResultSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  type ApprovalHandler,
  type CallOutcome,
  capability,
  defineTool,
  ToolError,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { ADAPTER_DIALECTS } from "toolwright/lint";
import { type McpCallFailure, mcp } from "toolwright/mcp";
import { afterEach, describe, expect, it } from "vitest";
import { type Z, zodMajors } from "../../core/zods";
import { type Z as FixtureZ, fixtureCapabilities } from "../../set/fixtures";
import { answerOf, controlsCapability, type Runs } from "./controls-fixture";
import { connectInMemory } from "./in-memory-client";

/** The shared fixture capabilities on this major (the same Zod namespace, typed as the fixtures type it). */
const fixtures = (z: Z) => fixtureCapabilities(z as unknown as FixtureZ);

/** The result, checked by the SDK's own schema: what any MCP client would accept. */
function checked(result: CallToolResult): CallToolResult {
  expect(CallToolResultSchema.safeParse(result).success).toBe(true);
  return result;
}

/** Tools for encoding: examples, a `toModelOutput`, an object result and a free one. */
function encodingCapability(z: Z) {
  return capability({
    name: "enc",
    description: "Encoding",
    toolbox: toolbox("enc", "Encoding", {
      book: defineTool({
        description: "Book a room",
        parameters: z.object({ room: z.string() }),
        returns: z.object({ booking: z.string() }),
        examples: [{ room: "Aurora" }],
        execute: ({ room }) => ({ booking: room }),
      }),
      chart: defineTool({
        description: "A chart",
        parameters: z.object({}),
        returns: z.object({ points: z.array(z.number()) }),
        execute: () => ({ points: [1, 2] }),
        toModelOutput: (value) => [
          { type: "text", text: `${value.points.length} points` },
          { type: "image", data: "UE5H", mediaType: "image/png" },
        ],
      }),
      free: defineTool({
        description: "Returns anything",
        parameters: z.object({}),
        execute: () => "anything",
      }),
    }),
  });
}

/**
 * A host of its own: the SDK's low-level `Server` answering `tools/list` with
 * `mcp.list` and `tools/call` with `mcp.run`, the request's signal and a scope per call
 * as `ctx`, `approve` as given; and the official client, connected in memory.
 */
async function ownHost(set: ToolSet, approve?: ApprovalHandler) {
  const server = new Server({ name: "own", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcp.list(set).tools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    mcp.run(set, request.params, {
      ctx: { signal: extra.signal, host: { scope: { id: `own-${extra.requestId}` } } },
      ...(approve !== undefined && { approve }),
    }),
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  const close = async () => {
    await client.close();
    await server.close();
  };
  return { client, close };
}

let closeHost: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeHost?.();
  closeHost = undefined;
});

for (const { major, z } of zodMajors) {
  describe(`mcp.list (${major})`, () => {
    it("gives what tools/list answers, with no ledger and the mcp dialect", async () => {
      const set = toolSet(fixtures(z));
      const listing = mcp.list(set);
      expect(listing.ledger).toEqual([]);
      expect(listing.dialect).toBe(ADAPTER_DIALECTS.mcp);
      const { client, close } = await connectInMemory({ name: "s", version: "1", tools: set });
      try {
        expect((await client.listTools()).tools).toEqual(listing.tools);
      } finally {
        await close();
      }
    });

    it('folds examples into descriptions with examples: "description", as the server does', async () => {
      const set = toolSet([encodingCapability(z)]);
      const plain = mcp.list(set).tools.find((tool) => tool.name === "book");
      const folded = mcp.list(set, { examples: "description" }).tools;
      expect(plain?.description).toBe("Book a room");
      expect(folded.find((tool) => tool.name === "book")?.description).toContain(
        '{"room":"Aurora"}',
      );
      const { client, close } = await connectInMemory({
        name: "s",
        version: "1",
        tools: set,
        examples: "description",
      });
      try {
        expect((await client.listTools()).tools).toEqual(folded);
      } finally {
        await close();
      }
    });
  });

  describe(`mcp.decode (${major})`, () => {
    it("gives the name and the arguments, {} when the request carries none", () => {
      const set = toolSet(fixtures(z));
      expect(mcp.decode(set, { name: "add_note", arguments: { text: "a" } })).toEqual({
        name: "add_note",
        args: { text: "a" },
      });
      expect(mcp.decode(set, { name: "now" })).toEqual({ name: "now", args: {} });
      // An unknown name is the set's to refuse, when it is called.
      expect(mcp.decode(set, { name: "nope" })).toEqual({ name: "nope", args: {} });
    });
  });

  describe(`mcp.encode (${major})`, () => {
    const set = () => toolSet([...fixtures(z), encodingCapability(z)]);

    it("encodes a failure as an isError result naming the tool", () => {
      const thrown: CallOutcome = { ok: false, kind: "thrown", error: "the disk is full" };
      expect(checked(mcp.encode(set(), { name: "free" }, thrown))).toEqual({
        content: [{ type: "text", text: "tool 'free' failed: the disk is full" }],
        isError: true,
      });
      const invalid: CallOutcome = {
        ok: false,
        kind: "invalid-arguments",
        error: "tool 'book' received invalid arguments: room: expected string",
      };
      expect(mcp.encode(set(), { name: "book" }, invalid)).toEqual({
        content: [{ type: "text", text: invalid.error }],
        isError: true,
      });
    });

    it("encodes a ToolError's failure, and a formatError text, as written", async () => {
      const cause = new ToolError('{"code":"NOT_FOUND"}');
      const thrown: CallOutcome = { ok: false, kind: "thrown", error: cause.message, cause };
      expect(checked(mcp.encode(set(), { name: "free" }, thrown))).toEqual({
        content: [{ type: "text", text: '{"code":"NOT_FOUND"}' }],
        isError: true,
      });
      // A hook that keeps the thrown message word for word has decided it: no prefix.
      const plain = new Error("the disk is full");
      const worded = toolSet([
        capability({
          name: "w",
          description: "w",
          toolbox: toolbox("w", "w", {
            free: defineTool({
              description: "Fails",
              parameters: z.object({}),
              controls: { formatError: (failure) => failure.error },
              execute: () => {
                throw plain;
              },
            }),
          }),
        }),
      ]);
      const outcome = await worded.call("free", {});
      expect(outcome).toEqual({ ok: false, kind: "thrown", error: plain.message, cause: plain });
      expect(mcp.encode(worded, { name: "free" }, outcome)).toEqual({
        content: [{ type: "text", text: "the disk is full" }],
        isError: true,
      });
    });

    it("encodes a pending call as the text saying it needs approval", async () => {
      const guarded = toolSet(fixtures(z), { controls: { needsApproval: true } });
      const pending = await guarded.call("now", {});
      expect(pending).toMatchObject({ ok: false, kind: "approval-required" });
      expect(mcp.encode(guarded, { name: "now" }, pending)).toEqual({
        content: [
          { type: "text", text: "tool 'now' needs approval before it runs and has not run" },
        ],
        isError: true,
      });
    });

    it("hands a failure to clientError, with the call's info when given", () => {
      const seen: McpCallFailure[] = [];
      const clientError = (failure: McpCallFailure) => {
        seen.push(failure);
        return `hidden ${failure.kind}`;
      };
      const cause = new Error("ECONNREFUSED 10.0.0.3");
      const thrown: CallOutcome = { ok: false, kind: "thrown", error: cause.message, cause };
      expect(mcp.encode(set(), { name: "free" }, thrown, { clientError })).toEqual({
        content: [{ type: "text", text: "hidden thrown" }],
        isError: true,
      });
      const info = { name: "free", requestId: 7, sessionId: "s1" };
      mcp.encode(set(), { name: "free" }, thrown, { clientError, info });
      expect(seen).toEqual([
        {
          name: "free",
          requestId: "",
          kind: "thrown",
          message: "tool 'free' failed: ECONNREFUSED 10.0.0.3",
          cause,
        },
        { ...info, kind: "thrown", message: "tool 'free' failed: ECONNREFUSED 10.0.0.3", cause },
      ]);
    });

    it("encodes an object value as its JSON text and structuredContent", () => {
      expect(
        checked(mcp.encode(set(), { name: "book" }, { ok: true, value: { booking: "Aurora" } })),
      ).toEqual({
        content: [{ type: "text", text: '{"booking":"Aurora"}' }],
        structuredContent: { booking: "Aurora" },
      });
    });

    it("encodes a string as itself and any other value as its JSON, without structuredContent", () => {
      expect(mcp.encode(set(), { name: "free" }, { ok: true, value: "plain words" })).toEqual({
        content: [{ type: "text", text: "plain words" }],
      });
      expect(mcp.encode(set(), { name: "free" }, { ok: true, value: [1, "two"] })).toEqual({
        content: [{ type: "text", text: '[1,"two"]' }],
      });
      expect(mcp.encode(set(), { name: "free" }, { ok: true, value: undefined })).toEqual({
        content: [{ type: "text", text: "null" }],
      });
    });

    it("encodes a value through the set's content: its toModelOutput and its outputBudget", () => {
      const encoded = checked(
        mcp.encode(set(), { name: "chart" }, { ok: true, value: { points: [1, 2] } }),
      );
      expect(encoded).toEqual({
        content: [
          { type: "text", text: "2 points" },
          { type: "image", data: "UE5H", mimeType: "image/png" },
        ],
        structuredContent: { points: [1, 2] },
      });
      const budgeted = toolSet([encodingCapability(z)], { outputBudget: 5 });
      expect(
        mcp.encode(budgeted, { name: "book" }, { ok: true, value: { booking: "Aurora" } }),
      ).toEqual({
        content: [{ type: "text", text: '{"boo\n… [truncated: 15 more characters]' }],
        structuredContent: { booking: "Aurora" },
      });
    });

    it.each([
      [42, "42"],
      ["a string", '"a string"'],
      [[1, 2], "[1,2]"],
      [null, "null"],
    ])(
      "encodes a non-object (%j) from a tool listed with an outputSchema as invalid output",
      (value, shown) => {
        const kinds: string[] = [];
        const clientError = (failure: McpCallFailure) => {
          kinds.push(failure.kind);
          return failure.message;
        };
        expect(
          checked(mcp.encode(set(), { name: "book" }, { ok: true, value }, { clientError })),
        ).toEqual({
          content: [
            { type: "text", text: `tool 'book' declares an object result but returned ${shown}` },
          ],
          isError: true,
        });
        expect(kinds).toEqual(["invalid-output"]);
      },
    );

    it("encodes a value JSON cannot carry as an unserialisable failure", () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      const kinds: string[] = [];
      const result = mcp.encode(
        set(),
        { name: "free" },
        { ok: true, value: cyclic },
        {
          clientError: (failure) => {
            kinds.push(failure.kind);
            return failure.message;
          },
        },
      );
      expect(result.isError).toBe(true);
      expect(answerOf(result).text).toMatch(
        /^tool 'free' returned a value that cannot be serialised to JSON: /,
      );
      expect(kinds).toEqual(["unserialisable"]);
    });
  });

  describe(`mcp.run, through the SDK Client (${major})`, () => {
    it("answers a host's calls as createMcpServer does: values, plays, failures, its ctx", async () => {
      const set = toolSet(fixtures(z));
      const own = await ownHost(set);
      closeHost = own.close;
      const { client } = own;
      const { tools } = await client.listTools(); // so callTool checks each outputSchema
      expect(tools).toEqual(mcp.list(set).tools);
      const added = await client.callTool({ name: "add_note", arguments: { text: "hello" } });
      expect(added).toEqual({
        content: [{ type: "text", text: '{"id":1,"count":1}' }],
        structuredContent: { id: 1, count: 1 },
      });
      const play = await client.callTool({ name: "add_twice", arguments: { text: "x" } });
      expect(play.structuredContent).toEqual({ added: 2 });
      const who = await client.callTool({ name: "whoami", arguments: { n: 3 } });
      expect(who.structuredContent).toEqual({ n: 3, scope: expect.stringMatching(/^own-\d+$/) });
      const invalid = answerOf(
        await client.callTool({ name: "add_note", arguments: { text: 42 } }),
      );
      expect(invalid.isError).toBe(true);
      expect(invalid.text).toMatch(/^tool 'add_note' received invalid arguments: /);
      expect(answerOf(await client.callTool({ name: "fail", arguments: {} }))).toEqual({
        text: "tool 'fail' failed: the notebook is on fire",
        isError: true,
      });
      const unknown = answerOf(await client.callTool({ name: "nope", arguments: {} }));
      expect(unknown.text).toMatch(/^unknown tool 'nope'; available tools: add_note, /);
      const violated = answerOf(await client.callTool({ name: "broken", arguments: {} }));
      expect(violated.text).toMatch(/^tool 'broken' output violated its returns schema: /);

      // The same answers as the server's own, call for call.
      const theirs = await connectInMemory({
        name: "s",
        version: "1",
        tools: toolSet(fixtures(z)),
      });
      try {
        await theirs.client.listTools();
        for (const [name, args] of [
          ["add_note", { text: 42 }],
          ["add_twice", {}],
          ["fail", {}],
          ["broken", {}],
          ["nope", {}],
          ["now", {}],
        ] as const) {
          const mine = await client.callTool({ name, arguments: args });
          expect(mine, name).toEqual(await theirs.client.callTool({ name, arguments: args }));
        }
      } finally {
        await theirs.close();
      }
    });

    it("settles approval with approve: runs what it approves, denies readably, and a throwing handler denies", async () => {
      const runs: Runs = {};
      const set = toolSet([controlsCapability(z, runs)], {
        controls: { needsApproval: "destructive" },
      });
      const own = await ownHost(set, (request) => {
        const { id } = request.args as { id: string };
        if (id === "boom") throw new Error("the approval queue is down");
        return id === "keep" ? { approved: false, reason: "it is kept" } : { approved: true };
      });
      closeHost = own.close;
      const call = async (id: string) =>
        answerOf(await own.client.callTool({ name: "delete_note", arguments: { id } }));
      const denial = (why: string) =>
        `the user denied the call to tool 'delete_note': ${why}; do not call it again with the same arguments unless the user asks`;
      expect(await call("n1")).toEqual({ text: "deleted n1", isError: false });
      expect(await call("keep")).toEqual({ text: denial("it is kept"), isError: true });
      expect(await call("boom")).toEqual({
        text: "tool 'delete_note' has not run: its approval could not be obtained",
        isError: true,
      });
      expect(runs.delete_note).toBe(1);
    });

    it("without approve, answers that the call needs approval and has not run", async () => {
      const runs: Runs = {};
      const set = toolSet([controlsCapability(z, runs)], {
        controls: { needsApproval: "destructive" },
      });
      const own = await ownHost(set);
      closeHost = own.close;
      const answer = answerOf(
        await own.client.callTool({ name: "delete_note", arguments: { id: "n1" } }),
      );
      expect(answer).toEqual({
        text: "tool 'delete_note' needs approval before it runs and has not run",
        isError: true,
      });
      expect(runs.delete_note).toBeUndefined();
    });

    it("cancelling the client's request aborts the ctx.signal the host passed", async () => {
      let seen: AbortSignal | undefined;
      const set = toolSet([
        capability({
          name: "w",
          description: "w",
          toolbox: toolbox("w", "w", {
            wait: defineTool({
              description: "Waits for cancellation",
              parameters: z.object({}),
              execute: (_args, ctx) =>
                new Promise((resolve) => {
                  seen = ctx?.signal;
                  ctx?.signal?.addEventListener("abort", () => resolve("aborted"));
                }),
            }),
          }),
        }),
      ]);
      const own = await ownHost(set);
      closeHost = own.close;
      const controller = new AbortController();
      const pending = own.client.callTool({ name: "wait", arguments: {} }, undefined, {
        signal: controller.signal,
      });
      while (seen === undefined) await new Promise((resolve) => setImmediate(resolve));
      controller.abort(new Error("stop"));
      await expect(pending).rejects.toThrow("stop");
      while (!seen.aborted) await new Promise((resolve) => setImmediate(resolve));
      expect(seen.aborted).toBe(true);
    });
  });

  describe(`mcp.run, directly (${major})`, () => {
    it("never rejects, takes ctx from its options, and shapes failures with clientError", async () => {
      const set = toolSet(fixtures(z));
      const who = await mcp.run(
        set,
        { name: "whoami", arguments: { n: 1 } },
        { ctx: { host: { scope: { id: "mine" } } } },
      );
      expect(who.structuredContent).toEqual({ n: 1, scope: "mine" });
      const unknown = await mcp.run(set, { name: "nope" });
      expect(unknown.isError).toBe(true);
      expect(answerOf(unknown).text).toMatch(/^unknown tool 'nope'; available tools: /);
      const info = { name: "fail", requestId: "r-9" };
      const hidden = await mcp.run(
        set,
        { name: "fail", arguments: {} },
        { info, clientError: (failure) => `failed as ${failure.requestId}` },
      );
      expect(hidden).toEqual({ content: [{ type: "text", text: "failed as r-9" }], isError: true });
    });
  });
}
