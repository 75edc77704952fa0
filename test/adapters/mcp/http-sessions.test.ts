/**
 * Session mode over Streamable HTTP (`sessions: true`), through the SDK's own Client:
 * what stateless HTTP cannot carry (the server asking the client, a cancellation reaching
 * the running call, a log level that holds), a stream resumed after it dropped, and the
 * session's own life: its id, `DELETE`, its idle timeout, the bound on sessions, the
 * server's shutdown; bad options refused by name.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type CallToolResult,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  type ElicitResult,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import {
  createMcpHttpHandler,
  listenMcpHttp,
  type McpHttpHandlerOptions,
  memoryEventStore,
} from "toolwright/mcp";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { sessionStore } from "../../../src/adapters/mcp/event-store";
import { RETRY_MS } from "../../../src/adapters/mcp/sse";
import { mcpHeaders, post } from "./http-raw";

/**
 * Polls `check` every `everyMs` until it holds; the test's own timeout bounds the wait.
 * (A poll of a session is a request to it, which keeps it from being idle.)
 */
async function until(check: () => boolean | Promise<boolean>, everyMs = 10): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

/** What the tools saw. */
const seen = { aborted: [] as number[], sessions: [] as string[] };

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

const tools = toolbox("session", "Tools that need a session", {
  wait: defineTool({
    description: "Waits for ms milliseconds, or stops when cancelled",
    parameters: z.object({ ms: z.number() }),
    execute: ({ ms }, ctx) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve("waited"), ms);
        ctx?.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          seen.aborted.push(performance.now());
          reject(ctx.signal?.reason);
        });
      }),
  }),
  ask: defineTool({
    description: "Asks the user for a name",
    parameters: z.object({}),
    execute: async (_args, ctx) => {
      const answer = await ctx?.elicit?.({
        message: "Who are you?",
        schema: z.object({ name: z.string() }),
      });
      return answer?.action === "accept" ? `hello ${answer.content.name}` : `${answer?.action}`;
    },
  }),
  think: defineTool({
    description: "Asks the client's model",
    parameters: z.object({ prompt: z.string() }),
    execute: async ({ prompt }, ctx) => {
      const result = await ctx?.sample?.({ messages: prompt, maxTokens: 20 });
      return result?.text ?? "no text";
    },
  }),
  chatter: defineTool({
    description: "Logs at two levels",
    parameters: z.object({}),
    execute: (_args, ctx) => {
      ctx?.log?.("info", "an info line");
      ctx?.log?.("error", "an error line");
      return "logged";
    },
  }),
  slow_steps: defineTool({
    description: "Reports progress, then answers after ms",
    parameters: z.object({ ms: z.number() }),
    execute: async ({ ms }, ctx) => {
      ctx?.emit?.({ type: "progress", progress: 1, total: 2 });
      await new Promise((resolve) => setTimeout(resolve, ms));
      return "done";
    },
  }),
  long_job: defineTool({
    description: "Lets go of its connection, then answers after ms",
    parameters: z.object({ ms: z.number() }),
    execute: async ({ ms }, ctx) => {
      const released = ctx?.releaseConnection?.();
      ctx?.log?.("info", "working");
      await new Promise((resolve) => setTimeout(resolve, ms));
      return `released: ${String(released)}`;
    },
  }),
  delete_all: defineTool({
    description: "Deletes everything",
    parameters: z.object({}),
    controls: { needsApproval: true },
    execute: () => "deleted",
  }),
});

const caps = [capability({ name: "session", description: "Session tools", toolbox: tools })];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  seen.aborted.length = 0;
  seen.sessions.length = 0;
});

interface Served {
  readonly url: URL;
  /** Each request as it arrives: its method, session id, and JSON-RPC method(s) posted. */
  readonly arrivals: { method: string; at: number; rpc: string[]; lastEventId?: string }[];
  readonly handler: ReturnType<typeof createMcpHttpHandler>;
  /** Destroys the connection of the next POST calling `tool`, after its first bytes. */
  dropNext(tool: string): void;
}

