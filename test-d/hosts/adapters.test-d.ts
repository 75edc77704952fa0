import type Anthropic from "@anthropic-ai/sdk";
import type {
  FunctionCall,
  FunctionDeclaration,
  FunctionResponse,
  Tool as GeminiTool,
} from "@google/genai";
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
import type {
  ApprovalHandler,
  ContentPart,
  DecodedCall,
  LintDialect,
  Listing,
  LoweringChange,
  Principal,
  StrictTarget,
  ToolAdapter,
} from "../..";
import {
  type CallOutcome,
  capability,
  defineTool,
  type StrictSchemaError,
  type ToolSet,
  toolbox,
  toolSet,
} from "../..";
import { type AISdkCall, type AISdkOptions, type AISdkToolOutput, aiSdk } from "../../dist/ai-sdk";
import {
  type AnthropicOptions,
  StrictSchemaError as AnthropicStrictSchemaError,
  type AnthropicTool,
  type AnthropicToolUse,
  anthropic,
} from "../../dist/anthropic";
import { type GeminiOptions, gemini } from "../../dist/gemini";
import type { McpApprovalHandler } from "../../dist/mcp";
import {
  createMcpHttpHandler,
  createMcpServer,
  listenMcpHttp,
  type McpEventStore,
  type McpHttpServer,
  memoryEventStore,
} from "../../dist/mcp";
import {
  type ChatCompletionsCall,
  type ChatCompletionsOptions,
  chatCompletions,
  StrictSchemaError as OpenAIStrictSchemaError,
  type OpenAIToolOptions,
  type ResponsesCall,
  type ResponsesTool,
  responses,
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

// The calls each provider sends, as its SDK types them.
const chatCall: ChatCompletionsCall = {
  id: "c",
  function: { name: "add_note", arguments: '{"text":"x"}' },
};
declare const sdkChatCall: OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
expectAssignable<ChatCompletionsCall>(sdkChatCall);
const responsesCall: ResponsesCall = { call_id: "c", name: "add_note", arguments: "{}" };
declare const sdkResponsesCall: OpenAI.Responses.ResponseFunctionToolCall;
expectAssignable<ResponsesCall>(sdkResponsesCall);
const use: AnthropicToolUse = { id: "t", name: "add_note", input: {} };
declare const sdkUse: Anthropic.ToolUseBlock;
expectAssignable<AnthropicToolUse>(sdkUse);
const aiCall: AISdkCall = { toolCallId: "a", toolName: "add_note", input: {} };

// OpenAI: Chat Completions and Responses tool shapes.
expectAssignable<ChatCompletionTool[]>(chatCompletions.list(set).tools);
expectAssignable<OpenAI.Chat.ChatCompletionCreateParams["tools"]>(
  chatCompletions.list(set, { strict: true }).tools,
);
expectAssignable<FunctionTool[]>(responses.list(set, { strict: true }).tools);
expectAssignable<OpenAI.Responses.ResponseCreateParams["tools"]>(responses.list(set).tools);
expectType<Promise<OpenAI.ChatCompletionToolMessageParam>>(
  chatCompletions.run(set, chatCall, { strict: true }),
);
expectType<Promise<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>>(
  responses.run(set, responsesCall, { strict: "auto", deferLoading: "native" }),
);
expectType<DecodedCall>(chatCompletions.decode(set, chatCall, { strict: true }));
expectType<DecodedCall>(responses.decode(set, responsesCall));
expectError(chatCompletions.list(set, { strict: "yes" }));
expectError(chatCompletions.run(set, { id: "c", function: { name: "add_note" } }));

// Anthropic.
expectAssignable<Anthropic.Tool[]>(anthropic.list(set).tools);
expectAssignable<Anthropic.MessageCreateParams["tools"]>(anthropic.list(set).tools);
expectAssignable<Promise<Anthropic.ToolResultBlockParam>>(anthropic.run(set, use));
expectAssignable<DecodedCall>(anthropic.decode(set, use));

// Gemini.
expectAssignable<FunctionDeclaration[]>(gemini.list(set).tools);
expectAssignable<GeminiTool>({ functionDeclarations: gemini.list(set).tools });
expectAssignable<Promise<FunctionResponse>>(gemini.run(set, { name: "add_note", args: {} }));
expectError(gemini.list(set, { field: "schema" }));

// AI SDK: a typed tool set, its input and output by name; an untyped one takes anything.
const aiTools = aiSdk.list(set).tools;
expectAssignable<AISdkToolSet>(aiTools);
expectAssignable<Parameters<typeof generateText>[0]["tools"]>(aiTools);
expectType<AISdkTool<{ text: string }, unknown>>(aiTools.add_note);
expectType<{ text: string }>({} as InferToolInput<typeof aiTools.add_note>);
const counted = aiSdk.list(
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
).tools;
expectType<{ words: number }>({} as InferToolOutput<typeof counted.count>);
expectError(counted.add_note);
const untypedSet: ToolSet = set;
expectAssignable<AISdkToolSet>(aiSdk.list(untypedSet).tools);
expectType<AISdkTool<unknown, unknown> | undefined>(aiSdk.list(untypedSet).tools.anything);
expectType<Promise<AISdkToolOutput>>(aiSdk.run(set, aiCall));

// MCP: the server takes a tool set, or capabilities, as `tools`.
expectType<Server>(createMcpServer({ name: "notes", version: "1.0.0", tools: [notes] }));
expectType<Server>(createMcpServer({ name: "notes", version: "1.0.0", tools: set }));
expectError(createMcpServer({ name: "notes", tools: [notes] }));
expectError(createMcpServer({ name: "notes", version: "1.0.0", capabilities: [notes] }));
expectType<Promise<McpHttpServer>>(
  listenMcpHttp({ name: "n", version: "1", tools: [notes], port: 0, hostname: "127.0.0.1" }),
);

// Session mode: `true`, or its options; the event store is the SDK's interface, or false.
expectType<Promise<McpHttpServer>>(
  listenMcpHttp({ name: "n", version: "1", tools: [notes], sessions: true }),
);
createMcpHttpHandler({
  name: "n",
  version: "1",
  tools: [notes],
  sessions: {
    idleTimeoutMs: 60_000,
    maxSessions: 10,
    eventStore: memoryEventStore({ maxEvents: 5 }),
  },
});
createMcpHttpHandler({ name: "n", version: "1", tools: [notes], sessions: { eventStore: false } });
expectAssignable<McpEventStore>(memoryEventStore());
expectError(listenMcpHttp({ name: "n", version: "1", tools: [notes], sessions: "yes" }));
expectError(
  createMcpHttpHandler({ name: "n", version: "1", tools: [notes], sessions: { idleTimeout: 5 } }),
);
expectError(
  createMcpHttpHandler({ name: "n", version: "1", tools: [notes], sessions: { eventStore: {} } }),
);

// auth: the verify hook resolves a Principal; the host hook and ctx read it.
createMcpHttpHandler({
  name: "n",
  version: "1",
  tools: [notes],
  auth: {
    resource: "https://notes.example.com/mcp",
    authorizationServers: ["https://auth.example.com"],
    verify: (token) => (token === "t" ? { subject: "ada", scopes: [], claims: {} } : undefined),
  },
  host: (call) => {
    expectType<Principal | undefined>(call.auth);
    return {};
  },
});
expectError(
  createMcpHttpHandler({
    name: "n",
    version: "1",
    tools: [notes],
    auth: { resource: "https://r", authorizationServers: [], verify: () => "ada" },
  }),
);
defineTool({
  description: "d",
  parameters: z.object({}),
  execute: (_args, ctx) => {
    expectType<Principal | undefined>(ctx?.auth);
    return ctx?.auth?.subject ?? "";
  },
});

// Every adapter has the contract's four verbs, and lists `{ tools, ledger, dialect }`.
expectAssignable<
  ToolAdapter<
    ChatCompletionTool[],
    ChatCompletionsCall,
    OpenAI.ChatCompletionToolMessageParam,
    ChatCompletionsOptions
  >
>(chatCompletions);
expectAssignable<
  ToolAdapter<
    ResponsesTool[],
    ResponsesCall,
    OpenAI.Responses.ResponseInputItem.FunctionCallOutput,
    OpenAIToolOptions
  >
>(responses);
expectAssignable<
  ToolAdapter<AnthropicTool[], AnthropicToolUse, Anthropic.ToolResultBlockParam, AnthropicOptions>
>(anthropic);
expectAssignable<ToolAdapter<FunctionDeclaration[], FunctionCall, FunctionResponse, GeminiOptions>>(
  gemini,
);
expectAssignable<ToolAdapter<AISdkToolSet, AISdkCall, AISdkToolOutput, AISdkOptions>>(aiSdk);
expectAssignable<Listing<ChatCompletionTool[]>>(chatCompletions.list(set));
expectType<LintDialect>(chatCompletions.list(set).dialect);
expectType<LintDialect>(responses.list(set).dialect);
expectType<LintDialect>(anthropic.list(set).dialect);
expectType<LintDialect>(gemini.list(set, { field: "parameters" }).dialect);
expectType<LintDialect>(aiSdk.list(set).dialect);
expectType<readonly LoweringChange[]>(chatCompletions.list(set, { strict: "auto" }).ledger);
expectType<readonly LoweringChange[]>(anthropic.list(set, { strict: "auto" }).ledger);
expectType<readonly LoweringChange[]>(gemini.list(set).ledger);

// `run` takes the call's context as the option `ctx`, in every adapter.
const ctx = { signal: new AbortController().signal, host: { scope: { id: "s" } } };
expectType<Promise<OpenAI.ChatCompletionToolMessageParam>>(
  chatCompletions.run(set, chatCall, { ctx }),
);
expectType<Promise<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>>(
  responses.run(set, responsesCall, { ctx }),
);
expectType<Promise<Anthropic.ToolResultBlockParam>>(
  anthropic.run(set, use, { ctx, deferLoading: "catalog" }),
);
expectType<Promise<FunctionResponse>>(gemini.run(set, { name: "add_note" }, { ctx }));
expectType<Promise<AISdkToolOutput>>(aiSdk.run(set, aiCall, { ctx }));
expectError(anthropic.run(set, use, { ctx: { signal: "abort" } }));
expectError(gemini.run(set, { name: "add_note" }, { ctx: 1 }));

// Issues 14 and 15: approval handlers, result encoders and deferred listings, typed by
// the providers' own types.

const approve: ApprovalHandler = (request) =>
  request.tool === "add_note" ? { approved: true } : { approved: false, reason: "no" };
expectError<ApprovalHandler>(() => ({ approved: "yes" }));
expectType<Promise<OpenAI.ChatCompletionToolMessageParam>>(
  chatCompletions.run(set, chatCall, { approve }),
);
expectType<Promise<Anthropic.ToolResultBlockParam>>(anthropic.run(set, use, { approve }));
expectType<Promise<FunctionResponse>>(gemini.run(set, { name: "add_note", args: {} }, { approve }));
expectType<Promise<AISdkToolOutput>>(aiSdk.run(set, aiCall, { approve }));
expectError(anthropic.run(set, use, { approve: true }));
expectError(chatCompletions.run(set, chatCall, { approve: "always" }));

const mcpApproval: McpApprovalHandler = async (request, call) =>
  call.name === request.tool ? { approved: true } : { approved: false };
createMcpServer({ name: "n", version: "1", tools: [notes], approval: mcpApproval });
createMcpServer({ name: "n", version: "1", tools: [notes], approval: "refuse" });
expectError(createMcpServer({ name: "n", version: "1", tools: [notes], approval: "ask" }));

declare const anyOutcome: CallOutcome;
expectType<Anthropic.ToolResultBlockParam>(anthropic.encode(set, use, anyOutcome));
expectType<OpenAI.ChatCompletionToolMessageParam>(
  chatCompletions.encode(set, chatCall, anyOutcome),
);
expectType<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>(
  responses.encode(set, responsesCall, anyOutcome),
);
expectType<FunctionResponse>(gemini.encode(set, { name: "add_note" }, anyOutcome));
expectType<AISdkToolOutput>(aiSdk.encode(set, aiCall, anyOutcome));
expectType<ContentPart[]>(set.content("add_note", 1));
// The set is what encodes a value: it is required.
expectError(anthropic.encode(use, anyOutcome));
expectError(chatCompletions.encode(chatCall, anyOutcome));

// A plain listing stays a list of the SDK's own tool types; native deferred loading adds
// the provider's search tool, and the type says so.
expectType<Anthropic.Tool[]>(anthropic.list(set).tools);
expectType<AnthropicTool[]>(anthropic.list(set, { toolSearch: "bm25" }).tools);
expectType<FunctionTool[]>(responses.list(set).tools);
expectType<ResponsesTool[]>(responses.list(set, { deferLoading: "native" }).tools);
expectError(chatCompletions.list(set, { deferLoading: "native" }));

// One StrictSchemaError for both strict adapters, re-exported by each, with its target.
expectType<typeof StrictSchemaError>(OpenAIStrictSchemaError);
expectType<typeof StrictSchemaError>(AnthropicStrictSchemaError);
declare const strictError: StrictSchemaError;
expectType<StrictTarget>(strictError.target);
expectType<"openai" | "anthropic">(strictError.target);
expectType<string>(strictError.tool);
expectType<readonly string[]>(strictError.reasons);
