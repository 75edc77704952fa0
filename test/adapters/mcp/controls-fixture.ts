/**
 * What the MCP control tests share: capabilities whose tools count their runs, and the
 * official SDK `Client` connected in memory, with or without elicitation, answering each
 * elicitation as the test says.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  type CallToolResult,
  type ClientNotification,
  type ClientRequest,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { type Capability, capability, defineTool, toolbox } from "toolwright";
import { createMcpServer, type McpServerOptions } from "toolwright/mcp";
import type { Z } from "../../core/zods";

/** How many times each tool really ran. */
export type Runs = Record<string, number>;

/** The tools: `delete_note` (destructive), `add_note`, `pay` (asks above 100), `echo`. */
export function controlsCapability(z: Z, runs: Runs): Capability {
  const ran = (name: string) => {
    runs[name] = (runs[name] ?? 0) + 1;
  };
  return capability({
    name: "notes",
    description: "A notebook",
    toolbox: toolbox("notes", "Note tools", {
      delete_note: defineTool({
        description: "Delete a note",
        parameters: z.object({ id: z.string() }),
        annotations: { destructive: true },
        execute: ({ id }) => {
          ran("delete_note");
          return `deleted ${id}`;
        },
      }),
      add_note: defineTool({
        description: "Add a note",
        parameters: z.object({ text: z.string() }),
        annotations: { destructive: false },
        execute: ({ text }) => {
          ran("add_note");
          return `added ${text}`;
        },
      }),
      pay: defineTool({
        description: "Pay an amount",
        parameters: z.object({ amount: z.number() }),
        controls: { needsApproval: ({ amount }) => amount > 100 },
        execute: ({ amount }) => {
          ran("pay");
          return `paid ${amount}`;
        },
      }),
      echo: defineTool({
        description: "Echo a word",
        parameters: z.object({ word: z.string(), loud: z.boolean().optional() }),
        execute: ({ word, loud }) => {
          ran("echo");
          return loud === true ? word.toUpperCase() : word;
        },
      }),
    }),
  });
}

/** How the test client answers one elicitation. */
export type Elicit = (
  request: ElicitRequest,
  extra: RequestHandlerExtra<ClientRequest, ClientNotification>,
) => ElicitResult | Promise<ElicitResult>;

/** A connected client, the elicitations it received, and how to close both ends. */
export interface ControlsClient {
  readonly client: Client;
  readonly asked: ElicitRequest["params"][];
  call(name: string, args: Record<string, unknown>): Promise<Answer>;
  close(): Promise<void>;
}

/** A `tools/call` answer as a model reads it. */
export interface Answer {
  readonly text: string;
  readonly isError: boolean;
}

/** The text and error flag of a `tools/call` result. */
export function answerOf(result: unknown): Answer {
  const { content, isError } = result as CallToolResult;
  const [first] = content as { type: string; text: string }[];
  return { text: first?.text ?? "", isError: isError === true };
}

/**
 * Serves `options` in memory and connects a client that declares elicitation when
 * `elicit` is given, and answers each elicitation with it.
 */
export async function connectControls(
  options: McpServerOptions,
  elicit?: Elicit,
): Promise<ControlsClient> {
  const server = createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = elicitingClient(elicit);
  const asked: ElicitRequest["params"][] = [];
  if (elicit !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => {
      asked.push(request.params);
      return elicit(request, extra);
    });
  }
  await client.connect(clientSide);
  return {
    client,
    asked,
    call: async (name, args) => answerOf(await client.callTool({ name, arguments: args })),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The official client, declaring form elicitation when it will answer one. */
export function elicitingClient(elicit?: Elicit): Client {
  return new Client(
    { name: "test", version: "1.0.0" },
    elicit === undefined ? {} : { capabilities: { elicitation: {} } },
  );
}