/** `createMcpHttpHandler` behind a Node server of the test's, which watches each request. */
async function serve(options: Partial<McpHttpHandlerOptions> = {}): Promise<Served> {
  const handler = createMcpHttpHandler({
    name: "sessions",
    version: "1.0.0",
    tools: caps,
    sessions: true,
    host: (call) => {
      if (call.sessionId !== undefined) seen.sessions.push(call.sessionId);
      return {};
    },
    ...options,
  });
  const arrivals: Served["arrivals"] = [];
  let drop: string | undefined;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const arrival = {
      method: req.method ?? "",
      at: performance.now(),
      rpc: [] as string[],
      ...(typeof req.headers["last-event-id"] === "string" && {
        lastEventId: req.headers["last-event-id"],
      }),
    };
    arrivals.push(arrival);
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (text === "") return;
      let body: { method?: string; params?: { name?: string } };
      try {
        body = JSON.parse(text);
      } catch {
        return; // the handler answers what is not JSON
      }
      arrival.rpc.push(body.method ?? "(answer)");
      arrival.at = performance.now();
      if (drop !== undefined && body.params?.name === drop) {
        drop = undefined;
        res.once("pipe", () => {});
        const write = res.write.bind(res);
        let writes = 0;
        res.write = ((...args: Parameters<typeof write>) => {
          const written = write(...args);
          writes += 1;
          // The priming event is out: cut the stream before the result.
          if (writes === 1) setTimeout(() => res.socket?.destroy(), 20);
          return written;
        }) as typeof res.write;
      }
    });
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(async () => {
    await handler.close({ graceMs: 0 });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    arrivals,
    handler,
    dropNext: (tool) => {
      drop = tool;
    },
  };
}

/**
 * A session started by hand (no stream held open, as the SDK client holds one): its id,
 * the initialize's status, and a poster to it.
 */
async function rawSession(url: URL) {
  const initialize = await fetch(url, {
    method: "POST",
    headers: mcpHeaders,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      },
    }),
  });
  await initialize.text();
  const { status } = initialize;
  const id = initialize.headers.get("mcp-session-id") ?? "";
  const post = (message: object) => postTo(url, id, message);
  if (status === 200)
    await (await post({ jsonrpc: "2.0", method: "notifications/initialized" })).text();
  return { id, status, post };
}

type Capabilities = ConstructorParameters<typeof Client>[1];

/**
 * The client resumed the stream of the POST of `rpc` once, with a GET and `Last-Event-ID`, and
 * only after the server's `retry` delay: its own first delay is 10 ms (`connect`), and MCP asks
 * for the `retry` field before a connection closes with its stream going on.
 */
function expectResumedAfterRetry(served: Served, rpc: string): void {
  const posted = served.arrivals.find((arrival) => arrival.rpc.includes(rpc));
  const resumed = served.arrivals.filter((arrival) => arrival.lastEventId !== undefined);
  expect(resumed.map((arrival) => arrival.method)).toEqual(["GET"]);
  const waited = (resumed[0]?.at ?? 0) - (posted?.at ?? Number.POSITIVE_INFINITY);
  expect(waited).toBeGreaterThanOrEqual(RETRY_MS - 10);
}

async function connect(url: URL, options?: Capabilities) {
  const client = new Client({ name: "test", version: "1.0.0" }, options);
  const transport = new StreamableHTTPClientTransport(url, {
    reconnectionOptions: {
      initialReconnectionDelay: 10,
      maxReconnectionDelay: 50,
      reconnectionDelayGrowFactor: 1,
      maxRetries: 5,
    },
  });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

describe("a session", () => {
  it("starts with initialize, is named by mcp-session-id, and reaches the tools as McpCallInfo.sessionId", async () => {
    const { url } = await serve();
    const { client, transport } = await connect(url);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const result = (await client.callTool({
      name: "wait",
      arguments: { ms: 1 },
    })) as CallToolResult;
    expect(textOf(result)).toBe("waited");
    expect(seen.sessions).toEqual([transport.sessionId]);
  });

  it("keeps each client's session apart", async () => {
    const { url } = await serve();
    const a = await connect(url);
    const b = await connect(url);
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);
    await a.client.callTool({ name: "wait", arguments: { ms: 1 } });
    await b.client.callTool({ name: "wait", arguments: { ms: 1 } });
    expect(seen.sessions).toEqual([a.transport.sessionId, b.transport.sessionId]);
  });

  it("refuses a request without a session id (400) and one with an unknown id (404)", async () => {
    const { url } = await serve();
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const missing = await fetch(url, { method: "POST", headers: mcpHeaders, body: list });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      "Bad Request: Mcp-Session-Id header is required (start a session with initialize)",
    );
    const unknown = await fetch(url, {
      method: "POST",
      headers: { ...mcpHeaders, "mcp-session-id": "nope" },
      body: list,
    });
    expect(unknown.status).toBe(404);
    const put = await fetch(url, { method: "PUT", headers: mcpHeaders, body: list });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "GET, POST, DELETE"]);
  });
});

