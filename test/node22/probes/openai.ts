// toolwright/openai against the newest openai major: the SDK's client sends our tools
// unchanged (a fetch stub answers offline with tool calls), and the calls it returns are
// decoded and run through the set (the outcomes), and answered by run (the tool messages
// and function_call_output items the next request takes). The request bodies are typed
// with the SDK's own types.
import assert from "node:assert/strict";
import OpenAI from "openai";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import type {
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import type { CallOutcome, DecodedCall, ToolSet } from "toolwright";
import { chatCompletions, responses } from "toolwright/openai";
import { ADD_NOTE_PARAMETERS, expectRuntime, notesToolSet, report } from "./fixtures.ts";

/** What `run` does before it settles and encodes: the decoded call run through the set. */
async function outcomeOf(set: ToolSet, decoded: DecodedCall): Promise<CallOutcome> {
  return "failure" in decoded ? decoded.failure : set.call(decoded.name, decoded.args);
}

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

async function chatCompletionsProbe() {
  const set = notesToolSet();
  const listing = chatCompletions.list(set);
  assert.equal(listing.dialect, "openai-non-strict");
  assert.deepEqual(listing.ledger, []);
  const chatReply = {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "gpt-offline",
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        logprobs: null,
        message: {
          role: "assistant",
          content: null,
          refusal: null,
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: { name: "add_note", arguments: '{"text":"a"}' },
            },
            { id: "c2", type: "function", function: { name: "add_note", arguments: '{"text":1}' } },
            { id: "c3", type: "function", function: { name: "now", arguments: "" } },
          ],
        },
      },
    ],
  };
  const { client, bodies } = stubbedClient([chatReply]);
  const body: ChatCompletionCreateParamsNonStreaming = {
    model: "gpt-offline",
    messages: [{ role: "user", content: "add a note" }],
    tools: listing.tools,
  };
  const completion = await client.chat.completions.create(body);
  assert.deepEqual((bodies[0] as { tools: unknown }).tools, chatCompletions.list(set).tools);
  const calls = completion.choices[0]?.message.tool_calls ?? [];
  const outcomes: CallOutcome[] = [];
  const messages: ChatCompletionToolMessageParam[] = [];
  const answering = notesToolSet();
  for (const call of calls) {
    assert.equal(call.type, "function");
    if (call.type !== "function") continue;
    const outcome = await outcomeOf(set, chatCompletions.decode(set, call));
    outcomes.push(outcome);
    const message = await chatCompletions.run(answering, call);
    assert.deepEqual(message, chatCompletions.encode(set, call, outcome));
    messages.push(message);
  }
  assert.deepEqual(outcomes[0], { ok: true, value: { id: 1, count: 1 } });
  assert.equal(outcomes[1]?.ok, false);
  assert.match(String(!outcomes[1]?.ok && outcomes[1]?.error), /received invalid arguments/);
  assert.deepEqual(outcomes[2], { ok: true, value: { iso: "2025-01-01T00:00:00Z" } });
  assert.deepEqual(messages[0], {
    role: "tool",
    tool_call_id: "c1",
    content: '{"id":1,"count":1}',
  });
  assert.match(String(messages[1]?.content), /^tool 'add_note' received invalid arguments/);
  assert.deepEqual(messages[2], {
    role: "tool",
    tool_call_id: "c3",
    content: '{"iso":"2025-01-01T00:00:00Z"}',
  });
  return {
    tools: listing.tools.map((tool) => tool.function.name),
    outcomes: outcomes.map((outcome) => outcome.ok),
  };
}

async function responsesProbe() {
  const set = notesToolSet();
  const listing = responses.list(set);
  assert.equal(listing.dialect, "openai-non-strict");
  const responsesReply = {
    id: "resp-1",
    object: "response",
    created_at: 0,
    model: "gpt-offline",
    status: "completed",
    output: [
      {
        type: "function_call",
        id: "fc1",
        call_id: "call-1",
        name: "add_note",
        arguments: '{"text":"r"}',
        status: "completed",
      },
    ],
  };
  const { client, bodies } = stubbedClient([responsesReply]);
  const body: ResponseCreateParamsNonStreaming = {
    model: "gpt-offline",
    input: "add a note",
    tools: listing.tools,
  };
  const response = await client.responses.create(body);
  const sent = (bodies[0] as { tools: { name: string; parameters: unknown }[] }).tools;
  assert.deepEqual(sent, responses.list(set).tools);
  assert.deepEqual(sent[0], {
    type: "function",
    name: "add_note",
    description: "Add a note",
    parameters: ADD_NOTE_PARAMETERS,
    strict: false,
  });
  const call = response.output.find((item) => item.type === "function_call");
  assert.ok(call?.type === "function_call");
  const outcome = await outcomeOf(set, responses.decode(set, call));
  assert.deepEqual(outcome, { ok: true, value: { id: 1, count: 1 } });
  const item: ResponseInputItem.FunctionCallOutput = await responses.run(notesToolSet(), call);
  assert.deepEqual(item, {
    type: "function_call_output",
    call_id: "call-1",
    output: '{"id":1,"count":1}',
  });
  return { tools: sent.map((tool) => tool.name), outcome: outcome.ok };
}

const runtime = expectRuntime("openai", 7);
report({
  ...runtime,
  chatCompletions: await chatCompletionsProbe(),
  responses: await responsesProbe(),
});
