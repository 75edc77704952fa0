// toolwright/gemini's controls and results against the newest @google/genai major. tsc
// under nodenext is the oracle for the shapes: the declarations (strict inputs, examples
// folded into the description, both schema fields) typed as v3's FunctionDeclaration, the
// function responses (an image in `parts`) as v3's FunctionResponse. The SDK's client,
// answering offline through a stubbed global fetch, sends them on: the declarations
// unchanged, the responses as the next turn; gemini.run settles approval with `approve`.
import assert from "node:assert/strict";
import {
  type Content,
  type FunctionDeclaration,
  type FunctionResponse,
  type GenerateContentParameters,
  GoogleGenAI,
} from "@google/genai";
import {
  type ApprovalRequest,
  capability,
  defineTool,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { gemini } from "toolwright/gemini";
import * as z from "zod";
import { expectRuntime, report } from "./fixtures.ts";

const runtime = expectRuntime("@google/genai", 3);
const PNG = "iVBORw0KGgo=";
const EXAMPLES = [{ id: "n1" }, { id: "n2", force: true }];
/** delete_note's description with its examples folded in, as Gemini is sent it. */
const FOLDED = `Delete a note\n\nExamples of valid arguments:\n{"id":"n1"}\n{"id":"n2","force":true}`;
const DENIAL =
  "the user denied the call to tool 'delete_note': keep it; do not call it again with the same arguments unless the user asks";

function controlledSet(): { set: ToolSet; ran: unknown[] } {
  const ran: unknown[] = [];
  const notes = capability({
    name: "notes",
    description: "A notebook",
    toolbox: toolbox("notes", "Note tools", {
      delete_note: defineTool({
        description: "Delete a note",
        parameters: z.object({ id: z.string(), force: z.boolean().optional() }),
        controls: { needsApproval: ({ id }) => id !== "scratch", strictInputs: true },
        examples: EXAMPLES,
        execute: (args) => {
          ran.push(args);
          return { deleted: args.id };
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
  return { set: toolSet([notes]), ran };
}

const bodies: unknown[] = [];
const replies: object[] = [];
// @google/genai calls the global fetch; this process makes no other request.
globalThis.fetch = async (_url, init) => {
  bodies.push(JSON.parse(String(init?.body)));
  const reply = replies.shift();
  assert.ok(reply !== undefined, "the stub has no reply left");
  return new Response(JSON.stringify(reply), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
};
const replyOf = (parts: object[]) => ({
  candidates: [{ index: 0, finishReason: "STOP", content: { role: "model", parts } }],
});

const { set, ran } = controlledSet();

// Declarations: strict inputs close delete_note's object; examples folded when asked.
const listing = gemini.list(set, { examples: "description" });
assert.equal(listing.dialect, "gemini-json-schema");
const declarations: FunctionDeclaration[] = listing.tools;
const expectedDeclaration: FunctionDeclaration = {
  name: "delete_note",
  description: FOLDED,
  parametersJsonSchema: {
    type: "object",
    properties: { id: { type: "string" }, force: { type: "boolean" } },
    required: ["id"],
    additionalProperties: false,
  },
};
assert.deepEqual(declarations[0], expectedDeclaration);
const legacyListing = gemini.list(set, { field: "parameters", examples: "description" });
assert.equal(legacyListing.dialect, "gemini");
const legacy: FunctionDeclaration[] = legacyListing.tools;
assert.equal(legacy[0]?.description, expectedDeclaration.description);
assert.equal(
  (legacy[0]?.parameters as { additionalProperties?: unknown } | undefined)?.additionalProperties,
  false,
);

const ai = new GoogleGenAI({ apiKey: "offline" });
replies.push(
  replyOf([
    { functionCall: { id: "c1", name: "delete_note", args: { id: "n1" } } },
    { functionCall: { id: "c2", name: "delete_note", args: { id: "n9" } } },
    { functionCall: { id: "c3", name: "chart", args: {} } },
    { functionCall: { id: "c4", name: "delete_note", args: { id: "n1", extra: 1 } } },
  ]),
  replyOf([{ text: "done" }]),
);
const contents: Content[] = [{ role: "user", parts: [{ text: "clean up" }] }];
const request: GenerateContentParameters = {
  model: "gemini-offline",
  contents,
  config: { tools: [{ functionDeclarations: declarations }] },
};
const response = await ai.models.generateContent(request);
const sentTools = (bodies[0] as { tools: unknown }).tools;
assert.deepEqual(sentTools, [{ functionDeclarations: declarations }]);

// approve: asked for each call that needs it; strict inputs refuse the extra argument first.
const asked: ApprovalRequest[] = [];
const responses: FunctionResponse[] = [];
for (const call of response.functionCalls ?? []) {
  responses.push(
    await gemini.run(set, call, {
      approve: (approval) => {
        asked.push(approval);
        return (approval.args as { id?: string }).id === "n1"
          ? { approved: true }
          : { approved: false, reason: "keep it" };
      },
    }),
  );
}
assert.deepEqual(
  asked.map((approval) => [approval.tool, approval.args]),
  [
    ["delete_note", { id: "n1" }],
    ["delete_note", { id: "n9" }],
  ],
);
assert.deepEqual(ran, [{ id: "n1" }]);
const expectedResponses: FunctionResponse[] = [
  { id: "c1", name: "delete_note", response: { output: { deleted: "n1" } } },
  { id: "c2", name: "delete_note", response: { error: DENIAL } },
  {
    id: "c3",
    name: "chart",
    response: { output: "The chart:\n\n[image (image/png) attached as part 1]" },
    parts: [{ inlineData: { mimeType: "image/png", data: PNG } }],
  },
  {
    id: "c4",
    name: "delete_note",
    response: {
      error: "tool 'delete_note' received an unknown argument 'extra'; it accepts id, force",
    },
  },
];
assert.deepEqual(responses, expectedResponses);

// The responses go back as the next turn; the SDK sends them, the image part included.
const modelTurn = response.candidates?.[0]?.content;
assert.ok(modelTurn !== undefined);
contents.push(modelTurn, {
  role: "user",
  parts: responses.map((functionResponse) => ({ functionResponse })),
});
const next = await ai.models.generateContent({ ...request, contents });
assert.equal(next.text, "done");
const sentTurn = (bodies[1] as { contents: { parts: { functionResponse?: unknown }[] }[] })
  .contents[2];
assert.deepEqual(
  sentTurn?.parts.map((part) => part.functionResponse),
  expectedResponses,
);

report({
  ...runtime,
  declarations: declarations.map((declaration) => declaration.name),
  asked: asked.length,
  responses: responses.map((r) => Object.keys(r.response ?? {})[0]),
  imageParts: responses.flatMap((r) => r.parts ?? []).length,
});