describe("what a session carries that stateless HTTP cannot", () => {
  it("a cancellation stops the running call within 50 ms of the notification", async () => {
    const served = await serve();
    const { client } = await connect(served.url);
    const controller = new AbortController();
    const call = client
      .callTool({ name: "wait", arguments: { ms: 60_000 } }, undefined, {
        signal: controller.signal,
      })
      .then(
        () => "answered",
        (error: Error) => error.message,
      );
    await until(() => served.arrivals.some((arrival) => arrival.rpc.includes("tools/call")));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort("changed my mind");
    expect(await call).toMatch(/changed my mind/);
    await until(() => seen.aborted.length === 1);
    const notified = served.arrivals.find((arrival) =>
      arrival.rpc.includes("notifications/cancelled"),
    );
    expect(notified).toBeDefined();
    // From the notification's arrival at the server to the tool's signal aborting.
    expect((seen.aborted[0] ?? Infinity) - (notified?.at ?? 0)).toBeLessThan(50);
  });

  it("ctx.elicit asks the client's user: accept, decline and cancel", async () => {
    const { url } = await serve();
    const answers: ElicitResult[] = [
      { action: "accept", content: { name: "Ada" } },
      { action: "decline" },
      { action: "cancel" },
    ];
    const { client } = await connect(url, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(
      ElicitRequestSchema,
      async () => answers.shift() ?? { action: "cancel" },
    );
    const texts = [];
    for (let n = 0; n < 3; n++) {
      texts.push(textOf((await client.callTool({ name: "ask", arguments: {} })) as CallToolResult));
    }
    expect(texts).toEqual(["hello Ada", "decline", "cancel"]);
  });

  it("ctx.sample asks the client's model", async () => {
    const { url } = await serve();
    const { client } = await connect(url, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: "assistant",
      model: "tiny",
      content: {
        type: "text",
        text: `echo: ${JSON.stringify(request.params.messages[0]?.content)}`,
      },
    }));
    const result = (await client.callTool({
      name: "think",
      arguments: { prompt: "6 × 7?" },
    })) as CallToolResult;
    expect(textOf(result)).toBe('echo: {"type":"text","text":"6 × 7?"}');
  });

  it("a call that needs approval is asked of the user by elicitation", async () => {
    const { url } = await serve();
    const { client } = await connect(url, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { approve: true } };
    });
    const result = (await client.callTool({ name: "delete_all", arguments: {} })) as CallToolResult;
    expect([result.isError ?? false, textOf(result)]).toEqual([false, "deleted"]);
    expect(asked).toHaveLength(1);
  });

  it("the client's log level holds for the session's later calls", async () => {
    const { url } = await serve();
    const { client } = await connect(url);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push([notification.params.level, notification.params.data]);
    });
    await client.setLoggingLevel("warning");
    await client.callTool({ name: "chatter", arguments: {} });
    expect(logged).toEqual([["error", "an error line"]]);
  });
});

