/**
 * Control at the boundary, through the official MCP client: approval asked of the user by
 * elicitation (or refused, or decided by a handler), time limits, strict inputs and
 * `formatError`, on both Zod majors.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  type ApprovalRequest,
  type CallOutcome,
  capability,
  defineTool,
  type FormatError,
  type ToolCallRecord,
  type ToolSetOptions,
  ToolTimeoutError,
  toolbox,
  toolSet,
} from "toolwright";
import {
  createMcpServer,
  listenMcpHttp,
  type McpCallInfo,
  type McpServerOptions,
} from "toolwright/mcp";
import { afterEach, describe, expect, it } from "vitest";
import { type Z, zodMajors } from "../../core/zods";
import {
  answerOf,
  type ControlsClient,
  connectControls,
  controlsCapability,
  type Elicit,
  elicitingClient,
  type Runs,
} from "./controls-fixture";

const denial = (name: string, why = "") =>
  `the user denied the call to tool '${name}'${why}; do not call it again with the same arguments unless the user asks`;
const needsApproval = (name: string) =>
  `tool '${name}' needs approval before it runs and has not run`;

const approve: Elicit = () => ({ action: "accept", content: { approve: true } });

/** A set whose policy asks for approval of the tools annotated `destructive: true`. */
const destructive: ToolSetOptions = { controls: { needsApproval: "destructive" } };

let open: ControlsClient | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

