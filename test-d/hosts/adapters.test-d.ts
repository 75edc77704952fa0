import type Anthropic from "@anthropic-ai/sdk";
import type { FunctionDeclaration, FunctionResponse, Tool as GeminiTool } from "@google/genai";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ToolSet as AISdkToolSet, generateText } from "ai";
import type OpenAI from "openai";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import { expectAssignable, expectError, expectType } from "tsd";
import { z } from "zod";
import { type CallOutcome, capability, defineTool, type ToolSet, toolbox, toolSet } from "../..";
import { toAISdkTools } from "../../dist/ai-sdk";
import { runAnthropicToolUse, toAnthropicTools } from "../../dist/anthropic";
import { runGeminiFunctionCall, toGeminiFunctionDeclarations } from "../../dist/gemini";
import { createMcpServer, listenMcpHttp, type McpHttpServer } from "../../dist/mcp";
import { callOpenAITool, toChatCompletionsTools, toResponsesTools } from "../../dist/openai";

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
expectType<ToolSet>(set);
expectType<ToolSet>(set.plan);
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

// AI SDK.
expectAssignable<AISdkToolSet>(toAISdkTools(set));
expectAssignable<Parameters<typeof generateText>[0]["tools"]>(toAISdkTools(set));

// MCP.
expectType<Server>(createMcpServer({ name: "notes", version: "1.0.0", capabilities: [notes] }));
expectError(createMcpServer({ name: "notes", capabilities: [notes] }));
expectType<Promise<McpHttpServer>>(
  listenMcpHttp({ name: "n", version: "1", capabilities: [notes], port: 0, hostname: "127.0.0.1" }),
);