describe("resumable streams", () => {
  it("a call whose stream drops is answered on the stream the client resumes with Last-Event-ID", async () => {
    const served = await serve();
    const { client } = await connect(served.url);
    served.dropNext("slow_steps");
    const result = (await client.callTool(
      { name: "slow_steps", arguments: { ms: 300 } },
      undefined,
      { onprogress: () => {} },
    )) as CallToolResult;
    expect(textOf(result)).toBe("done");
    const resumed = served.arrivals.filter((arrival) => arrival.lastEventId !== undefined);
    expect(resumed.map((arrival) => arrival.method)).toEqual(["GET"]);
  });

  it("a handler that closes its stream (closeSSEStream) is answered on the client's resume, after the retry it was sent", async () => {
    const served = await serve({
      server: {
        configure: (server) => {
          server.registerPrompt("poll", { description: "closes its stream" }, async (extra) => {
            extra.closeSSEStream?.();
            await new Promise((resolve) => setTimeout(resolve, 50));
            return { messages: [{ role: "user", content: { type: "text", text: "polled" } }] };
          });
        },
      },
    });
    const { client } = await connect(served.url);
    const { messages } = await client.getPrompt({ name: "poll" });
    expect(messages[0]?.content).toEqual({ type: "text", text: "polled" });
    expectResumedAfterRetry(served, "prompts/get");
  });

  it("ctx.releaseConnection lets go of a long call's connection: the client comes back after the retry and gets the answer and what came before it", async () => {
    const served = await serve();
    const { client } = await connect(served.url);
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params.data);
    });
    const result = (await client.callTool({
      name: "long_job",
      arguments: { ms: 50 },
    })) as CallToolResult;
    expect(textOf(result)).toBe("released: true");
    expect(logged).toEqual(["working"]);
    expectResumedAfterRetry(served, "tools/call");
  });

  it("ctx.releaseConnection is false, and the connection kept, where nobody could come back: no event store, or stateless HTTP", async () => {
    for (const sessions of [{ eventStore: false as const }, false as const]) {
      const served = await serve({ sessions });
      const { client } = await connect(served.url);
      const result = (await client.callTool({
        name: "long_job",
        arguments: { ms: 20 },
      })) as CallToolResult;
      expect(textOf(result), JSON.stringify(sessions)).toBe("released: false");
      expect(served.arrivals.filter((arrival) => arrival.lastEventId !== undefined)).toEqual([]);
    }
  });

  it("without an event store, no event carries an id to resume from", async () => {
    const withIds = async (served: Served) => {
      const { transport } = await connect(served.url);
      // A call that waits is answered on a stream (one answered at once comes as JSON).
      const response = await postTo(served.url, transport.sessionId ?? "", {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "wait", arguments: { ms: 20 } },
      });
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      const text = await response.text();
      expect(text).toContain('"id":7');
      return /^id: /m.test(text);
    };
    expect(await withIds(await serve())).toBe(true);
    expect(await withIds(await serve({ sessions: { eventStore: false } }))).toBe(false);
  });

  it("memoryEventStore replays one stream's events after an id, and forgets the oldest past maxEvents", async () => {
    const store = memoryEventStore({ maxEvents: 3 });
    const message = (id: number) => ({ jsonrpc: "2.0" as const, id, result: {} });
    const a1 = await store.storeEvent("a", message(1));
    await store.storeEvent("b", message(2));
    await store.storeEvent("a", message(3));
    const sent: unknown[] = [];
    const stream = await store.replayEventsAfter(a1, {
      send: async (eventId, sentMessage) => void sent.push([eventId, sentMessage]),
    });
    expect([stream, sent]).toEqual(["a", [["a:2", message(3)]]]);
    await store.storeEvent("a", message(4));
    expect(await store.getStreamIdForEventId?.(a1)).toBeUndefined();
    await expect(store.replayEventsAfter(a1, { send: async () => {} })).rejects.toThrow(
      "no event 'a:0' is held to resume from",
    );
    expect(() => memoryEventStore({ maxEvents: 0 })).toThrow(
      "memoryEventStore: maxEvents must be a positive whole number, received a number (0)",
    );
  });
});

