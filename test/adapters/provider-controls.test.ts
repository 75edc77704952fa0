/**
 * The OpenAI, Anthropic, Gemini and AI SDK adapters under issue 14's controls: strict
 * inputs in every listing, a pending call handed to the host (`set.call` and `encode`, or
 * `run` without `approve`), `approve` settling it in `run` (one that throws denies, its
 * error kept as the outcome's `cause`), timeouts and `formatError` texts in each provider's
 * result. The providers' SDK types are the oracle for the shapes the adapters build.
 */

import type { Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionDeclaration, FunctionResponse } from "@google/genai";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type { FunctionTool, ResponseInputItem } from "openai/resources/responses/responses";
import {
  type ApprovalHandler,
  type ApprovalRequest,
  type CallOutcome,
  capability,
  defineTool,
  isPending,
  type ToolCallRecord,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { type AISdkToolOutput, aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it, vi } from "vitest";
import { controlTools, type Z, zods } from "../set/fixtures";
import { openAIOutcome } from "./openai-outcome";

const PENDING = "tool 'delete_note' needs approval before it runs and has not run";
const denial = (reason: string) =>
  `the user denied the call to tool 'delete_note': ${reason}; do not call it again with the same arguments unless the user asks`;
// What the model reads when the approval could not be asked: no one denied anything.
const NOT_OBTAINED = "tool 'delete_note' has not run: its approval could not be obtained";

function controlledSet(z: Z) {
  const ran: unknown[] = [];
  const records: ToolCallRecord[] = [];
  const notes = capability({
    name: "notes",
    description: "A notebook",
    toolbox: toolbox("notes", "Note tools", {
      delete_note: defineTool({
        description: "Delete a note",
        parameters: z.object({ id: z.string(), force: z.boolean().optional() }),
        controls: { needsApproval: true, strictInputs: true },
        execute: (args) => {
          ran.push(args);
          return { deleted: args.id };
        },
      }),
      ...controlTools(z),
    }),
  });
  return { set: toolSet([notes], { recorder: (record) => records.push(record) }), ran, records };
}

/** What a provider's result tells the model, read the same way for every provider. */
interface Seen {
  readonly ok: boolean;
  readonly text: string;
}

interface Provider {
  readonly label: string;
  /** The adapter whose `run` this is. */
  readonly adapter: Encoding;
  run(set: ToolSet, name: string, args: object, approve?: ApprovalHandler): Promise<Seen>;
}

/** An adapter as these tests spy on it: `run` encodes the outcome it settled through `encode`. */
interface Encoding {
  encode(...args: never[]): unknown;
}

const providers: readonly Provider[] = [
  {
    label: "OpenAI Chat Completions",
    adapter: chatCompletions,
    async run(set, name, args, approve) {
      const call = { id: "call_1", function: { name, arguments: JSON.stringify(args) } };
      const { result, outcome } = await settled(chatCompletions, () =>
        chatCompletions.run(set, call, approve === undefined ? undefined : { approve }),
      );
      const message: ChatCompletionToolMessageParam = result;
      expect(message).toMatchObject({ role: "tool", tool_call_id: "call_1" });
      // A tool message has no error flag: whether the call succeeded is the outcome's.
      return { ok: outcome.ok, text: message.content as string };
    },
  },
  {
    label: "OpenAI Responses",
    adapter: responses,
    async run(set, name, args, approve) {
      const call = { call_id: "call_1", name, arguments: JSON.stringify(args) };
      const { result, outcome } = await settled(responses, () =>
        responses.run(set, call, approve === undefined ? undefined : { approve }),
      );
      const item: ResponseInputItem.FunctionCallOutput = result;
      expect(item).toMatchObject({ type: "function_call_output", call_id: "call_1" });
      return { ok: outcome.ok, text: item.output as string };
    },
  },
  {
    label: "Anthropic",
    adapter: anthropic,
    async run(set, name, input, approve) {
      const block: ToolResultBlockParam = await anthropic.run(
        set,
        { id: "tu_1", name, input },
        approve === undefined ? undefined : { approve },
      );
      expect(block.tool_use_id).toBe("tu_1");
      return { ok: block.is_error !== true, text: block.content as string };
    },
  },
  {
    label: "Gemini",
    adapter: gemini,
    async run(set, name, args, approve) {
      const response: FunctionResponse = await gemini.run(
        set,
        { id: "fc_1", name, args: args as Record<string, unknown> },
        approve === undefined ? undefined : { approve },
      );
      expect(response).toMatchObject({ id: "fc_1", name });
      const body = response.response ?? {};
      return "output" in body
        ? { ok: true, text: JSON.stringify(body.output) }
        : { ok: false, text: String(body.error) };
    },
  },
  {
    label: "AI SDK (run)",
    adapter: aiSdk,
    async run(set, toolName, input, approve) {
      const output: AISdkToolOutput = await aiSdk.run(
        set,
        { toolCallId: "ai_1", toolName, input },
        approve === undefined ? undefined : { approve },
      );
      if (output.type === "json") return { ok: true, text: JSON.stringify(output.value) };
      if (output.type === "text") return { ok: true, text: output.value };
      if (output.type === "error-text") return { ok: false, text: output.value };
      throw new Error(`unexpected AI SDK output ${JSON.stringify(output)}`);
    },
  },
];

/**
 * `run`'s result, and the outcome it encoded (read from a spy on the adapter's `encode`,
 * which `run` calls through the adapter). A spy already in place is reused.
 */
async function settled<R>(
  adapter: Encoding,
  run: () => Promise<R>,
): Promise<{ result: R; outcome: CallOutcome }> {
  const target = adapter as { encode(...args: unknown[]): unknown };
  const spied = vi.isMockFunction(target.encode);
  const encode = spied ? vi.mocked(target.encode) : vi.spyOn(target, "encode");
  const before = encode.mock.calls.length;
  try {
    const result = await run();
    const calls = encode.mock.calls.slice(before);
    const outcome = calls.at(-1)?.[2] as CallOutcome | undefined;
    if (calls.length !== 1 || outcome === undefined) {
      throw new Error(`run encoded ${calls.length} outcomes, not one`);
    }
    return { result, outcome };
  } finally {
    if (!spied) encode.mockRestore();
  }
}

describe.each(zods)("provider listings under strict inputs (%s)", (label, z) => {
  const { set } = controlledSet(z);
  const closed = expect.objectContaining({ additionalProperties: false });
  const named = <T extends { name: string }>(list: readonly T[], name: string): T | undefined =>
    list.find((item) => item.name === name);

  // Zod 3's projection closes every object; Zod 4's input side closes only strict ones.
  it.runIf(label === "zod")("only the strict-inputs tool is closed (Zod 4)", () => {
    const open = expect.not.objectContaining({ additionalProperties: false });
    const chat = chatCompletions.list(set).tools.find((tool) => tool.function.name === "read_note");
    expect(chat?.function.parameters).toEqual(open);
    expect(named(anthropic.list(set).tools, "read_note")?.input_schema).toEqual(open);
    const declarations = gemini.list(set).tools as { name: string }[];
    expect(named(declarations, "read_note")).toMatchObject({ parametersJsonSchema: open });
  });

  it("OpenAI Chat Completions, plain and strict", () => {
    for (const strict of [false, true, "auto"] as const) {
      const tools: ChatCompletionFunctionTool[] = chatCompletions.list(set, { strict }).tools;
      const del = tools.find((tool) => tool.function.name === "delete_note")?.function;
      expect(del?.parameters).toEqual(closed);
    }
  });

  it("OpenAI Responses, plain and strict", () => {
    for (const strict of [false, true, "auto"] as const) {
      const tools: FunctionTool[] = responses.list(set, { strict }).tools;
      expect(named(tools, "delete_note")?.parameters).toEqual(closed);
    }
  });

  it("Anthropic, plain and strict auto", () => {
    const plain: Tool[] = anthropic.list(set).tools;
    expect(named(plain, "delete_note")?.input_schema).toEqual(closed);
    const auto: Tool[] = anthropic.list(set, { strict: "auto" }).tools;
    expect(named(auto, "delete_note")).toMatchObject({ strict: true, input_schema: closed });
  });

  it("Gemini, parametersJsonSchema and the legacy parameters", () => {
    const modern: FunctionDeclaration[] = gemini.list(set).tools;
    expect(named(modern as { name: string }[], "delete_note")).toMatchObject({
      parametersJsonSchema: closed,
    });
    const legacy = gemini.list(set, { field: "parameters" }).tools;
    expect(named(legacy as { name: string }[], "delete_note")).toMatchObject({
      parameters: closed,
    });
  });
});

describe.each(zods)("provider calls hand a pending call to the host (%s)", (_label, z) => {
  it("OpenAI: decode and set.call give the pending outcome, which resume runs", async () => {
    const { set, ran } = controlledSet(z);
    const outcome = await openAIOutcome(set, "delete_note", '{"id":"n1"}');
    expect(outcome).toMatchObject({ ok: false, kind: "approval-required", error: PENDING });
    if (!isPending(outcome)) throw new Error("expected a pending outcome");
    expect(outcome.approval).toMatchObject({ tool: "delete_note", args: { id: "n1" } });
    expect(ran).toEqual([]);
    // run without approve answers the model that the call waits, and runs nothing.
    const call = { id: "call_1", function: { name: "delete_note", arguments: '{"id":"n1"}' } };
    const expected: ChatCompletionToolMessageParam = {
      role: "tool",
      tool_call_id: "call_1",
      content: PENDING,
    };
    expect(chatCompletions.encode(set, call, outcome)).toEqual(expected);
    expect(await chatCompletions.run(set, call)).toEqual(expected);
    expect(ran).toEqual([]);
    // The request is data: it survives JSON, as a host that stores it sends it back.
    const request = JSON.parse(JSON.stringify(outcome.approval)) as ApprovalRequest;
    expect(await set.resume(request, { approved: true })).toEqual({
      ok: true,
      value: { deleted: "n1" },
    });
    expect(ran).toEqual([{ id: "n1" }]);
  });

  it("Anthropic: set.call with anthropic.encode, or anthropic.run without approve", async () => {
    const { set, ran } = controlledSet(z);
    const outcome = await set.call("delete_note", { id: "n1" });
    expect(isPending(outcome)).toBe(true);
    const expected: ToolResultBlockParam = {
      type: "tool_result",
      tool_use_id: "tu_1",
      content: PENDING,
      is_error: true,
    };
    const block = { id: "tu_1", name: "delete_note", input: { id: "n1" } };
    expect(anthropic.encode(set, block, outcome)).toEqual(expected);
    expect(await anthropic.run(set, block)).toEqual(expected);
    expect(ran).toEqual([]);
  });

  it("Gemini: set.call with gemini.encode, or gemini.run without approve", async () => {
    const { set, ran } = controlledSet(z);
    const call = { id: "fc_1", name: "delete_note" as const, args: { id: "n1" } };
    const outcome = await set.call(call.name, call.args);
    expect(isPending(outcome)).toBe(true);
    const expected: FunctionResponse = {
      id: "fc_1",
      name: "delete_note",
      response: { error: PENDING },
    };
    expect(gemini.encode(set, call, outcome)).toEqual(expected);
    expect(await gemini.run(set, call)).toEqual(expected);
    expect(ran).toEqual([]);
  });

  it("the encoders carry values and failures of any kind", () => {
    const { set } = controlledSet(z);
    const value: CallOutcome = { ok: true, value: { n: 1 } };
    const failure: CallOutcome = { ok: false, kind: "timeout", error: "too slow" };
    const use = { id: "tu_2", name: "x", input: {} };
    expect(anthropic.encode(set, use, value)).toEqual({
      type: "tool_result",
      tool_use_id: "tu_2",
      content: '{"n":1}',
    });
    expect(anthropic.encode(set, { ...use, id: "tu_3" }, failure)).toMatchObject({
      content: "too slow",
      is_error: true,
    });
    expect(gemini.encode(set, { name: "x" }, value)).toEqual({
      name: "x",
      response: { output: { n: 1 } },
    });
    expect(gemini.encode(set, { name: "x" }, failure)).toEqual({
      name: "x",
      response: { error: "too slow" },
    });
    const chat = { id: "c", function: { name: "x", arguments: "{}" } };
    expect(chatCompletions.encode(set, chat, value)).toEqual({
      role: "tool",
      tool_call_id: "c",
      content: '{"n":1}',
    });
    expect(chatCompletions.encode(set, chat, failure).content).toBe("too slow");
    const item = { call_id: "c", name: "x", arguments: "{}" };
    expect(responses.encode(set, item, value)).toEqual({
      type: "function_call_output",
      call_id: "c",
      output: '{"n":1}',
    });
    expect(responses.encode(set, item, failure).output).toBe("too slow");
    const aiCall = { toolCallId: "a", toolName: "x", input: {} };
    expect(aiSdk.encode(set, aiCall, value)).toEqual({ type: "json", value: { n: 1 } });
    expect(aiSdk.encode(set, aiCall, failure)).toEqual({ type: "error-text", value: "too slow" });
  });
});

describe.each(zods)("provider calls under controls (%s)", (_label, z) => {
  describe.each(providers)("$label", (provider) => {
    it("a call pending approval reaches the model as the pending text without approve", async () => {
      const { set, ran } = controlledSet(z);
      expect(await provider.run(set, "delete_note", { id: "n1" })).toEqual({
        ok: false,
        text: PENDING,
      });
      expect(ran).toEqual([]);
    });

    it("approve approving runs the call once, on the arguments it was asked about", async () => {
      const { set, ran } = controlledSet(z);
      const asked: ApprovalRequest[] = [];
      const seen = await provider.run(set, "delete_note", { id: "n1" }, (request) => {
        asked.push(request);
        return { approved: true };
      });
      expect(seen).toEqual({ ok: true, text: '{"deleted":"n1"}' });
      expect(asked).toEqual([expect.objectContaining({ tool: "delete_note", args: { id: "n1" } })]);
      expect(ran).toEqual([{ id: "n1" }]);
    });

    it("approve denying gives the readable denial and runs nothing", async () => {
      const { set, ran } = controlledSet(z);
      const seen = await provider.run(set, "delete_note", { id: "n1" }, async () => ({
        approved: false,
        reason: "keep it",
      }));
      expect(seen).toEqual({ ok: false, text: denial("keep it") });
      expect(ran).toEqual([]);
    });

    it("an approve that throws denies, keeping its error as the outcome's cause", async () => {
      const { set, ran } = controlledSet(z);
      const crash = new Error("the dialog crashed");
      const { result: seen, outcome } = await settled(provider.adapter, () =>
        provider.run(set, "delete_note", { id: "n1" }, () => {
          throw crash;
        }),
      );
      expect(seen).toEqual({
        ok: false,
        text: NOT_OBTAINED,
      });
      // The model never reads why; the host's code finds the error on the outcome.
      expect(seen.text).not.toContain("the dialog crashed");
      expect(outcome).toMatchObject({ ok: false, kind: "denied", cause: crash });
      expect(ran).toEqual([]);
    });

    it("an approve that rejects denies the same way, and the recorder sees why", async () => {
      const { set, ran, records } = controlledSet(z);
      const crash = new Error("the dialog timed out");
      const { result: seen, outcome } = await settled(provider.adapter, () =>
        provider.run(set, "delete_note", { id: "n1" }, () => Promise.reject(crash)),
      );
      expect(seen).toEqual({ ok: false, text: NOT_OBTAINED });
      expect(outcome).toMatchObject({ kind: "denied", cause: crash });
      expect(ran).toEqual([]);
      // The host's log of calls holds the handler's error too: the pending call, then the denial.
      expect(records.map((record) => (record.outcome.ok ? "ok" : record.outcome.kind))).toEqual([
        "approval-required",
        "denied",
      ]);
      expect(records.at(-1)?.outcome).toMatchObject({ kind: "denied", cause: crash });
    });

    it("approve is not asked about calls that need no approval, or are refused first", async () => {
      const { set, ran } = controlledSet(z);
      let asked = 0;
      const approve = () => {
        asked += 1;
        return { approved: true } as const;
      };
      expect(await provider.run(set, "read_note", { id: "n1" }, approve)).toEqual({
        ok: true,
        text: '{"id":"n1","text":"hello"}',
      });
      expect(await provider.run(set, "delete_note", { id: "n1", foo: 1 }, approve)).toEqual({
        ok: false,
        text: "tool 'delete_note' received an unknown argument 'foo'; it accepts id, force",
      });
      expect(asked).toBe(0);
      expect(ran).toEqual([]);
    });

    it("a timeout names the tool and its limit", async () => {
      const { set } = controlledSet(z);
      expect(await provider.run(set, "stall", {})).toEqual({
        ok: false,
        text: "tool 'stall' timed out after 20 ms",
      });
    });

    it("a formatError text is what the result carries", async () => {
      const { set } = controlledSet(z);
      expect(await provider.run(set, "fragile", {})).toEqual({
        ok: false,
        text: "fragile is down; try again later",
      });
    });
  });

  it("OpenAI strict: the nulls of optionals are removed before approval is asked", async () => {
    const { set, ran } = controlledSet(z);
    const asked: unknown[] = [];
    const approve: ApprovalHandler = (request) => {
      asked.push(request.args);
      return { approved: true };
    };
    const args = '{"id":"n1","force":null}';
    const call = { id: "call_1", function: { name: "delete_note", arguments: args } };
    const { result, outcome } = await settled(chatCompletions, () =>
      chatCompletions.run(set, call, { strict: true, approve }),
    );
    expect(outcome).toEqual({ ok: true, value: { deleted: "n1" } });
    expect(result).toEqual({ role: "tool", tool_call_id: "call_1", content: '{"deleted":"n1"}' });
    const item = { call_id: "call_2", name: "delete_note", arguments: args };
    expect(await responses.run(set, item, { strict: true, approve })).toEqual({
      type: "function_call_output",
      call_id: "call_2",
      output: '{"deleted":"n1"}',
    });
    expect(asked).toEqual([{ id: "n1" }, { id: "n1" }]);
    expect(ran).toEqual([{ id: "n1" }, { id: "n1" }]);
  });
});
