// A user's program through every host entry, beside program.ts in the Zod 4 fixtures of
// each module system: their declarations import the host SDKs' types, which is what
// node10 and node16 resolution break first. Prints JSON; the test asserts on it.
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { createMcpServer } from "toolwright/mcp";
import { chatCompletions } from "toolwright/openai";
import * as z from "zod";

const echo = defineTool({
  description: "Echo a text",
  parameters: z.object({ text: z.string().describe("The text") }),
  returns: z.object({ text: z.string().describe("The same text") }),
  execute: ({ text }) => ({ text }),
});

const echoes = capability({
  name: "echoes",
  description: "Echoes",
  toolbox: toolbox("echoes", "Echo tools", { echo }),
});

async function main(): Promise<void> {
  const set = toolSet([echoes]);
  const server = createMcpServer({ name: "echoes", version: "1.0.0", tools: set });
  const call = {
    id: "call_1",
    function: { name: "echo", arguments: JSON.stringify({ text: "hi" }) },
  };
  const report = {
    openai: chatCompletions.list(set).tools.map((tool) => tool.function.name),
    openaiCall: await chatCompletions.run(set, call),
    anthropic: anthropic.list(set).tools.map((tool) => tool.name),
    gemini: gemini.list(set).tools.map((declaration) => declaration.name),
    aiSdk: Object.keys(aiSdk.list(set).tools),
    mcp: typeof server.connect,
  };
  await server.close();
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