for (const { major, z } of zodMajors) {
  describe(`MCP approval (${major})`, () => {
    // The approval policy and the recorder are the tool set's (`set`); how a pending call
    // is settled is the server's (`server.approval`).
    async function serve(
      set: ToolSetOptions,
      elicit?: Elicit,
      server: Partial<McpServerOptions> = {},
    ): Promise<{ connected: ControlsClient; runs: Runs }> {
      const runs: Runs = {};
      const connected = await connectControls(
        {
          name: "controls",
          version: "1.0.0",
          tools: toolSet([controlsCapability(z, runs)], set),
          ...server,
        },
        elicit,
      );
      open = connected;
      return { connected, runs };
    }

    it("asks the user by elicitation and runs the call they approve", async () => {
      const { connected, runs } = await serve(destructive, approve);
      const answer = await connected.call("delete_note", { id: "n1" });
      expect(answer).toEqual({ text: "deleted n1", isError: false });
      expect(runs.delete_note).toBe(1);
      const [asked] = connected.asked;
      expect(connected.asked).toHaveLength(1);
      expect(asked?.message).toContain("'delete_note'");
      expect(asked?.message).toContain(JSON.stringify({ id: "n1" }, null, 2));
      expect(asked).toMatchObject({
        mode: "form",
        requestedSchema: {
          type: "object",
          properties: { approve: { type: "boolean" }, reason: { type: "string" } },
          required: ["approve"],
        },
      });
    });

    it.each([
      [
        "an accepted form saying no, with the user's reason",
        { action: "accept", content: { approve: false, reason: "not today" } },
        ": not today",
      ],
      ["a declined form", { action: "decline" }, ""],
      ["a dismissed form", { action: "cancel" }, ": the user dismissed the approval request"],
    ] as const)("denies on %s, readably, and runs nothing", async (_, result, why) => {
      const { connected, runs } = await serve(destructive, () => result);
      const answer = await connected.call("delete_note", { id: "n1" });
      expect(answer).toEqual({ text: denial("delete_note", why), isError: true });
      expect(runs.delete_note).toBeUndefined();
    });

    it("denies, naming why, when the client fails the elicitation", async () => {
      const { connected, runs } = await serve(destructive, () => {
        throw new Error("no UI attached");
      });
      const answer = await connected.call("delete_note", { id: "n1" });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(
        /^the user denied the call to tool 'delete_note': the approval request to the client failed \(.*no UI attached.*\); do not call it again/,
      );
      expect(runs.delete_note).toBeUndefined();
    });

    it("stops asking when the call is cancelled, and runs nothing even if approved later", async () => {
      let answerLate: (result: { action: "accept"; content: { approve: true } }) => void = () => {};
      let elicitationAborted: Promise<void> = Promise.resolve();
      const { connected, runs } = await serve(destructive, (_, extra) => {
        if (connected.asked.length === 1) return { action: "accept", content: { approve: true } };
        elicitationAborted = new Promise((resolve) =>
          extra.signal.addEventListener("abort", () => resolve()),
        );
        return new Promise((resolve) => {
          answerLate = resolve;
        });
      });
      // The SDK client ignores the cancellation of a request whose id is 0 (it tests the id
      // for truth): a first elicitation, approved, takes that id.
      await connected.call("delete_note", { id: "n0" });
      const controller = new AbortController();
      const calling = connected.client.callTool(
        { name: "delete_note", arguments: { id: "n1" } },
        undefined,
        { signal: controller.signal },
      );
      await until(() => connected.asked.length === 2);
      controller.abort(new Error("the user stopped the run"));
      await expect(calling).rejects.toThrow();
      await elicitationAborted; // the server cancelled its elicitation: the signal was honoured
      answerLate({ action: "accept", content: { approve: true } });
      await connected.client.listTools(); // a round trip after the late answer
      expect(runs.delete_note).toBe(1); // n0 only
    });

    it("answers that approval is required to a client without elicitation", async () => {
      const { connected, runs } = await serve(destructive);
      const answer = await connected.call("delete_note", { id: "n1" });
      expect(answer).toEqual({
        text: `${needsApproval("delete_note")}; this client cannot ask the user for approval`,
        isError: true,
      });
      expect(runs.delete_note).toBeUndefined();
    });

    it("answers that approval is required to a client with URL elicitation only", async () => {
      const runs: Runs = {};
      const server = createMcpServer({
        name: "controls",
        version: "1.0.0",
        tools: toolSet([controlsCapability(z, runs)], destructive),
      });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client(
        { name: "test", version: "1.0.0" },
        { capabilities: { elicitation: { url: {} } } },
      );
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: "decline" }));
      await client.connect(clientSide);
      try {
        const answer = answerOf(
          await client.callTool({ name: "delete_note", arguments: { id: "n1" } }),
        );
        expect(answer.text).toBe(
          `${needsApproval("delete_note")}; this client cannot ask the user for approval`,
        );
        expect(runs.delete_note).toBeUndefined();
      } finally {
        await client.close();
        await server.close();
      }
    });

    it('with approval: "refuse", never asks, even a client that could answer', async () => {
      const { connected, runs } = await serve(destructive, approve, { approval: "refuse" });
      const answer = await connected.call("delete_note", { id: "n1" });
      expect(answer).toEqual({
        text: `${needsApproval("delete_note")}; this server does not ask the user for approval`,
        isError: true,
      });
      expect(connected.asked).toEqual([]);
      expect(runs.delete_note).toBeUndefined();
    });

    it("settles with a handler's decision, given the request and the call", async () => {
      const seen: [ApprovalRequest, McpCallInfo][] = [];
      const { connected, runs } = await serve(destructive, approve, {
        approval: (request, call) => {
          seen.push([request, call]);
          const { id } = request.args as { id: string };
          return id === "keep" ? { approved: false, reason: "it is kept" } : { approved: true };
        },
      });
      expect(await connected.call("delete_note", { id: "n1" })).toEqual({
        text: "deleted n1",
        isError: false,
      });
      expect(await connected.call("delete_note", { id: "keep" })).toEqual({
        text: denial("delete_note", ": it is kept"),
        isError: true,
      });
      expect(runs.delete_note).toBe(1);
      expect(connected.asked).toEqual([]); // the handler decides; the client is not asked
      expect(seen.map(([request, call]) => [request.tool, request.args, call.name])).toEqual([
        ["delete_note", { id: "n1" }, "delete_note"],
        ["delete_note", { id: "keep" }, "delete_note"],
      ]);
      expect(seen[0]?.[1].requestId).toEqual(expect.anything());
    });

    it("stops waiting for a handler when the call is cancelled, and runs nothing", async () => {
      const records: ToolCallRecord[] = [];
      let asked = false;
      const { connected, runs } = await serve(
        { ...destructive, recorder: (record) => records.push(record) },
        undefined,
        {
          approval: () => {
            asked = true;
            return new Promise(() => {}); // never decides
          },
        },
      );
      const controller = new AbortController();
      const calling = connected.client.callTool(
        { name: "delete_note", arguments: { id: "n1" } },
        undefined,
        { signal: controller.signal },
      );
      await until(() => asked);
      controller.abort(new Error("the user stopped the run"));
      await expect(calling).rejects.toThrow();
      await until(() => records.length === 2);
      expect(records.map((record) => record.outcome.ok || record.outcome.kind)).toEqual([
        "approval-required",
        "cancelled",
      ]);
      expect(runs.delete_note).toBeUndefined();
    });

    it("denies when the handler throws, without showing its error", async () => {
      const { connected, runs } = await serve(destructive, undefined, {
        approval: () => {
          throw new Error("queue at db.internal unreachable");
        },
      });
      const answer = await connected.call("delete_note", { id: "n1" });
      expect(answer).toEqual({
        text: "tool 'delete_note' has not run: its approval could not be obtained",
        isError: true,
      });
      expect(runs.delete_note).toBeUndefined();
    });

    it("asks only for the calls a tool's needsApproval picks from their arguments", async () => {
      const { connected, runs } = await serve({}, approve);
      expect(await connected.call("pay", { amount: 5 })).toEqual({
        text: "paid 5",
        isError: false,
      });
      expect(connected.asked).toEqual([]);
      expect(await connected.call("pay", { amount: 500 })).toEqual({
        text: "paid 500",
        isError: false,
      });
      expect(connected.asked).toHaveLength(1);
      expect(connected.asked[0]?.message).toContain('"amount": 500');
      expect(runs.pay).toBe(2);
    });

    it('with the policy "destructive", asks for destructive tools only', async () => {
      const { connected, runs } = await serve(destructive, approve);
      await connected.call("add_note", { text: "a" });
      await connected.call("echo", { word: "a" });
      expect(connected.asked).toEqual([]);
      await connected.call("delete_note", { id: "n1" });
      expect(connected.asked.map((asked) => asked.message)).toEqual([
        expect.stringContaining("'delete_note'"),
      ]);
      expect(runs).toEqual({ add_note: 1, echo: 1, delete_note: 1 });
    });

    it("with a policy function, asks as it decides from the entry and the arguments", async () => {
      const { connected, runs } = await serve(
        {
          controls: {
            needsApproval: ({ entry, args }) =>
              entry.name === "echo" && (args as { loud?: boolean }).loud === true,
          },
        },
        () => ({ action: "decline" }),
      );
      expect(await connected.call("echo", { word: "hi" })).toEqual({
        text: "hi",
        isError: false,
      });
      expect(await connected.call("echo", { word: "hi", loud: true })).toEqual({
        text: denial("echo"),
        isError: true,
      });
      expect(connected.asked).toHaveLength(1);
      expect(runs.echo).toBe(1);
    });

    it("refuses an approval option of no known form, naming it", async () => {
      await expect(
        serve({}, undefined, { approval: "ask" as unknown as McpServerOptions["approval"] }),
      ).rejects.toThrow(/createMcpServer: approval must be "elicit", "refuse" or a function/);
    });
  });

  describe(`MCP approval over stateless HTTP (${major})`, () => {
    async function overHttp(extra: Partial<McpServerOptions>) {
      const runs: Runs = {};
      const asked: unknown[] = [];
      const http = await listenMcpHttp({
        name: "controls",
        version: "1.0.0",
        tools: toolSet([controlsCapability(z, runs)], destructive),
        ...extra,
      });
      const client = elicitingClient(approve);
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params);
        return { action: "accept", content: { approve: true } };
      });
      await client.connect(new StreamableHTTPClientTransport(http.url));
      const close = async () => {
        await client.close();
        await http.close();
      };
      return { client, runs, asked, close };
    }

    it("cannot elicit, so answers that approval is required, even to a client that could answer", async () => {
      const { client, runs, asked, close } = await overHttp({});
      try {
        const answer = answerOf(
          await client.callTool({ name: "delete_note", arguments: { id: "n1" } }),
        );
        expect(answer).toEqual({
          text: `${needsApproval("delete_note")}; this server cannot ask the user for approval over stateless HTTP`,
          isError: true,
        });
        expect(asked).toEqual([]);
        expect(runs.delete_note).toBeUndefined();
      } finally {
        await close();
      }
    });

    it("settles with an approval handler there", async () => {
      const { client, runs, close } = await overHttp({ approval: () => ({ approved: true }) });
      try {
        const answer = answerOf(
          await client.callTool({ name: "delete_note", arguments: { id: "n1" } }),
        );
        expect(answer).toEqual({ text: "deleted n1", isError: false });
        expect(runs.delete_note).toBe(1);
      } finally {
        await close();
      }
    });
  });

  describe(`MCP time limits (${major})`, () => {
    function hanging(z: Z, timeoutMs?: number) {
      const state: { signal?: AbortSignal; release: (value: string) => void } = {
        release: () => {},
      };
      const cap = capability({
        name: "slow",
        description: "Slow tools",
        toolbox: toolbox("slow", "Slow tools", {
          hang: defineTool({
            description: "Runs until released",
            parameters: z.object({}),
            ...(timeoutMs !== undefined && { controls: { timeoutMs } }),
            execute: (_args, ctx) =>
              new Promise<string>((resolve) => {
                state.signal = ctx?.signal;
                state.release = resolve;
              }),
          }),
          quick: defineTool({
            description: "Returns at once",
            parameters: z.object({}),
            execute: () => "quick",
          }),
        }),
      });
      return { cap, state };
    }

    async function timedOut(setMs: number | undefined, toolMs: number | undefined) {
      const { cap, state } = hanging(z, toolMs);
      const records: ToolCallRecord[] = [];
      const connected = await connectControls({
        name: "slow",
        version: "1.0.0",
        tools: toolSet([cap], {
          recorder: (record) => records.push(record),
          ...(setMs !== undefined && { controls: { timeoutMs: setMs } }),
        }),
      });
      open = connected;
      return { connected, state, records };
    }

    it.each([
      ["the served set's timeoutMs", 20, undefined],
      ["the tool's own timeoutMs, over the set's", 600_000, 20],
    ] as const)(
      "answers a timeout after %s, aborting ctx.signal; the late result is discarded",
      async (_, setMs, toolMs) => {
        const { connected, state, records } = await timedOut(setMs, toolMs);
        const answer = await connected.call("hang", {});
        expect(answer).toEqual({ text: "tool 'hang' timed out after 20 ms", isError: true });
        expect(state.signal?.aborted).toBe(true);
        expect(state.signal?.reason).toBeInstanceOf(ToolTimeoutError);
        state.release("late");
        // Another call answers after the late result: the client reads its own answer, and
        // the hanging call settled once, as a timeout.
        expect(await connected.call("quick", {})).toEqual({ text: "quick", isError: false });
        const outcomes = records.map((record): [string, CallOutcome["ok"], unknown] => [
          record.name,
          record.outcome.ok,
          record.outcome.ok ? undefined : record.outcome.kind,
        ]);
        expect(outcomes).toEqual([
          ["hang", false, "timeout"],
          ["quick", true, undefined],
        ]);
      },
    );
  });

  describe(`MCP strict inputs (${major})`, () => {
    function tools(strictTool: boolean) {
      return capability({
        name: "words",
        description: "Words",
        toolbox: toolbox("words", "Words", {
          strict_echo: defineTool({
            description: "Echo, strictly",
            parameters: z.object({ word: z.string(), loud: z.boolean().optional() }),
            ...(strictTool && { controls: { strictInputs: true } }),
            execute: ({ word }) => word,
          }),
          loose_echo: defineTool({
            description: "Echo, loosely",
            parameters: z.object({ word: z.string() }),
            ...(strictTool && { controls: { strictInputs: false } }),
            execute: ({ word }) => word,
          }),
        }),
      });
    }

    it.each([
      ["per served set", false, { controls: { strictInputs: true } }],
      ["per tool", true, {}],
    ] as const)(
      "%s: lists additionalProperties: false and refuses an unknown key by name",
      async (_, strictTool, set: ToolSetOptions) => {
        const connected = await connectControls({
          name: "words",
          version: "1.0.0",
          tools: toolSet([tools(strictTool)], set),
        });
        open = connected;
        const { tools: listed } = await connected.client.listTools();
        const strict = listed.find((tool) => tool.name === "strict_echo");
        expect(strict?.inputSchema.additionalProperties).toBe(false);
        const answer = await connected.call("strict_echo", { word: "hi", colour: "red" });
        expect(answer.isError).toBe(true);
        expect(answer.text).toBe(
          "tool 'strict_echo' received an unknown argument 'colour'; it accepts word, loud",
        );
        expect(await connected.call("strict_echo", { word: "hi" })).toEqual({
          text: "hi",
          isError: false,
        });
        if (strictTool) {
          // The other tool said no: its unknown key is stripped and it runs. (Its listing is
          // not checked: zod/v3's projection closes every object anyway.)
          expect(await connected.call("loose_echo", { word: "hi", colour: "red" })).toEqual({
            text: "hi",
            isError: false,
          });
        }
      },
    );
  });

  describe(`MCP formatError (${major})`, () => {
    const cap = () =>
      capability({
        name: "fmt",
        description: "Formatting",
        toolbox: toolbox("fmt", "Formatting", {
          own: defineTool({
            description: "Formats its own invalid arguments",
            parameters: z.object({ day: z.string() }),
            controls: {
              formatError: (failure, call) =>
                failure.kind === "invalid-arguments"
                  ? `send ${call.expected} to '${call.name}'`
                  : undefined,
            },
            execute: ({ day }) => day,
          }),
          broken: defineTool({
            description: "Throws",
            parameters: z.object({}),
            execute: () => {
              throw new Error("ECONNREFUSED 10.0.0.3");
            },
          }),
          guarded: defineTool({
            description: "Needs approval",
            parameters: z.object({}),
            controls: { needsApproval: true },
            execute: () => "ran",
          }),
        }),
      });
    const setFormat: FormatError = (failure) =>
      failure.kind === "invalid-arguments" || failure.kind === "thrown"
        ? `set: ${failure.kind}`
        : failure.kind === "approval-required"
          ? "ask the user to approve 'guarded' in the app"
          : undefined;

    async function connectFormatted(extra: Partial<McpServerOptions>) {
      const connected = await connectControls({
        name: "fmt",
        version: "1.0.0",
        tools: toolSet([cap()], { controls: { formatError: setFormat } }),
        ...extra,
      });
      open = connected;
      return connected;
    }

    it("the tool's own formatError wins; the set's shapes the rest", async () => {
      const connected = await connectFormatted({});
      expect(await connected.call("own", { day: 3 })).toEqual({
        text: "send { day: string } to 'own'",
        isError: true,
      });
      expect(await connected.call("broken", {})).toEqual({
        text: "set: thrown",
        isError: true,
      });
    });

    it("shapes the approval-required text, to which the server adds why nobody was asked", async () => {
      const connected = await connectFormatted({});
      expect(await connected.call("guarded", {})).toEqual({
        text: "ask the user to approve 'guarded' in the app; this client cannot ask the user for approval",
        isError: true,
      });
    });

    it("clientError decides last: it reads the formatted text and may replace it", async () => {
      const seen: string[] = [];
      const connected = await connectFormatted({
        clientError: (failure) => {
          seen.push(failure.message);
          return failure.kind === "thrown" ? "unavailable" : failure.message;
        },
      });
      expect(await connected.call("broken", {})).toEqual({ text: "unavailable", isError: true });
      expect(await connected.call("own", { day: 3 })).toEqual({
        text: "send { day: string } to 'own'",
        isError: true,
      });
      expect(seen).toEqual(["set: thrown", "send { day: string } to 'own'"]);
    });
  });
}

// Polls a condition each turn of the event loop, with no clock: the test's own timeout
// bounds it.
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
