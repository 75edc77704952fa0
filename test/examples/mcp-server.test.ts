/**
 * examples/mcp-server.ts over Streamable HTTP in session mode, as its `--http` serves it,
 * driven by the MCP SDK's own Client: the server's instructions, its resource and prompt,
 * and the client-aware tools, with a client that answers elicitation and sampling and one
 * that declares neither (the tools fall back). The stdio run is in
 * test/adapters/mcp/server.test.ts.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type CallToolResult,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { listenMcpHttp, type McpHttpServer } from "toolwright/mcp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAware } from "../../examples/client-aware";
import { exampleHttp, exampleServer } from "../../examples/mcp-server";

let http: McpHttpServer;
const clients: Client[] = [];

beforeAll(async () => {
  http = await listenMcpHttp({ ...exampleHttp(0), hostname: "127.0.0.1" });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await http.close({ graceMs: 0 });
});

/** A client of the example server, declaring `capabilities`. */
async function connect(capabilities: Record<string, object> = {}) {
  const client = new Client({ name: "example-test", version: "1.0.0" }, { capabilities });
  const transport = new StreamableHTTPClientTransport(http.url);
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe("examples/mcp-server.ts over HTTP with sessions", () => {
  it("serves on 127.0.0.1 in session mode, with the example tools and the client-aware ones", async () => {
    expect(exampleHttp(0).sessions).toBe(true);
    expect(http.url.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client, transport } = await connect();
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        "list_meetings",
        "slug_and_span",
        "whoami",
        "count_words",
        "pick_room",
        "suggest_agenda",
      ]),
    );
    const who = await call(client, "whoami", {});
    expect(who.structuredContent).toEqual({ operator: "mcp-client", tier: "free" });
  });

  it("sends its instructions, and serves its own resource and prompt beside the manuals", async () => {
    const { client } = await connect();
    expect(client.getInstructions()).toBe(exampleServer.server?.instructions);
    const { resources } = await client.listResources();
    // The manuals' resources come first, then the ones `configure` registered.
    const uris = resources.map((resource) => resource.uri);
    expect(uris[0]).toMatch(/^toolwright:\/\/manual\//);
    expect(uris.at(-1)).toBe("rooms://all");
    const rooms = await client.readResource({ uri: "rooms://all" });
    expect(rooms.contents).toEqual([{ uri: "rooms://all", text: "Ada\nGrace\nHopper" }]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(["plan_meeting"]);
    const prompt = await client.getPrompt({
      name: "plan_meeting",
      arguments: { meeting: "Kickoff" },
    });
    expect(prompt.messages).toEqual([
      {
        role: "user",
        content: { type: "text", text: "Pick a room and suggest an agenda for 'Kickoff'." },
      },
    ]);
  });

  it("count_words logs on the call's stream, at or above the level the session set", async () => {
    const { client } = await connect();
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      const { level, logger, data } = notification.params;
      logged.push({ level, logger, data });
    });
    const counted = await call(client, "count_words", { text: "one two three" });
    expect(counted.structuredContent).toEqual({ words: 3 });
    expect(logged).toEqual([{ level: "info", logger: "count_words", data: { counted: 3 } }]);
    await client.setLoggingLevel("warning"); // holds for the session's later calls
    logged.length = 0;
    await call(client, "count_words", { text: "  " });
    await call(client, "count_words", { text: "four" });
    expect(logged).toEqual([
      { level: "warning", logger: "count_words", data: "the text has no words" },
    ]);
  });

  it("pick_room asks the user through a form, and suggest_agenda asks the client's model", async () => {
    const { client } = await connect({ elicitation: { form: {} }, sampling: {} });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return { action: "accept", content: { room: "Grace" } };
    });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      asked.push(request.params);
      return {
        role: "assistant",
        model: "tiny",
        content: { type: "text", text: "1. Scope 2. Risks 3. Owners" },
      };
    });
    const picked = await call(client, "pick_room", { meeting: "Kickoff" });
    expect(picked.structuredContent).toEqual({ room: "Grace", chosenBy: "user" });
    const agenda = await call(client, "suggest_agenda", { meeting: "Kickoff" });
    expect(agenda.structuredContent).toEqual({
      agenda: "1. Scope 2. Risks 3. Owners",
      source: "client-model",
    });
    expect(asked).toEqual([
      {
        mode: "form",
        message: "Which room for 'Kickoff'?",
        requestedSchema: {
          type: "object",
          properties: {
            room: {
              type: "string",
              enum: ["Ada", "Grace", "Hopper"],
              description: "Where to meet",
            },
          },
          required: ["room"],
        },
      },
      {
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: "Suggest a three-point agenda for 'Kickoff', one line.",
            },
          },
        ],
        maxTokens: 200,
      },
    ]);
  });

  it("a declined form is a failure worded for the model", async () => {
    const { client } = await connect({ elicitation: { form: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "decline" }));
    const declined = await call(client, "pick_room", { meeting: "Kickoff" });
    expect([declined.isError, declined.content]).toEqual([
      true,
      [{ type: "text", text: "the user did not pick a room for 'Kickoff'; ask them which" }],
    ]);
  });

  it("falls back where the client declares neither elicitation nor sampling", async () => {
    const { client } = await connect();
    const picked = await call(client, "pick_room", { meeting: "Kickoff" });
    expect(picked.structuredContent).toEqual({ room: "Ada", chosenBy: "default" });
    const agenda = await call(client, "suggest_agenda", { meeting: "Kickoff" });
    expect(agenda.structuredContent).toEqual({
      agenda: "1. Goals 2. Discussion 3. Next steps",
      source: "template",
    });
  });
});

describe("the client-aware tools outside an MCP server", () => {
  it("fall back when no client is there to ask", async () => {
    const tools = clientAware.toolbox;
    expect(await tools.execute("pick_room", { meeting: "Kickoff" })).toEqual({
      room: "Ada",
      chosenBy: "default",
    });
    expect(await tools.execute("suggest_agenda", { meeting: "Kickoff" })).toEqual({
      agenda: "1. Goals 2. Discussion 3. Next steps",
      source: "template",
    });
    expect(await tools.execute("count_words", { text: "a b" })).toEqual({ words: 2 });
  });
});
