import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { meetings } from "./quick-start.js";

// A scripted model, no network: it calls list_meetings, then answers.
const tokens = {
  total: undefined,
  noCache: undefined,
  cacheRead: undefined,
  cacheWrite: undefined,
};
const usage = {
  inputTokens: tokens,
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};
const input = JSON.stringify({ day: "2026-12-01" });
const model = new MockLanguageModelV3({
  doGenerate: [
    {
      content: [{ type: "tool-call", toolCallId: "call-1", toolName: "list_meetings", input }],
      finishReason: { unified: "tool-calls", raw: undefined },
      usage,
      warnings: [],
    },
    {
      content: [{ type: "text", text: "You have Standup and Quarterly planning." }],
      finishReason: { unified: "stop", raw: undefined },
      usage,
      warnings: [],
    },
  ],
});

const { steps, text } = await generateText({
  model,
  prompt: "What is on 2026-12-01?",
  tools: aiSdk.list(toolSet([meetings])).tools,
  stopWhen: stepCountIs(3),
});
console.log(steps[0]?.toolResults[0]?.output); // { meetings: [ 'Standup', 'Quarterly planning' ] }
console.log(text); // You have Standup and Quarterly planning.
