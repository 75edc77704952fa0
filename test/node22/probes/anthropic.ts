// toolwright/anthropic against the newest @anthropic-ai/sdk: the SDK's client sends our
// tools unchanged (a fetch stub answers offline with tool_use blocks), and the blocks it
// returns run through anthropic.run into tool_result blocks the next request takes.
import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import { anthropic } from "toolwright/anthropic";
import { ADD_NOTE_PARAMETERS, expectRuntime, notesToolSet, report } from "./fixtures.ts";

const set = notesToolSet();
const bodies: unknown[] = [];
const reply = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-offline",
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
  content: [
    { type: "tool_use", id: "tu_1", name: "add_note", input: { text: "a" } },
    { type: "tool_use", id: "tu_2", name: "fail", input: {} },
    { type: "tool_use", id: "tu_3", name: "add_note", input: { text: "" } },
  ],
};
const client = new Anthropic({
  apiKey: "sk-ant-offline",
  maxRetries: 0,
  fetch: async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  },
});

const runtime = expectRuntime("@anthropic-ai/sdk", 1);
const listing = anthropic.list(set);
assert.equal(listing.dialect, "anthropic");
assert.deepEqual(listing.ledger, []);
const body: Anthropic.MessageCreateParamsNonStreaming = {
  model: "claude-offline",
  max_tokens: 100,
  messages: [{ role: "user", content: "add a note" }],
  tools: listing.tools,
};
const message = await client.messages.create(body);
const sent = (bodies[0] as { tools: { name: string }[] }).tools;
assert.deepEqual(sent, anthropic.list(set).tools);
assert.deepEqual(sent[0], {
  name: "add_note",
  description: "Add a note",
  input_schema: ADD_NOTE_PARAMETERS,
});

const results: Anthropic.ToolResultBlockParam[] = [];
for (const block of message.content) {
  if (block.type === "tool_use") results.push(await anthropic.run(set, block));
}
assert.deepEqual(results.slice(0, 2), [
  { type: "tool_result", tool_use_id: "tu_1", content: '{"id":1,"count":1}' },
  { type: "tool_result", tool_use_id: "tu_2", content: "the notebook is on fire", is_error: true },
]);
assert.equal(results[2]?.is_error, true);
assert.match(String(results[2]?.content), /received invalid arguments/);
// The results go back as the next user turn, typed by the SDK.
const next: Anthropic.MessageParam = { role: "user", content: results };

// Strict tools, "auto": each tool that can be strict is; the newest SDK sends them as is.
const strictListing = anthropic.list(set, { strict: "auto" });
assert.equal(strictListing.dialect, "anthropic-strict");
const strictTools = strictListing.tools;
await client.messages.create({ ...body, tools: strictTools });
const sentStrict = (bodies[1] as { tools: { strict?: boolean }[] }).tools;
assert.deepEqual(sentStrict, strictTools);
assert.ok(sentStrict.some((tool) => tool.strict === true));

report({
  ...runtime,
  tools: sent.map((tool) => tool.name),
  results: results.map((result) => result.is_error ?? false),
  nextTurn: Array.isArray(next.content) ? next.content.length : 0,
});
