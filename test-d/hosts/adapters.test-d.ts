import type Anthropic from "@anthropic-ai/sdk";
import type { FunctionDeclaration, FunctionResponse, Tool as GeminiTool } from "@google/genai";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type {
  Tool as AISdkTool,
  ToolSet as AISdkToolSet,
  generateText,
  InferToolInput,
  InferToolOutput,
} from "ai";
import type OpenAI from "openai";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import { expectAssignable, expectError, expectType } from "tsd";
import { z } from "zod";
import type { ApprovalHandler, ContentPart } from "../..";
import { type CallOutcome, capability, defineTool, type ToolSet, toolbox, toolSet } from "../..";
import { toAISdkTools } from "../../dist/ai-sdk";
import {
  type AnthropicTool,
  runAnthropicToolUse,
  toAnthropicToolResult,
  toAnthropicTools,
} from "../../dist/anthropic";
import {
  runGeminiFunctionCall,
  toGeminiFunctionDeclarations,
  toGeminiFunctionResponse,
} from "../../dist/gemini";
import type { McpApprovalHandler } from "../../dist/mcp";
import { createMcpServer, listenMcpHttp, type McpHttpServer } from "../../dist/mcp";
import {
  callOpenAITool,
  type ResponsesTool,
  toChatCompletionsToolMessage,
  toChatCompletionsTools,
  toResponsesFunctionCallOutput,
  toResponsesTools,
} from "../../dist/openai";

const notes = capability({
  name: "notes",
  description: "Notes",
  toolbox: toolbox("notes", "Notes", {
    add_note: defineTool({
      description: "Add a note",
      parameters: z.object({ text: z.string() }),
      execute: ({ text }) => text.length,
    }),
  }),
});

const set = toolSet([notes]);
expectAssignable<ToolSet>(set);
expectAssignable<ToolSet>(set.plan);
expectError(toolSet(notes));
expectError(set.call());

// Failure as data: the outcome narrows on `ok`.
const outcome = await set.call("add_note", { text: "x" });
expectType<CallOutcome>(outcome);
if (outcome.ok) expectType<unknown>(outcome.value);
else expectType<string>(outcome.error);
expectType<Promise<CallOutcome[]>>(set.callMany([{ name: "add_note", args: {} }]));

// OpenAI: Chat Completions and Responses tool shapes.
expectAssignable<ChatCompletionTool[]>(toChatCompletionsTools(set));
expectAssignable<OpenAI.Chat.ChatCompletionCreateParams["tools"]>(
  toChatCompletionsTools(set, { strict: true }),
);
expectAssignable<FunctionTool[]>(toResponsesTools(set, { strict: true }));
expectAssignable<OpenAI.Responses.ResponseCreateParams["tools"]>(toResponsesTools(set));
expectType<Promise<CallOutcome>>(callOpenAITool(set, "add_note", '{"text":"x"}', { strict: true }));
expectError(toChatCompletionsTools(set, { strict: "yes" }));

// Anthropic.
expectAssignable<Anthropic.Tool[]>(toAnthropicTools(set));
expectAssignable<Anthropic.MessageCreateParams["tools"]>(toAnthropicTools(set));
expectAssignable<Promise<Anthropic.ToolResultBlockParam>>(
  runAnthropicToolUse(set, { id: "t", name: "add_note", input: {} }),
);

// Gemini.
expectAssignable<FunctionDeclaration[]>(toGeminiFunctionDeclarations(set));
expectAssignable<GeminiTool>({ functionDeclarations: toGeminiFunctionDeclarations(set) });
expectAssignable<Promise<FunctionResponse>>(
  runGeminiFunctionCall(set, { name: "add_note", args: {} }),
);

// AI SDK: a typed tool set, its input and output by name; an untyped one takes anything.
const aiTools = toAISdkTools(set);
expectAssignable<AISdkToolSet>(aiTools);
expectAssignable<Parameters<typeof generateText>[0]["tools"]>(aiTools);
expectType<AISdkTool<{ text: string }, unknown>>(aiTools.add_note);
expectType<{ text: string }>({} as InferToolInput<typeof aiTools.add_note>);
const counted = toAISdkTools(
  toolSet([
    capability({
      name: "count",
      description: "Count",
      toolbox: toolbox("count", "Count", {
        count: defineTool({
          description: "Count words",
          parameters: { text: z.string() },
          returns: z.object({ words: z.number() }),
          execute: ({ text }) => ({ words: text.split(" ").length }),
        }),
      }),
    }),
  ]),
);
expectType<{ words: number }>({} as InferToolOutput<typeof counted.count>);
expectError(counted.add_note);
const untypedSet: ToolSet = set;
expectAssignable<AISdkToolSet>(toAISdkTools(untypedSet));
expectType<AISdkTool<unknown, unknown> | undefined>(toAISdkTools(untypedSet).anything);

// MCP.
expectType<Server>(createMcpServer({ name: "notes", version: "1.0.0", capabilities: [notes] }));
expectError(createMcpServer({ name: "notes", capabilities: [notes] }));
expectType<Promise<McpHttpServer>>(
  listenMcpHttp({ name: "n", version: "1", capabilities: [notes], port: 0, hostname: "127.0.0.1" }),
);

// Issues 14 and 15: approval handlers, result builders and deferred listings, typed by
// the providers' own types.

const approve: ApprovalHandler = (request) =>
  request.tool === "add_note" ? { approved: true } : { approved: false, reason: "no" };
expectError<ApprovalHandler>(() => ({ approved: "yes" }));
expectType<Promise<CallOutcome>>(callOpenAITool(set, "add_note", "{}", { approve }));
expectType<Promise<Anthropic.ToolResultBlockParam>>(
  runAnthropicToolUse(set, { id: "t", name: "add_note", input: {} }, undefined, { approve }),
);
expectType<Promise<FunctionResponse>>(
  runGeminiFunctionCall(set, { name: "add_note", args: {} }, undefined, { approve }),
);
expectError(
  runAnthropicToolUse(set, { id: "t", name: "add_note", input: {} }, undefined, { approve: true }),
);

const mcpApproval: McpApprovalHandler = async (request, call) =>
  call.name === request.tool ? { approved: true } : { approved: false };
createMcpServer({ name: "n", version: "1", capabilities: [notes], approval: mcpApproval });
createMcpServer({ name: "n", version: "1", capabilities: [notes], approval: "refuse" });
expectError(createMcpServer({ name: "n", version: "1", capabilities: [notes], approval: "ask" }));

declare const anyOutcome: CallOutcome;
expectType<Anthropic.ToolResultBlockParam>(
  toAnthropicToolResult("t", anyOutcome, { set, name: "add_note" }),
);
expectType<OpenAI.ChatCompletionToolMessageParam>(
  toChatCompletionsToolMessage("c", anyOutcome, { set, name: "add_note" }),
);
expectType<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>(
  toResponsesFunctionCallOutput("c", anyOutcome, { set, name: "add_note" }),
);
expectType<FunctionResponse>(toGeminiFunctionResponse({ name: "add_note" }, anyOutcome, set));
expectType<ContentPart[]>(set.content("add_note", 1));

// A plain listing stays a list of the SDK's own tool types; native deferred loading adds
// the provider's search tool, and the type says so.
expectType<Anthropic.Tool[]>(toAnthropicTools(set));
expectType<AnthropicTool[]>(toAnthropicTools(set, { toolSearch: "bm25" }));
expectType<FunctionTool[]>(toResponsesTools(set));
expectType<ResponsesTool[]>(toResponsesTools(set, { deferLoading: "native" }));
expectError(toChatCompletionsTools(set, { deferLoading: "native" }));
