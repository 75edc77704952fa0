/**
 * The OpenAI, Anthropic and Gemini helpers under issue 14's controls: strict inputs in
 * every listing, a pending call handed to the host, `approve` settling it, timeouts and
 * `formatError` texts in each provider's result. The providers' SDK types are the oracle
 * for the shapes the helpers build.
 */

import type { Tool, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { FunctionDeclaration, FunctionResponse } from "@google/genai";
import type {
  ChatCompletionFunctionTool,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import {
  type ApprovalHandler,
  type ApprovalRequest,
  type CallOutcome,
  capability,
  defineTool,
  isPending,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { runAnthropicToolUse, toAnthropicToolResult, toAnthropicTools } from "toolwright/anthropic";
import {
  runGeminiFunctionCall,
  toGeminiFunctionDeclarations,
  toGeminiFunctionResponse,
} from "toolwright/gemini";
import { callOpenAITool, toChatCompletionsTools, toResponsesTools } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { controlTools, type Z, zods } from "../set/fixtures";

const PENDING = "tool 'delete_note' needs approval before it runs and has not run";
const denial = (reason: string) =>
  `the user denied the call to tool 'delete_note': ${reason}; do not call it again with the same arguments unless the user asks`;

function controlledSet(z: Z) {
  const ran: unknown[] = [];
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
  return { set: toolSet([notes]), ran };
}

/** What a provider's result tells the model, read the same way for every provider. */
interface Seen {
  readonly ok: boolean;
  readonly text: string;
}

interface Provider {
  readonly label: string;
  run(set: ToolSet, name: string, args: object, approve?: ApprovalHandler): Promise<Seen>;
}

const providers: readonly Provider[] = [
  {
    label: "OpenAI",
    async run(set, name, args, approve) {
      const outcome = await callOpenAITool(set, name, JSON.stringify(args), {
        ...(approve !== undefined && { approve }),
      });
      const text = outcome.ok ? JSON.stringify(outcome.value) : outcome.error;
      const message: ChatCompletionToolMessageParam = {
        role: "tool",
        tool_call_id: "call_1",
        content: text,
      };
      return { ok: outcome.ok, text: message.content as string };
    },
  },
  {
    label: "Anthropic",
    async run(set, name, input, approve) {
      const block: ToolResultBlockParam = await runAnthropicToolUse(
        set,
        { id: "tu_1", name, input },
        undefined,
        approve === undefined ? undefined : { approve },
      );
      expect(block.tool_use_id).toBe("tu_1");
      return { ok: block.is_error !== true, text: block.content as string };
    },
  },
  {
    label: "Gemini",
    async run(set, name, args, approve) {
      const response: FunctionResponse = await runGeminiFunctionCall(
        set,
        { id: "fc_1", name, args: args as Record<string, unknown> },
        undefined,
        approve === undefined ? undefined : { approve },
      );
      expect(response).toMatchObject({ id: "fc_1", name });
      const body = response.response ?? {};
      return "output" in body
        ? { ok: true, text: JSON.stringify(body.output) }
        : { ok: false, text: String(body.error) };
    },
  },
];

describe.each(zods)("provider listings under strict inputs (%s)", (label, z) => {
  const { set } = controlledSet(z);
  const closed = expect.objectContaining({ additionalProperties: false });
  const named = <T extends { name: string }>(list: readonly T[], name: string): T | undefined =>
    list.find((item) => item.name === name);

  // Zod 3's projection closes every object; Zod 4's input side closes only strict ones.
  it.runIf(label === "zod")("only the strict-inputs tool is closed (Zod 4)", () => {
    const open = expect.not.objectContaining({ additionalProperties: false });
    const chat = toChatCompletionsTools(set).find((tool) => tool.function.name === "read_note");
    expect(chat?.function.parameters).toEqual(open);
    expect(named(toAnthropicTools(set), "read_note")?.input_schema).toEqual(open);
    const gemini = toGeminiFunctionDeclarations(set) as { name: string }[];
    expect(named(gemini, "read_note")).toMatchObject({ parametersJsonSchema: open });
  });

  it("OpenAI Chat Completions, plain and strict", () => {
    for (const strict of [false, true, "auto"] as const) {
      const tools: ChatCompletionFunctionTool[] = toChatCompletionsTools(set, { strict });
      const del = tools.find((tool) => tool.function.name === "delete_note")?.function;
      expect(del?.parameters).toEqual(closed);
    }
  });

  it("OpenAI Responses, plain and strict", () => {
    for (const strict of [false, true, "auto"] as const) {
      const tools: FunctionTool[] = toResponsesTools(set, { strict });
      expect(named(tools, "delete_note")?.parameters).toEqual(closed);
    }
  });

  it("Anthropic, plain and strict auto", () => {
    const plain: Tool[] = toAnthropicTools(set);
    expect(named(plain, "delete_note")?.input_schema).toEqual(closed);
    const auto: Tool[] = toAnthropicTools(set, { strict: "auto" });
    expect(named(auto, "delete_note")).toMatchObject({ strict: true, input_schema: closed });
  });

  it("Gemini, parametersJsonSchema and the legacy parameters", () => {
    const modern: FunctionDeclaration[] = toGeminiFunctionDeclarations(set);
    expect(named(modern as { name: string }[], "delete_note")).toMatchObject({
      parametersJsonSchema: closed,
    });
    const legacy = toGeminiFunctionDeclarations(set, { field: "parameters" });
    expect(named(legacy as { name: string }[], "delete_note")).toMatchObject({
      parameters: closed,
    });
  });
});

describe.each(zods)("provider calls hand a pending call to the host (%s)", (_label, z) => {
  it("OpenAI: callOpenAITool returns the pending outcome, which resume runs", async () => {
    const { set, ran } = controlledSet(z);
    const outcome = await callOpenAITool(set, "delete_note", '{"id":"n1"}');
    expect(outcome).toMatchObject({ ok: false, kind: "approval-required", error: PENDING });
    if (!isPending(outcome)) throw new Error("expected a pending outcome");
    expect(outcome.approval).toMatchObject({ tool: "delete_note", args: { id: "n1" } });
    expect(ran).toEqual([]);
    // The request is data: it survives JSON, as a host that stores it sends it back.
    const request = JSON.parse(JSON.stringify(outcome.approval)) as ApprovalRequest;
    expect(await set.resume(request, { approved: true })).toEqual({
      ok: true,
      value: { deleted: "n1" },
    });
    expect(ran).toEqual([{ id: "n1" }]);
  });

  it("Anthropic: set.call with toAnthropicToolResult, or runAnthropicToolUse without approve", async () => {
    const { set, ran } = controlledSet(z);
    const outcome = await set.call("delete_note", { id: "n1" });
    expect(isPending(outcome)).toBe(true);
    const expected: ToolResultBlockParam = {
      type: "tool_result",
      tool_use_id: "tu_1",
      content: PENDING,
      is_error: true,
    };
    expect(toAnthropicToolResult("tu_1", outcome)).toEqual(expected);
    const block = { id: "tu_1", name: "delete_note", input: { id: "n1" } };
    expect(await runAnthropicToolUse(set, block)).toEqual(expected);
    expect(ran).toEqual([]);
  });

  it("Gemini: set.call with toGeminiFunctionResponse, or runGeminiFunctionCall without approve", async () => {
    const { set, ran } = controlledSet(z);
    const call = { id: "fc_1", name: "delete_note" as const, args: { id: "n1" } };
    const outcome = await set.call(call.name, call.args);
    expect(isPending(outcome)).toBe(true);
    const expected: FunctionResponse = {
      id: "fc_1",
      name: "delete_note",
      response: { error: PENDING },
    };
    expect(toGeminiFunctionResponse(call, outcome)).toEqual(expected);
    expect(await runGeminiFunctionCall(set, call)).toEqual(expected);
    expect(ran).toEqual([]);
  });

  it("the result builders carry values and failures of any kind", () => {
    const value: CallOutcome = { ok: true, value: { n: 1 } };
    const failure: CallOutcome = { ok: false, kind: "timeout", error: "too slow" };
    expect(toAnthropicToolResult("tu_2", value)).toEqual({
      type: "tool_result",
      tool_use_id: "tu_2",
      content: '{"n":1}',
    });
    expect(toAnthropicToolResult("tu_3", failure)).toMatchObject({
      content: "too slow",
      is_error: true,
    });
    expect(toGeminiFunctionResponse({ name: "x" }, value)).toEqual({
      name: "x",
      response: { output: { n: 1 } },
    });
    expect(toGeminiFunctionResponse({ name: "x" }, failure)).toEqual({
      name: "x",
      response: { error: "too slow" },
    });
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

    it("an approve that throws denies", async () => {
      const { set, ran } = controlledSet(z);
      const seen = await provider.run(set, "delete_note", { id: "n1" }, () => {
        throw new Error("the dialog crashed");
      });
      expect(seen).toEqual({
        ok: false,
        text: denial("approval could not be asked: the dialog crashed"),
      });
      expect(ran).toEqual([]);
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
    const outcome = await callOpenAITool(set, "delete_note", '{"id":"n1","force":null}', {
      strict: true,
      approve: (request) => {
        asked.push(request.args);
        return { approved: true };
      },
    });
    expect(outcome).toEqual({ ok: true, value: { deleted: "n1" } });
    expect(asked).toEqual([{ id: "n1" }]);
    expect(ran).toEqual([{ id: "n1" }]);
  });
});
