// toolwright/openai's controls and results against the newest openai major. tsc under
// nodenext is the oracle for the shapes: the tool lists (strict inputs, examples folded
// into the description, native deferred loading for the Responses API) are typed as v7's
// request params, and what run answers with as v7's message and input item types. The
// SDK's client, answering offline through a fetch stub, sends them all unchanged; run
// answers the calls it returns, settling approval with `approve`.
import assert from "node:assert/strict";
import OpenAI from "openai";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ToolSearchTool,
} from "openai/resources/responses/responses";
import {
  type ApprovalHandler,
  type ApprovalRequest,
  capability,
  defineTool,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { chatCompletions, responses } from "toolwright/openai";
import * as z from "zod";
import { expectRuntime, report } from "./fixtures.ts";

const runtime = expectRuntime("openai", 7);
const PNG = "iVBORw0KGgo=";
const DENIAL =
  "the user denied the call to tool 'delete_note': keep it; do not call it again with the same arguments unless the user asks";
const EXAMPLES = [{ id: "n1" }, { id: "n2", force: true }];
/** delete_note's description with its examples folded in, as OpenAI is sent it. */
const FOLDED = `Delete a note\n\nExamples of valid arguments:\n{"id":"n1"}\n{"id":"n2","force":true}`;

/** A client whose fetch records each request body and answers with the next reply. */
function stubbedClient(replies: object[]): { client: OpenAI; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const client = new OpenAI({
    apiKey: "sk-offline",
    maxRetries: 0,
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      const reply = replies.shift();
      assert.ok(reply !== undefined, "the stub has no reply left");
      return new Response(JSON.stringify(reply), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, bodies };
}

function controlledSet(deferLoading: boolean): { set: ToolSet; ran: unknown[] } {
  const ran: unknown[] = [];
  const notes = capability({
    name: "notes",
    description: "A notebook",
    toolbox: toolbox("notes", "Note tools", {
      delete_note: defineTool({
        description: "Delete a note",
        parameters: z.object({ id: z.string(), force: z.boolean().optional() }),
        controls: { needsApproval: true, strictInputs: true },
        examples: EXAMPLES,
        execute: (args) => {
          ran.push(args);
          return { deleted: args.id };
        },
      }),
      list_meetings: defineTool({
        description: "List the meetings of a day. Past days included, newest first.",
        parameters: z.object({ day: z.string(), limit: z.number().optional() }),
        execute: (args) => {
          ran.push(args);
          return { meetings: [] };
        },
      }),
      chart: defineTool({
        description: "Draw the chart",
        parameters: z.object({}),
        returns: z.object({ rows: z.number() }),
        toModelOutput: () => [
          { type: "text", text: "The chart:" },
          { type: "image", data: PNG, mediaType: "image/png" },
        ],
        execute: () => ({ rows: 3 }),
      }),
    }),
  });
  const options = deferLoading ? { deferLoading: { keep: ["delete_note", "chart"] } } : {};
  return { set: toolSet([notes], options), ran };
}

/** What strict sends for delete_note: every property required, the optional nullable, closed. */
function strictDeleteNote(): Record<string, unknown> {
  return {
    type: "object",
    properties: { id: { type: "string" }, force: { type: ["boolean", "null"] } },
    required: ["id", "force"],
    additionalProperties: false,
  };
}

async function chatCompletionsProbe() {
  const { set, ran } = controlledSet(false);
  // Strict inputs, examples in the description: typed as v7's function tools.
  const listing = chatCompletions.list(set, { strict: true, examples: "description" });
  assert.equal(listing.dialect, "openai-strict");
  assert.deepEqual(
    listing.ledger.map((change) => [change.tool, change.path, change.kind]),
    [
      ["delete_note", "$.force", "nullable"],
      ["list_meetings", "$.limit", "nullable"],
    ],
  );
  const tools: ChatCompletionFunctionTool[] = listing.tools;
  const expected: ChatCompletionFunctionTool = {
    type: "function",
    function: {
      name: "delete_note",
      description: FOLDED,
      parameters: strictDeleteNote(),
      strict: true,
    },
  };
  assert.deepEqual(tools[0], expected);
  assert.match(String(tools[0]?.function.description), /\{"id":"n2","force":true\}/);

  const reply = (tool_calls: object[]) => ({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "gpt-offline",
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        logprobs: null,
        message: { role: "assistant", content: null, refusal: null, tool_calls },
      },
    ],
  });
  const { client, bodies } = stubbedClient([
    reply([
      {
        id: "c1",
        type: "function",
        function: { name: "delete_note", arguments: '{"id":"n1","force":null}' },
      },
      { id: "c2", type: "function", function: { name: "chart", arguments: "{}" } },
      { id: "c3", type: "function", function: { name: "delete_note", arguments: '{"id":"n9"}' } },
    ]),
    reply([]),
  ]);
  const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "clean up" }];
  const body: ChatCompletionCreateParamsNonStreaming = { model: "gpt-offline", messages, tools };
  const completion = await client.chat.completions.create(body);
  assert.deepEqual((bodies[0] as { tools: unknown }).tools, tools);
  const assistant = completion.choices[0]?.message;
  assert.ok(assistant !== undefined);
  messages.push(assistant);

  // approve: asked once per call that needs it, on the arguments with strict's nulls removed.
  const asked: ApprovalRequest[] = [];
  const approve: ApprovalHandler = (request) => {
    asked.push(request);
    return request.args !== null &&
      typeof request.args === "object" &&
      (request.args as { id?: string }).id === "n1"
      ? { approved: true }
      : { approved: false, reason: "keep it" };
  };
  const results: ChatCompletionToolMessageParam[] = [];
  for (const call of assistant.tool_calls ?? []) {
    if (call.type !== "function") continue;
    results.push(await chatCompletions.run(set, call, { strict: true, approve }));
  }
  assert.deepEqual(
    asked.map((request) => [request.tool, request.args]),
    [
      ["delete_note", { id: "n1" }],
      ["delete_note", { id: "n9" }],
    ],
  );
  assert.deepEqual(ran, [{ id: "n1" }]);
  const expectedResults: ChatCompletionToolMessageParam[] = [
    { role: "tool", tool_call_id: "c1", content: '{"deleted":"n1"}' },
    {
      role: "tool",
      tool_call_id: "c2",
      content: [
        { type: "text", text: "The chart:" },
        {
          type: "text",
          text: "[image (image/png) omitted: OpenAI Chat Completions tool results carry text only]",
        },
      ],
    },
    { role: "tool", tool_call_id: "c3", content: DENIAL },
  ];
  assert.deepEqual(results, expectedResults);

  // The tool messages go back in the next request, typed as v7's messages, sent unchanged.
  messages.push(...results);
  await client.chat.completions.create({ ...body, messages });
  const sent = (bodies[1] as { messages: unknown[] }).messages;
  assert.deepEqual(sent.slice(2), expectedResults);
  return {
    strict: tools.map((tool) => tool.function.strict === true),
    asked: asked.length,
    results: results.map((message) => typeof message.content),
  };
}

