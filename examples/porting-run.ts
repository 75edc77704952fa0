/**
 * The porting guides' before and after, run offline: each AI SDK tool set through
 * `generateText` with the AI SDK's mock model, each MCP server through the MCP SDK's
 * `Client` over its in-memory transport. test/examples/porting.test.ts asserts what these
 * return; `npx tsx examples/porting-run.ts` prints it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { generateText, stepCountIs, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createMcpServer } from "toolwright/mcp";
import * as aiSdkAfter from "./ai-sdk-after";
import * as aiSdkBefore from "./ai-sdk-before";
import * as mcpSdkAfter from "./mcp-sdk-after";
import * as mcpSdkBefore from "./mcp-sdk-before";
import { runIfMain } from "./run-if-main";

type Step = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model step that calls these tools. */
function calling(...calls: [id: string, name: string, input: unknown][]): Step {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({
      type: "tool-call" as const,
      toolCallId,
      toolName,
      input: JSON.stringify(input),
    })),
    finishReason: { unified: "tool-calls", raw: undefined },
    usage,
    warnings: [],
  };
}

const done: Step = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: undefined },
  usage,
  warnings: [],
};

/** A mock model answering with `steps` in turn; `prompts` records what it was sent. */
function scripted(...steps: Step[]) {
  const prompts: unknown[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      return steps[prompts.length - 1] ?? done;
    },
  });
  return { model, prompts };
}

/** What the model read of each tool result: the tool parts of the prompt's last message. */
function toolOutputs(prompt: unknown): Record<string, unknown> {
  const messages = prompt as { role: string; content: unknown[] }[];
  const last = messages.at(-1);
  const outputs: Record<string, unknown> = {};
  for (const part of (last?.content ?? []) as { toolCallId: string; output: unknown }[]) {
    outputs[part.toolCallId] = part.output;
  }
  return outputs;
}

/**
 * One AI SDK tool set through `generateText`: a list, an export (streamed), a call with
 * invalid arguments and one that throws, then a call that needs approval and one the client answers.
 */
export async function runAiSdk(tools: ToolSet) {
  const first = scripted(
    calling(
      ["list", "list_meetings", { day: "2026-12-01" }],
      ["export", "export_day", { day: "2026-12-01" }],
      ["invalid", "list_meetings", { day: 1 }],
      ["thrown", "list_meetings", { day: "1999-12-31" }],
    ),
  );
  const ran = await generateText({
    model: first.model,
    prompt: "What is on 2026-12-01?",
    tools,
    experimental_context: { user: "ada" },
    stopWhen: stepCountIs(2),
  });
  const outputs = Object.fromEntries(
    ran.steps[0]?.toolResults.map((result) => [result.toolCallId, result.output]) ?? [],
  );
  const second = scripted(
    calling(
      ["cancel", "cancel_meeting", { title: "Standup" }],
      ["ask", "ask_user", { question: "Which day?" }],
    ),
  );
  const stopped = await generateText({
    model: second.model,
    prompt: "Cancel the standup",
    tools,
    experimental_context: { user: "ada" },
  });
  return {
    /** Each call's tool result, as the AI SDK reports it. */
    outputs,
    /** What the model read of each call, in its next step's prompt. */
    modelRead: toolOutputs(first.prompts[1]),
    /** The second request's content: an approval request, and a call left to the client. */
    stopped: stopped.content.map((part) =>
      part.type === "tool-approval-request"
        ? { type: part.type, toolName: part.toolCall.toolName, input: part.toolCall.input }
        : part.type === "tool-call"
          ? { type: part.type, toolName: part.toolName, input: part.input }
          : { type: part.type },
    ),
  };
}

/** An MCP server, high level (`McpServer`) or low (`Server`): what a transport connects. */
interface Connectable {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/**
 * One MCP server through the MCP SDK's `Client` over the in-memory transport: its listing,
 * two calls that succeed, and three that fail (invalid arguments, a thrown error, a name
 * the server does not have).
 */
export async function runMcp(server: Connectable) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "porting", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const call = (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
    return {
      listed: (await client.listTools()).tools,
      list: await call("list_meetings", { day: "2026-12-01" }),
      cancel: await call("cancel_meeting", { title: "Standup" }),
      invalid: await call("list_meetings", { day: 1 }),
      thrown: await call("list_meetings", { day: "1999-12-31" }),
      unknown: await call("list_meeting", { day: "2026-12-01" }),
    };
  } finally {
    await client.close();
    await server.close();
  }
}

runIfMain(import.meta.url, async () => {
  for (const [name, tools] of [
    ["ai-sdk-before", aiSdkBefore.tools],
    ["ai-sdk-after", aiSdkAfter.tools],
  ] as const) {
    console.log(name, JSON.stringify(await runAiSdk(tools)));
  }
  const before = await runMcp(mcpSdkBefore.meetingsServer());
  const after = await runMcp(createMcpServer(mcpSdkAfter.server));
  for (const [name, run] of [
    ["mcp-sdk-before", before],
    ["mcp-sdk-after", after],
  ] as const) {
    console.log(name, JSON.stringify(run));
  }
});
