// toolwright/gemini against the newest @google/genai major: the SDK's client sends our
// function declarations unchanged (a stubbed global fetch answers offline with function
// calls), and the calls it returns run through gemini.run into function responses the
// next turn takes.
import assert from "node:assert/strict";
import { type Content, type GenerateContentParameters, GoogleGenAI } from "@google/genai";
import { gemini } from "toolwright/gemini";
import { ADD_NOTE_PARAMETERS, expectRuntime, notesToolSet, report } from "./fixtures.ts";

const set = notesToolSet();
const bodies: unknown[] = [];
const reply = {
  candidates: [
    {
      index: 0,
      finishReason: "STOP",
      content: {
        role: "model",
        parts: [
          { functionCall: { id: "c1", name: "add_note", args: { text: "g" } } },
          { functionCall: { id: "c2", name: "fail", args: {} } },
          { functionCall: { name: "now" } },
        ],
      },
    },
  ],
};
// @google/genai calls the global fetch; this process makes no other request.
globalThis.fetch = async (_url, init) => {
  bodies.push(JSON.parse(String(init?.body)));
  return new Response(JSON.stringify(reply), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
};

const runtime = expectRuntime("@google/genai", 3);
const ai = new GoogleGenAI({ apiKey: "offline" });
const listing = gemini.list(set);
assert.equal(listing.dialect, "gemini-json-schema");
assert.deepEqual(listing.ledger, []);
const request: GenerateContentParameters = {
  model: "gemini-offline",
  contents: "add a note",
  config: { tools: [{ functionDeclarations: listing.tools }] },
};
const response = await ai.models.generateContent(request);
const sent = (bodies[0] as { tools: { functionDeclarations: { name: string }[] }[] }).tools;
assert.deepEqual(sent, [{ functionDeclarations: gemini.list(set).tools }]);
assert.deepEqual(sent[0]?.functionDeclarations[0], {
  name: "add_note",
  description: "Add a note",
  parametersJsonSchema: ADD_NOTE_PARAMETERS,
  responseJsonSchema: {
    type: "object",
    properties: { id: { type: "number" }, count: { type: "number" } },
    required: ["id", "count"],
    additionalProperties: false,
  },
});

// The legacy `parameters` field, for models and gateways that take only it: sent as is.
const legacyListing = gemini.list(set, { field: "parameters" });
assert.equal(legacyListing.dialect, "gemini");
const legacy = legacyListing.tools;
await ai.models.generateContent({
  ...request,
  config: { tools: [{ functionDeclarations: legacy }] },
});
const sentLegacy = (bodies[1] as { tools: { functionDeclarations: unknown[] }[] }).tools;
assert.deepEqual(sentLegacy, [{ functionDeclarations: legacy }]);
assert.equal((legacy[0] as { parameters?: { type?: string } }).parameters?.type, "OBJECT");

const calls = response.functionCalls ?? [];
const responses = await Promise.all(calls.map((call) => gemini.run(set, call)));
assert.deepEqual(responses, [
  { id: "c1", name: "add_note", response: { output: { id: 1, count: 1 } } },
  { id: "c2", name: "fail", response: { error: "the notebook is on fire" } },
  { name: "now", response: { output: { iso: "2025-01-01T00:00:00Z" } } },
]);
// The responses go back as the next turn, typed by the SDK.
const next: Content = { role: "user", parts: responses.map((r) => ({ functionResponse: r })) };

report({
  ...runtime,
  declarations: sent[0]?.functionDeclarations.map((declaration) => declaration.name),
  responses: responses.map((r) => Object.keys(r.response ?? {})[0]),
  nextTurn: next.parts?.length,
});