async function responsesProbe() {
  const { set, ran } = controlledSet(true);
  // Native deferred loading, strict, examples folded: typed as v7's request tools.
  const options = { deferLoading: "native", strict: true, examples: "description" } as const;
  const listing = responses.list(set, options);
  assert.equal(listing.dialect, "openai-strict");
  const tools: NonNullable<ResponseCreateParamsNonStreaming["tools"]> = listing.tools;
  const deferred: FunctionTool = {
    type: "function",
    name: "list_meetings",
    description: "List the meetings of a day. Past days included, newest first.",
    parameters: {
      type: "object",
      properties: { day: { type: "string" }, limit: { type: ["number", "null"] } },
      required: ["day", "limit"],
      additionalProperties: false,
    },
    strict: true,
    defer_loading: true,
  };
  const search: ToolSearchTool = { type: "tool_search" };
  const kept: FunctionTool = {
    type: "function",
    name: "delete_note",
    description: FOLDED,
    parameters: strictDeleteNote(),
    strict: true,
  };
  assert.deepEqual(
    tools.map((tool) => ("name" in tool ? tool.name : tool.type)),
    ["delete_note", "list_meetings", "chart", "tool_search"],
  );
  assert.deepEqual(tools[0], kept);
  assert.deepEqual(tools[1], deferred);
  assert.deepEqual(tools[3], search);

  const replyOf = (output: object[]) => ({
    id: "resp-1",
    object: "response",
    created_at: 0,
    model: "gpt-offline",
    status: "completed",
    output,
  });
  const functionCall = (call_id: string, name: string, args: string) => ({
    type: "function_call",
    id: `fc_${call_id}`,
    call_id,
    name,
    arguments: args,
    status: "completed",
  });
  const { client, bodies } = stubbedClient([
    replyOf([
      functionCall("r1", "list_meetings", '{"day":"2025-06-01","limit":null}'),
      functionCall("r2", "chart", "{}"),
      functionCall("r3", "delete_note", '{"id":"n1","force":null}'),
    ]),
    replyOf([]),
  ]);
  const input: ResponseInputItem[] = [{ role: "user", content: "clean up" }];
  const body: ResponseCreateParamsNonStreaming = { model: "gpt-offline", input, tools };
  const response = await client.responses.create(body);
  assert.deepEqual((bodies[0] as { tools: unknown }).tools, tools);

  let approvals = 0;
  const items: ResponseInputItem.FunctionCallOutput[] = [];
  for (const item of response.output) {
    if (item.type !== "function_call") continue;
    const output = await responses.run(set, item, {
      ...options,
      approve: () => {
        approvals += 1;
        return { approved: true };
      },
    });
    items.push(output);
  }
  assert.equal(approvals, 1);
  // The deferred tool was sent strict: its null was removed before its own schema parsed it.
  assert.deepEqual(ran, [{ day: "2025-06-01" }, { id: "n1" }]);
  const expectedItems: ResponseInputItem.FunctionCallOutput[] = [
    { type: "function_call_output", call_id: "r1", output: '{"meetings":[]}' },
    {
      type: "function_call_output",
      call_id: "r2",
      output: [
        { type: "input_text", text: "The chart:" },
        { type: "input_image", image_url: `data:image/png;base64,${PNG}` },
      ],
    },
    { type: "function_call_output", call_id: "r3", output: '{"deleted":"n1"}' },
  ];
  assert.deepEqual(items, expectedItems);

  // The outputs go back as the next request's input items, sent unchanged.
  input.push(...response.output.filter((item) => item.type === "function_call"), ...items);
  await client.responses.create({ ...body, input });
  const sent = (bodies[1] as { input: unknown[] }).input;
  assert.deepEqual(sent.slice(-3), expectedItems);
  return {
    tools: tools.map((tool) => ("name" in tool ? tool.name : tool.type)),
    approvals,
    outputs: items.map((item) => typeof item.output),
  };
}

report({
  ...runtime,
  chatCompletions: await chatCompletionsProbe(),
  responses: await responsesProbe(),
});