describe("how a POST is answered", () => {
  const call = (id: number, name: string, args: object) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });

  it("as plain JSON when the answer is ready at once, with the session's id", async () => {
    const served = await serve();
    const session = await rawSession(served.url);
    const response = await session.post({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("mcp-session-id")).toBe(session.id);
    const body = (await response.json()) as { id: number; result: { tools: unknown[] } };
    expect(body.id).toBe(2);
    expect(body.result.tools.length).toBeGreaterThan(0);
  });

  it("hands the SDK's handlers the request's headers and URL; a Host no URL can hold leaves the URL out", async () => {
    const served = await serve({
      allowed: { hosts: "any" },
      server: {
        configure: (server) =>
          server.registerResource("where", "test://where", {}, (uri, extra) => ({
            contents: [
              {
                uri: uri.href,
                text: JSON.stringify({
                  url: extra.requestInfo?.url?.href ?? null,
                  probe: extra.requestInfo?.headers["x-probe"],
                }),
              },
            ],
          })),
      },
    });
    const session = await rawSession(served.url);
    const read = async (host: string) => {
      const reply = await post(
        new URL(`${served.url.href}?q=1`),
        JSON.stringify({
          jsonrpc: "2.0",
          id: 3,
          method: "resources/read",
          params: { uri: "test://where" },
        }),
        {
          host,
          "x-probe": "seen",
          "mcp-session-id": session.id,
          "mcp-protocol-version": "2025-11-25",
        },
      );
      const body = JSON.parse(reply.body) as { result: { contents: { text: string }[] } };
      return JSON.parse(body.result.contents[0]?.text ?? "{}") as unknown;
    };
    expect(await read("mcp.example:8080")).toEqual({
      url: "http://mcp.example:8080/mcp?q=1",
      probe: "seen",
    });
    expect(await read("[not a host")).toEqual({ url: null, probe: "seen" });
  });

  it("as an SSE stream, priming event first, when the call sends something before its answer", async () => {
    const served = await serve();
    const session = await rawSession(served.url);
    const response = await session.post({
      ...call(3, "slow_steps", { ms: 1 }),
      params: { name: "slow_steps", arguments: { ms: 1 }, _meta: { progressToken: "p" } },
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = (await response.text()).split("\n\n").filter((event) => event !== "");
    expect(events[0]).toMatch(/^id: \S+\ndata: $/);
    expect(events[1]).toContain('"method":"notifications/progress"');
    expect(events[2]).toContain('"id":3');
    expect(events.every((event) => /^(event: message\n)?id: /.test(event))).toBe(true);
  });

  it("a batch as one JSON array once every answer is ready", async () => {
    const served = await serve();
    const session = await rawSession(served.url);
    const response = await session.post([
      { jsonrpc: "2.0", id: 4, method: "tools/list" },
      call(5, "chatter", {}),
    ]);
    const text = await response.text();
    // Chatter logs before answering: that is sent on a stream, and so is the batch's rest.
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(text).toContain('"id":4');
    expect(text).toContain('"id":5');
    const quiet = await session.post([
      { jsonrpc: "2.0", id: 6, method: "tools/list" },
      { jsonrpc: "2.0", id: 7, method: "ping" },
    ]);
    expect(quiet.headers.get("content-type")).toBe("application/json");
    const answers = (await quiet.json()) as { id: number }[];
    expect(answers.map((answer) => answer.id).sort()).toEqual([6, 7]);
  });

  it("refuses what the SDK's transport refuses, with its statuses", async () => {
    const served = await serve();
    const session = await rawSession(served.url);
    const headers = {
      "mcp-session-id": session.id,
      "mcp-protocol-version": "2025-11-25",
    };
    const body = JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" });
    const statusOf = async (init: RequestInit) => {
      const response = await fetch(served.url, init);
      await response.text();
      return response.status;
    };
    expect([
      await statusOf({
        method: "POST",
        headers: { ...headers, "content-type": "application/json", accept: "application/json" },
        body,
      }),
      await statusOf({
        method: "POST",
        headers: { ...headers, "content-type": "text/plain", accept: mcpHeaders.accept },
        body,
      }),
      await statusOf({
        method: "POST",
        headers: { ...mcpHeaders, ...headers, "mcp-protocol-version": "1999-01-01" },
        body,
      }),
      await statusOf({ method: "POST", headers: { ...mcpHeaders, ...headers }, body: "[1]" }),
      await statusOf({ method: "GET", headers: { ...headers, accept: "application/json" } }),
      await statusOf({
        method: "GET",
        headers: { ...headers, accept: "text/event-stream", "last-event-id": "no-such-event" },
      }),
    ]).toEqual([406, 415, 400, 400, 406, 400]);
  });

  it("ends the stream of a call the client cancels, with no answer (MCP sends none)", async () => {
    const served = await serve();
    const session = await rawSession(served.url);
    const waiting = session.post(call(11, "wait", { ms: 60_000 }));
    const response = await waiting;
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const cancelled = await session.post({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 11, reason: "changed my mind" },
    });
    expect(cancelled.status).toBe(202);
    const text = await response.text();
    expect(text).not.toContain('"id":11');
    await until(() => seen.aborted.length === 1);
  });

  it("accepts notifications alone with 202 and no body", async () => {
    const served = await serve();
    const session = await rawSession(served.url);
    const response = await session.post({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
  });
});

describe("each session's view of a shared store", () => {
  const message = (id: number) => ({ jsonrpc: "2.0" as const, id, result: {} });

  it("keeps two sessions' streams of one name apart, with or without getStreamIdForEventId", async () => {
    const shared = memoryEventStore();
    const { getStreamIdForEventId: _omitted, ...withoutLookUp } = memoryEventStore();
    for (const store of [shared, withoutLookUp]) {
      const a = sessionStore(store);
      const b = sessionStore(store);
      const fromA = await a.storeEvent("_GET_stream", message(1));
      await a.storeEvent("_GET_stream", message(2));
      await b.storeEvent("_GET_stream", message(3));
      const sent: unknown[] = [];
      const send = async (_id: string, sentMessage: unknown) => void sent.push(sentMessage);
      expect(await a.replayEventsAfter(fromA, { send })).toBe("_GET_stream");
      expect(sent).toEqual([message(2)]);
      sent.length = 0;
      await expect(b.replayEventsAfter(fromA, { send })).rejects.toThrow("of this session");
      expect(sent).toEqual([]);
      expect(await b.getStreamIdForEventId?.(fromA)).toBeUndefined();
    }
  });
});

describe("the session's life", () => {
  it("DELETE ends it: its id is then answered 404", async () => {
    const { url } = await serve();
    const { client, transport } = await connect(url);
    const id = transport.sessionId ?? "";
    await transport.terminateSession();
    const after = await postTo(url, id, { jsonrpc: "2.0", id: 9, method: "tools/list" });
    expect(after.status).toBe(404);
    await expect(client.listTools()).rejects.toThrow();
  });

  it("ends after its idle timeout once no request is open and no call runs", async () => {
    const { url } = await serve({ sessions: { idleTimeoutMs: 100 } });
    const { id, post } = await rawSession(url);
    // A call longer than the timeout keeps the session: it is not idle while the call runs.
    const called = await post({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "wait", arguments: { ms: 300 } },
    });
    expect([called.status, await called.text()]).toEqual([
      200,
      expect.stringContaining('"text":"waited"'),
    ]);
    expect(seen.aborted).toEqual([]);
    await until(
      async () =>
        (await post({ jsonrpc: "2.0", method: "notifications/initialized" })).status === 404,
      250,
    );
    expect(id).not.toBe("");
  });

  it("a client that goes away without DELETE leaves a session that expires", async () => {
    const { url } = await serve({ sessions: { idleTimeoutMs: 100 } });
    const { client, transport } = await connect(url);
    const id = transport.sessionId ?? "";
    await client.close();
    const status = () =>
      postTo(url, id, { jsonrpc: "2.0", method: "notifications/initialized" }).then(
        (response) => response.status,
      );
    expect(await status()).toBe(202);
    await until(async () => (await status()) === 404, 250);
  });

  it("holds at most maxSessions: one more is answered 503 until one ends", async () => {
    const { url } = await serve({ sessions: { maxSessions: 1 } });
    const first = await connect(url);
    const second = new Client({ name: "second", version: "1.0.0" });
    await expect(second.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow(
      /503|as many sessions as it may \(1\)/,
    );
    await first.transport.terminateSession();
    await connect(url);
  });

  it("frees the slot of every session that ends, by DELETE or by expiry", async () => {
    // The timeout is long enough that no session expires while the slots are being filled on a
    // loaded machine, and the wait below is well past it.
    const { url } = await serve({ sessions: { maxSessions: 20, idleTimeoutMs: 1_000 } });
    const first = await Promise.all(Array.from({ length: 20 }, () => rawSession(url)));
    expect((await rawSessionStatus(url)).status).toBe(503);
    // Half end by DELETE, the rest by expiry; then 20 start again.
    await Promise.all(
      first.slice(0, 10).map(({ id }) =>
        fetch(url, {
          method: "DELETE",
          headers: { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
        }),
      ),
    );
    const refilled = await Promise.all(Array.from({ length: 10 }, () => rawSession(url)));
    expect(refilled.every(({ id }) => id !== "")).toBe(true);
    expect((await rawSessionStatus(url)).status).toBe(503);
    // Every session now idles past its timeout (no request reaches it meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const again = await Promise.all(Array.from({ length: 20 }, () => rawSession(url)));
    expect(again.every(({ id }) => id !== "")).toBe(true);
  });

  it("close({ graceMs }) lets a call finish within the grace period, aborts one past it, and settles", async () => {
    const served = await serve();
    const { client } = await connect(served.url);
    const quick = client.callTool({ name: "wait", arguments: { ms: 100 } });
    const slow = client.callTool({ name: "wait", arguments: { ms: 60_000 } });
    await until(
      () => served.arrivals.filter((arrival) => arrival.rpc.includes("tools/call")).length === 2,
    );
    await served.handler.close({ graceMs: 500 });
    expect(textOf((await quick) as CallToolResult)).toBe("waited");
    const aborted = (await slow) as CallToolResult;
    expect([aborted.isError, textOf(aborted)]).toEqual([
      true,
      "call to 'wait' was cancelled: the server is shutting down",
    ]);
  });
});

describe("while the server closes", () => {
  it("the client's answer to a form reaches the call waiting on it", async () => {
    const served = await serve();
    const { client } = await connect(served.url, { capabilities: { elicitation: { form: {} } } });
    let answer: (result: ElicitResult) => void = () => {};
    client.setRequestHandler(
      ElicitRequestSchema,
      () => new Promise<ElicitResult>((resolve) => (answer = resolve)),
    );
    const asked = client.callTool({ name: "ask", arguments: {} });
    await until(() => served.arrivals.some((arrival) => arrival.rpc.includes("tools/call")));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = served.handler.close({ graceMs: 5_000 });
    answer({ action: "accept", content: { name: "Ada" } });
    expect(textOf((await asked) as CallToolResult)).toBe("hello Ada");
    await closing;
  });

  it("a cancellation reaches the call, and a new request is refused 503", async () => {
    const served = await serve();
    const { client, transport } = await connect(served.url);
    const controller = new AbortController();
    const call = client
      .callTool({ name: "wait", arguments: { ms: 60_000 } }, undefined, {
        signal: controller.signal,
      })
      .catch(() => "rejected");
    await until(() => served.arrivals.some((arrival) => arrival.rpc.includes("tools/call")));
    const closing = served.handler.close({ graceMs: 5_000 });
    const list = await postTo(served.url, transport.sessionId ?? "", {
      jsonrpc: "2.0",
      id: 99,
      method: "tools/list",
    });
    expect(list.status).toBe(503);
    controller.abort("stop");
    expect(await call).toBe("rejected");
    await until(() => seen.aborted.length === 1);
    await closing;
  });
});

describe("an event store shared by sessions", () => {
  it("replays to a session only its own events", async () => {
    const servers: McpServer[] = [];
    const served = await serve({
      sessions: { eventStore: memoryEventStore() },
      server: { configure: (server) => void servers.push(server) },
    });
    // B holds its stream open and is sent a message outside any call (on that stream).
    const b = await connect(served.url);
    const heard: unknown[] = [];
    b.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      heard.push(n.params.data);
    });
    const a = await rawSession(served.url);
    await until(() => served.arrivals.some((arrival) => arrival.method === "GET"));
    await servers[1]?.server.sendLoggingMessage({ level: "info", data: "B's first" });
    await servers[1]?.server.sendLoggingMessage({ level: "error", data: "B's secret" });
    await until(() => heard.length === 2);
    // A resumes from every event id the store could have given: none of B's may come back.
    const replayed: string[] = [];
    for (let n = 0; n < 30; n++) {
      const text = await streamText(served.url, {
        "mcp-session-id": a.id,
        "last-event-id": `_GET_stream:${n}`,
      });
      if (text.includes("B's secret")) replayed.push(`_GET_stream:${n}`);
    }
    expect(replayed).toEqual([]);
  });
});

describe("hostile requests to a session server", () => {
  it("answers each with a named error and keeps serving the sessions it holds", async () => {
    const { url } = await serve();
    const { client, transport } = await connect(url);
    const id = transport.sessionId ?? "";
    const statusOf = async (init: RequestInit) => {
      const response = await fetch(url, init);
      await response.text();
      return response.status;
    };
    const headers = { ...mcpHeaders, "mcp-protocol-version": "2025-11-25" };
    const list = JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/list" });
    const statuses = [
      // Not JSON, with and without a session.
      await statusOf({ method: "POST", headers, body: "{" }),
      await statusOf({ method: "POST", headers: { ...headers, "mcp-session-id": id }, body: "{" }),
      // A forged, a huge and an empty session id.
      await statusOf({
        method: "POST",
        headers: { ...headers, "mcp-session-id": "f".repeat(36) },
        body: list,
      }),
      await statusOf({
        method: "POST",
        headers: { ...headers, "mcp-session-id": "x".repeat(8_000) },
        body: list,
      }),
      await statusOf({ method: "POST", headers: { ...headers, "mcp-session-id": "" }, body: list }),
      // A GET and a DELETE naming no session.
      await statusOf({ method: "GET", headers: { accept: "text/event-stream" } }),
      await statusOf({ method: "DELETE", headers }),
      // A second initialize on a session that has one.
      await statusOf({
        method: "POST",
        headers: { ...headers, "mcp-session-id": id },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 6,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "x", version: "1" },
          },
        }),
      }),
    ];
    expect(statuses).toEqual([400, 400, 404, 404, 404, 400, 400, 400]);
    const { tools: listed } = await client.listTools();
    expect(listed.map((tool) => tool.name)).toContain("wait");
  });

  it("after close, a new session is refused 503 and an ended one is not found", async () => {
    const served = await serve();
    const { transport } = await connect(served.url);
    await served.handler.close({ graceMs: 0 });
    const { status } = await rawSessionStatus(served.url);
    expect(status).toBe(503);
    const old = await postTo(served.url, transport.sessionId ?? "", {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/list",
    });
    expect(old.status).toBe(404);
  });
});

