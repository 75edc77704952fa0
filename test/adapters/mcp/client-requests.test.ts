/**
 * `ctx.elicit` and `ctx.sample` through the SDK's own Client: a Zod object becomes the
 * form MCP defines (the SDK client checks it before its handler runs), the answer comes
 * back parsed and typed, a decline or cancel as itself; where the server cannot ask (a
 * client without the capability, stateless HTTP) a named ClientRequestError, and a
 * schema a form cannot carry a TypeError naming the field.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { ClientRequestError, capability, defineTool, toolbox, toolSet } from "toolwright";
import { createMcpServer, listenMcpHttp } from "toolwright/mcp";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";

const form = z.object({
  name: z.string().describe("Your name"),
  email: z.email(),
  age: z.number().int().min(0).max(150).optional(),
  subscribe: z.boolean().default(false),
  plan: z.enum(["free", "pro"]),
  color: z.union([z.literal("r").meta({ title: "Red" }), z.literal("g").meta({ title: "Green" })]),
  tags: z
    .array(z.enum(["a", "b"]))
    .max(2)
    .optional(),
});

function reply(error: unknown): string {
  if (error instanceof ClientRequestError) return `${error.reason}: ${error.message}`;
  return `${(error as Error).name}: ${(error as Error).message}`;
}

const tools = toolbox("ask", "Asking tools", {
  ask: defineTool({
    description: "Asks the user",
    parameters: z.object({}),
    execute: async (_args, ctx) => {
      if (ctx?.elicit === undefined) return "no elicit";
      try {
        const answer = await ctx.elicit({ message: "Who are you?", schema: form });
        if (answer.action !== "accept") return answer.action;
        const {
          name,
          subscribe,
          plan,
        }: { name: string; subscribe: boolean; plan: "free" | "pro" } = answer.content;
        return `${name} ${subscribe} ${plan}`;
      } catch (error) {
        return reply(error);
      }
    },
  }),
  ask_refined: defineTool({
    description: "Asks for an even number",
    parameters: z.object({}),
    execute: async (_args, ctx) => {
      const even = z.object({ n: z.number().refine((n) => n % 2 === 0, "must be even") });
      return ctx
        ?.elicit?.({ message: "An even number", schema: even })
        .then((answer) => answer.action, reply);
    },
  }),
  ask_nested: defineTool({
    description: "Asks for something no form holds",
    parameters: z.object({}),
    execute: async (_args, ctx) =>
      ctx
        ?.elicit?.({
          message: "An address",
          schema: z.object({ at: z.object({ city: z.string() }) }),
        })
        .then((answer) => answer.action, reply),
  }),
  think: defineTool({
    description: "Asks the client's model",
    parameters: z.object({ prompt: z.string() }),
    execute: async ({ prompt }, ctx) =>
      ctx
        ?.sample?.({ messages: prompt, maxTokens: 50 })
        .then((result) => `${result.model}: ${result.text}`, reply),
  }),
  release: defineTool({
    description: "Lets go of its connection, if it can",
    parameters: z.object({}),
    execute: (_args, ctx) => String(ctx?.releaseConnection?.() ?? "absent"),
  }),
});
const caps = [capability({ name: "ask", description: "Asking", toolbox: tools })];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function connect(capabilities: Record<string, unknown>, answer?: ElicitResult | Error) {
  const server = createMcpServer({ name: "ask", version: "1.0.0", tools: caps });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" }, { capabilities });
  const asked: unknown[] = [];
  if (capabilities.elicitation !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      if (answer instanceof Error) throw answer;
      return answer ?? { action: "cancel" };
    });
  }
  if (capabilities.sampling !== undefined) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      asked.push(request.params);
      return { role: "assistant", model: "tiny", content: { type: "text", text: "forty-two" } };
    });
  }
  await client.connect(clientSide);
  close = async () => {
    await client.close();
    await server.close();
  };
  const text = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    return (result.content as { text: string }[])[0]?.text;
  };
  return { text, asked };
}

describe("ctx.elicit over MCP", () => {
  it("sends the form MCP defines and returns the answer parsed, defaults applied", async () => {
    const answer: ElicitResult = {
      action: "accept",
      content: { name: "Ada", email: "ada@example.com", plan: "pro", color: "g" },
    };
    const { text, asked } = await connect({ elicitation: {} }, answer);
    expect(await text("ask")).toBe("Ada false pro");
    expect(asked).toEqual([
      {
        mode: "form",
        message: "Who are you?",
        requestedSchema: {
          type: "object",
          properties: {
            name: { type: "string", description: "Your name" },
            email: { type: "string", format: "email" },
            age: { type: "integer", minimum: 0, maximum: 150 },
            subscribe: { type: "boolean", default: false },
            plan: { type: "string", enum: ["free", "pro"] },
            color: {
              type: "string",
              oneOf: [
                { const: "r", title: "Red" },
                { const: "g", title: "Green" },
              ],
            },
            tags: { type: "array", maxItems: 2, items: { type: "string", enum: ["a", "b"] } },
          },
          required: ["name", "email", "plan", "color"],
        },
      },
    ]);
  });

  it("returns a decline or a cancel as itself", async () => {
    expect(await (await connect({ elicitation: {} }, { action: "decline" })).text("ask")).toBe(
      "decline",
    );
    await close?.();
    expect(await (await connect({ elicitation: {} }, { action: "cancel" })).text("ask")).toBe(
      "cancel",
    );
  });

  it("rejects an answer the schema refuses as invalid-response", async () => {
    const { text } = await connect({ elicitation: {} }, { action: "accept", content: { n: 3 } });
    expect(await text("ask_refined")).toMatch(
      /^invalid-response: ctx\.elicit: the answer does not match the schema: .*must be even/,
    );
  });

  it("fails as failed, naming why, when the client answers with an error", async () => {
    const { text } = await connect({ elicitation: {} }, new Error("the user closed the window"));
    expect(await text("ask")).toMatch(
      /^failed: ctx\.elicit: the client did not answer: .*the user closed the window/,
    );
  });

  it("is unsupported for a client without elicitation", async () => {
    const { text } = await connect({});
    expect(await text("ask")).toBe(
      "unsupported: ctx.elicit: the client did not declare form elicitation",
    );
  });

  it("refuses a field no form can carry with a TypeError naming it", async () => {
    const { text } = await connect({ elicitation: {} });
    expect(await text("ask_nested")).toBe(
      "TypeError: ctx.elicit: field 'at' is an object, which a form cannot carry: a form takes strings, numbers, integers, booleans and enums",
    );
  });
});

describe("ctx.sample over MCP", () => {
  it("asks the client's model and returns its text", async () => {
    const { text, asked } = await connect({ sampling: {} });
    expect(await text("think", { prompt: "6 × 7?" })).toBe("tiny: forty-two");
    expect(asked).toEqual([
      { messages: [{ role: "user", content: { type: "text", text: "6 × 7?" } }], maxTokens: 50 },
    ]);
  });

  it("is unsupported for a client without sampling", async () => {
    const { text } = await connect({});
    expect(await text("think", { prompt: "hi" })).toBe(
      "unsupported: ctx.sample: the client did not declare sampling",
    );
  });
});

describe("over stateless HTTP", () => {
  it("both are unsupported, saying why", async () => {
    const http = await listenMcpHttp({ name: "ask", version: "1.0.0", tools: caps });
    const client = new Client(
      { name: "test", version: "1.0.0" },
      { capabilities: { elicitation: {}, sampling: {} } },
    );
    close = async () => {
      await client.close();
      await http.close();
    };
    await client.connect(new StreamableHTTPClientTransport(http.url));
    const result = await client.callTool({ name: "think", arguments: { prompt: "hi" } });
    expect((result.content as { text: string }[])[0]?.text).toBe(
      "unsupported: ctx.sample: this server cannot ask the client over stateless HTTP (its answer would reach another server); serve over stdio, or over HTTP with sessions: true",
    );
  });
});

describe("ctx.releaseConnection", () => {
  it("is false where no connection can be let go (a transport without resumable streams), and absent outside MCP", async () => {
    const { text } = await connect({});
    expect(await text("release")).toBe("false");
    const outcome = await toolSet(caps).call("release", {});
    expect(outcome).toMatchObject({ ok: true, value: "absent" });
  });
});
