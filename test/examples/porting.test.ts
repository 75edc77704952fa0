/**
 * The porting guides, run: each before (the SDK's own code) and after (toolwright) in
 * examples/ goes through its host offline, and gives the same tool results; what differs
 * is what the model reads of a failure. The AI SDK pair runs through `generateText` with
 * the AI SDK's mock model, the MCP pair through the MCP SDK's `Client` over its in-memory
 * transport (examples/porting-run.ts drives both). docs/porting-from-*.md show the files
 * whole (test/examples/readme.test.ts compares them).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { createMcpServer } from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as aiSdkAfter from "../../examples/ai-sdk-after";
import * as aiSdkBefore from "../../examples/ai-sdk-before";
import * as mcpSdkAfter from "../../examples/mcp-sdk-after";
import * as mcpSdkBefore from "../../examples/mcp-sdk-before";
import { runAiSdk, runMcp } from "../../examples/porting-run";

const root = fileURLToPath(new URL("../..", import.meta.url));
const day = "2026-12-01";

describe("porting from the AI SDK", () => {
  it("gives the same tool results, and the model reads the same of them", async () => {
    const before = await runAiSdk(aiSdkBefore.tools);
    const after = await runAiSdk(aiSdkAfter.tools);
    expect(before.outputs).toEqual({
      list: { meetings: ["Standup", "Quarterly planning"] }, // experimental_context reached it
      export: { state: "ready", uri: `calendar://${day}.ics` }, // the last yield; the return
    });
    expect(after.outputs).toEqual(before.outputs);
    const read = { list: before.modelRead.list, export: before.modelRead.export };
    expect(read).toEqual({
      list: { type: "text", value: "Standup, Quarterly planning" }, // toModelOutput
      export: { type: "json", value: { state: "ready", uri: `calendar://${day}.ics` } },
    });
    expect({ list: after.modelRead.list, export: after.modelRead.export }).toEqual(read);
  });

  it("stops the same way: an approval request, and a call left to the client", async () => {
    const before = await runAiSdk(aiSdkBefore.tools);
    const after = await runAiSdk(aiSdkAfter.tools);
    expect(before.stopped).toEqual([
      { type: "tool-call", toolName: "cancel_meeting", input: { title: "Standup" } },
      { type: "tool-call", toolName: "ask_user", input: { question: "Which day?" } },
      { type: "tool-approval-request", toolName: "cancel_meeting", input: { title: "Standup" } },
    ]);
    expect(after.stopped).toEqual(before.stopped);
  });

  it("words invalid arguments differently for the model, and a thrown error alike", async () => {
    const before = await runAiSdk(aiSdkBefore.tools);
    const after = await runAiSdk(aiSdkAfter.tools);
    expect(before.modelRead.invalid).toEqual({
      type: "error-text",
      value: expect.stringMatching(
        /^Invalid input for tool list_meetings: Type validation failed: Value: \{"day":1\}\.\nError message: \[\n/,
      ),
    });
    expect(after.modelRead.invalid).toEqual({
      type: "error-text",
      value:
        "tool 'list_meetings' received invalid arguments: day: Invalid input: expected string, received number; expected arguments: { day: string }",
    });
    const thrown = { type: "error-text", value: "the calendar starts on 2026-01-01" };
    expect(before.modelRead.thrown).toEqual(thrown);
    expect(after.modelRead.thrown).toEqual(thrown);
  });

  it("stops both on the AI SDK's abortSignal (ctx.signal after the port)", async () => {
    const abortSignal = AbortSignal.abort(new Error("stopped"));
    const caller = { user: "ada" };
    const options = { toolCallId: "list", messages: [], abortSignal, experimental_context: caller };
    for (const tools of [aiSdkBefore.tools, aiSdkAfter.tools]) {
      const { execute } = tools.list_meetings;
      await expect(Promise.resolve(execute?.({ day }, options))).rejects.toThrow(/stopped/);
    }
  });

  it("fails by name when a port keeps the last yield as the result", async () => {
    const naive = capability({
      name: "calendar",
      description: "Calendar",
      toolbox: toolbox("calendar", "Calendar tools", {
        export_day: defineTool({
          description: "Export a day's meetings",
          parameters: z.object({ day: z.string() }),
          async *execute({ day }) {
            yield { state: "exporting" };
            yield { state: "ready", uri: `calendar://${day}.ics` }; // returns nothing
          },
        }),
      }),
    });
    const prompts: unknown[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        prompts.push(options.prompt);
        return {
          content:
            prompts.length === 1
              ? [
                  {
                    type: "tool-call",
                    toolCallId: "export",
                    toolName: "export_day",
                    input: JSON.stringify({ day }),
                  },
                ]
              : [{ type: "text", text: "done" }],
          finishReason: { unified: prompts.length === 1 ? "tool-calls" : "stop", raw: undefined },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        };
      },
    });
    await generateText({
      model,
      prompt: "Export it",
      tools: aiSdk.list(toolSet([naive])).tools,
      stopWhen: stepCountIs(2),
    });
    const last = (prompts[1] as { content: { output: unknown }[] }[]).at(-1);
    expect(last?.content[0]?.output).toEqual({
      type: "error-text",
      value: expect.stringMatching(
        /^tool 'export_day' yielded 2 partial results and returned nothing: a streaming execute's result is the value it returns, not its last yield/,
      ),
    });
  });
});

describe("porting from the MCP SDK", () => {
  it("gives the same results: structuredContent beside text for an object, text for a string", async () => {
    const before = await runMcp(mcpSdkBefore.meetingsServer());
    const after = await runMcp(createMcpServer(mcpSdkAfter.server));
    const meetings = { meetings: ["Standup", "Quarterly planning"] };
    expect(before.list).toEqual({
      content: [{ type: "text", text: JSON.stringify(meetings) }],
      structuredContent: meetings,
    });
    expect(after.list).toEqual(before.list);
    expect(before.cancel).toEqual({ content: [{ type: "text", text: "cancelled Standup" }] });
    expect(after.cancel).toEqual(before.cancel);
  });

  it("lists the same names, titles, annotations and output schemas, in another dialect", async () => {
    const before = (await runMcp(mcpSdkBefore.meetingsServer())).listed;
    const after = (await runMcp(createMcpServer(mcpSdkAfter.server))).listed;
    const summary = (tools: typeof before) =>
      tools.map((tool) => ({
        name: tool.name,
        title: tool.title,
        readOnlyHint: tool.annotations?.readOnlyHint,
        destructiveHint: tool.annotations?.destructiveHint,
        outputSchema: tool.outputSchema !== undefined,
        required: tool.inputSchema.required,
      }));
    expect(summary(before)).toEqual([
      {
        name: "list_meetings",
        title: "List meetings",
        readOnlyHint: true,
        destructiveHint: undefined,
        outputSchema: true,
        required: ["day"],
      },
      {
        name: "cancel_meeting",
        title: undefined,
        readOnlyHint: undefined,
        destructiveHint: true,
        outputSchema: false,
        required: ["title"],
      },
    ]);
    expect(summary(after)).toEqual(summary(before));
    expect(before.map((tool) => tool.inputSchema.$schema)).toEqual([
      "http://json-schema.org/draft-07/schema#",
      "http://json-schema.org/draft-07/schema#",
    ]);
    expect(after.map((tool) => tool.inputSchema.$schema)).toEqual([
      "https://json-schema.org/draft/2020-12/schema",
      "https://json-schema.org/draft/2020-12/schema",
    ]);
    expect(before.map((tool) => [tool.execution, tool._meta])).toEqual([
      [{ taskSupport: "forbidden" }, undefined],
      [{ taskSupport: "forbidden" }, undefined],
    ]);
    const meta = { "toolwright/kind": "tool", "toolwright/capability": "meetings" };
    expect(after.map((tool) => [tool.execution, tool._meta])).toEqual([
      [undefined, meta],
      [undefined, meta],
    ]);
  });

  it("words each failure differently, toolwright's naming the tool", async () => {
    const before = await runMcp(mcpSdkBefore.meetingsServer());
    const after = await runMcp(createMcpServer(mcpSdkAfter.server));
    const text = (result: CallToolResult) => ({
      isError: result.isError,
      text: result.content.map((part) => (part.type === "text" ? part.text : part.type)).join(),
    });
    expect([before.invalid, before.thrown, before.unknown].map(text)).toEqual([
      {
        isError: true,
        text: "MCP error -32602: Input validation error: Invalid arguments for tool list_meetings: Invalid input: expected string, received number at day",
      },
      { isError: true, text: "the calendar starts on 2026-01-01" },
      { isError: true, text: "MCP error -32602: Tool list_meeting not found" },
    ]);
    expect([after.invalid, after.thrown, after.unknown].map(text)).toEqual([
      {
        isError: true,
        text: "tool 'list_meetings' received invalid arguments: day: Invalid input: expected string, received number; expected arguments: { day: string }",
      },
      { isError: true, text: "tool 'list_meetings' failed: the calendar starts on 2026-01-01" },
      {
        isError: true,
        text: "unknown tool 'list_meeting'; available tools: list_meetings, cancel_meeting",
      },
    ]);
  });
});

describe("examples/porting-run.ts as a script", () => {
  it("runs all four offline and prints each", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "examples/porting-run.ts"],
      { cwd: root },
    );
    const names = stdout
      .trim()
      .split("\n")
      .map((line) => line.split(" ")[0]);
    expect(names).toEqual(["ai-sdk-before", "ai-sdk-after", "mcp-sdk-before", "mcp-sdk-after"]);
  });
});
