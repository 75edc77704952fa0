// toolwright/openai against the newest openai major: the SDK's client sends our tools
// unchanged (a fetch stub answers offline with tool calls), and the calls it returns run
// through callOpenAITool. The request bodies are typed with the SDK's own types.
import assert from "node:assert/strict";
import OpenAI from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { callOpenAITool, toChatCompletionsTools, toResponsesTools } from "toolwright/openai";
import { ADD_NOTE_PARAMETERS, expectRuntime, notesToolSet, report } from "./fixtures.ts";

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

async function chatCompletions() {
  const set = notesToolSet();
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
    tools: toChatCompletionsTools(set),
  };
  const completion = await client.chat.completions.create(body);
  assert.deepEqual((bodies[0] as { tools: unknown }).tools, toChatCompletionsTools(set));
  const calls = completion.choices[0]?.message.tool_calls ?? [];
  const outcomes = [];
  for (const call of calls) {
    assert.equal(call.type, "function");
    if (call.type !== "function") continue;
    outcomes.push(await callOpenAITool(set, call.function.name, call.function.arguments));
  }
  assert.deepEqual(outcomes[0], { ok: true, value: { id: 1, count: 1 } });
  assert.equal(outcomes[1]?.ok, false);
  assert.match(String(!outcomes[1]?.ok && outcomes[1]?.error), /received invalid arguments/);
  assert.deepEqual(outcomes[2], { ok: true, value: { iso: "2025-01-01T00:00:00Z" } });
  return {
    tools: toChatCompletionsTools(set).map((tool) => tool.function.name),
    outcomes: outcomes.map((outcome) => outcome.ok),
  };
}

async function responses() {
  const set = notesToolSet();
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
    tools: toResponsesTools(set),
  };
  const response = await client.responses.create(body);
  const sent = (bodies[0] as { tools: { name: string; parameters: unknown }[] }).tools;
  assert.deepEqual(sent, toResponsesTools(set));
  assert.deepEqual(sent[0], {
    type: "function",
    name: "add_note",
    description: "Add a note",
    parameters: ADD_NOTE_PARAMETERS,
    strict: false,
  });
  const call = response.output.find((item) => item.type === "function_call");
  assert.ok(call?.type === "function_call");
  const outcome = await callOpenAITool(set, call.name, call.arguments);
  assert.deepEqual(outcome, { ok: true, value: { id: 1, count: 1 } });
  return { tools: sent.map((tool) => tool.name), outcome: outcome.ok };
}

const runtime = expectRuntime("openai", 7);
report({ ...runtime, chatCompletions: await chatCompletions(), responses: await responses() });