/** POSTs one JSON-RPC message to a session by hand. */
function postTo(url: URL, sessionId: string, message: object): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { ...mcpHeaders, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify(message),
  });
}

/** What a GET stream sends within `ms` (it stays open: read what came, then let go). */
async function streamText(url: URL, headers: Record<string, string>, ms = 150): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  let text = "";
  try {
    const response = await fetch(url, {
      headers: { accept: "text/event-stream", "mcp-protocol-version": "2025-11-25", ...headers },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader?.read();
      if (chunk === undefined || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
  } catch {
    // Aborted at `ms`: what came so far is the answer.
  } finally {
    clearTimeout(timer);
  }
  return text;
}

/** The status an initialize without a session gets (a session when it is 200). */
async function rawSessionStatus(url: URL) {
  return { status: (await rawSession(url)).status };
}

describe("options", () => {
  it.each([
    [
      { sessions: "yes" },
      'sessions must be true, false or an object of session options, received a string ("yes")',
    ],
    [
      { sessions: { idleTimeoutMs: -1 } },
      "sessions.idleTimeoutMs must be a positive, finite number of milliseconds, received a number (-1)",
    ],
    [
      { sessions: { maxSessions: 1.5 } },
      "sessions.maxSessions must be a positive whole number, received a number (1.5)",
    ],
    [
      { sessions: { eventStore: {} } },
      "sessions.eventStore must be an event store (storeEvent and replayEventsAfter) or false, received an empty object ({})",
    ],
  ])("refuses %j by name", (options, message) => {
    expect(() =>
      createMcpHttpHandler({ name: "s", version: "1", tools: caps, ...(options as object) }),
    ).toThrow(message);
  });

  it("listenMcpHttp serves sessions too", async () => {
    const http = await listenMcpHttp({
      name: "s",
      version: "1",
      tools: toolSet(caps),
      sessions: { eventStore: memoryEventStore() },
    });
    cleanups.push(() => http.close({ graceMs: 0 }));
    const { client, transport } = await connect(http.url, {
      capabilities: { elicitation: { form: {} } },
    });
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: "accept",
      content: { name: "Bo" },
    }));
    expect(transport.sessionId).toBeDefined();
    const result = (await client.callTool({ name: "ask", arguments: {} })) as CallToolResult;
    expect(textOf(result)).toBe("hello Bo");
  });
});
