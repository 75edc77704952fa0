/**
 * Prints every listing toolwright hands a provider for the example agent, as one JSON
 * document: OpenAI (Chat Completions, Responses, strict and not), Anthropic (and strict),
 * Gemini (both fields) and MCP `tools/list`. With `reverse`, the schemas are first
 * projected in the reverse order, so a listing that depended on what was projected first
 * (a counter in a `$defs` name, a cache filled in another order) would come out different.
 *
 * Usage: tsx test/adapters/listing-fixture.ts [reverse]
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { capability, projectParameters, projectReturns, toolbox, toolSet } from "toolwright";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { createMcpServer } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { z as z4 } from "zod";
import { z as z3 } from "zod/v3";
import { exampleAgent } from "../../examples/index";

interface Tree {
  name: string;
  children: Tree[];
}
const Tree4: z4.ZodType<Tree> = z4.object({
  name: z4.string(),
  get children() {
    return z4.array(Tree4);
  },
});
const Tree3: z3.ZodType<Tree> = z3.lazy(() =>
  z3.object({ name: z3.string(), children: z3.array(Tree3) }),
);
const Shared = z4.object({ id: z4.string() });
const trees = capability({
  name: "trees",
  description: "Recursive and shared schemas, whose $defs and $refs must not depend on order",
  toolbox: toolbox("trees", "Trees", {
    plant4: {
      description: "A Zod 4 tree",
      parameters: z4.object({ root: Tree4, a: Shared, b: Shared }),
      execute: () => null,
    },
    plant3: {
      description: "A Zod 3 tree",
      parameters: z3.object({ root: Tree3 }),
      execute: () => null,
    },
  }),
});
const capabilities = [...exampleAgent.capabilities, trees];
const set = toolSet(capabilities);
if (process.argv[2] === "reverse") {
  for (const target of ["openapi-3.0", "draft-07", "draft-2020-12"] as const) {
    for (const entry of [...set.entries()].reverse()) {
      projectParameters(entry.name, entry.parameters, target);
      if (entry.returns !== undefined) projectReturns(entry.name, entry.returns, target);
    }
  }
}

const server = createMcpServer({ name: "listing", version: "1.0.0", tools: capabilities });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: "listing", version: "1.0.0" });
await client.connect(clientSide);
const { tools: mcp } = await client.listTools();
await client.close();

const listings = {
  chatCompletions: chatCompletions.list(set).tools,
  chatCompletionsStrict: chatCompletions.list(set, { strict: "auto" }).tools,
  responses: responses.list(set).tools,
  anthropic: anthropic.list(set).tools,
  anthropicStrict: anthropic.list(set, { strict: "auto" }).tools,
  gemini: gemini.list(set).tools,
  geminiParameters: gemini.list(set, { field: "parameters" }).tools,
  mcp,
};
process.stdout.write(JSON.stringify(listings));
