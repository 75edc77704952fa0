// Tools whose schemas use Zod 3's bounded numbers and a tuple (`zod/v3`, which both Zod
// 4 and Zod 3.25 ship), served by toolwright/mcp and listed and called by the official
// MCP SDK client over its in-memory transport. The client compiles each tool's output
// schema, so a projection it cannot read fails here. Prints JSON; the test asserts on it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { capability, defineTool, toolbox } from "toolwright";
import { createMcpServer } from "toolwright/mcp";
import * as z from "zod/v3";

const Slot = z
  .tuple([z.string().describe("Start, HH:MM"), z.string().describe("End, HH:MM")])
  .describe("The booked slot");

const bookRoom = defineTool({
  description: "Book a room",
  parameters: z.object({
    seats: z.number().int().positive().describe("How many seats"),
    floor: z.number().gt(0).lt(10).describe("The floor, 1 to 9"),
    slot: Slot,
  }),
  returns: z.object({
    seats: z.number().positive().describe("Seats booked"),
    slot: Slot,
  }),
  execute: ({ seats, slot }) => ({ seats, slot }),
});

const rooms = capability({
  name: "rooms",
  description: "Room booking",
  toolbox: toolbox("rooms", "Room tools", { book_room: bookRoom }),
});

async function main(): Promise<void> {
  const server = createMcpServer({ name: "rooms", version: "1.0.0", tools: [rooms] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "package-test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    const booked = await client.callTool({
      name: "book_room",
      arguments: { seats: 3, floor: 2, slot: ["09:00", "10:00"] },
    });
    const refused = await client.callTool({
      name: "book_room",
      arguments: { seats: 0, floor: 10, slot: ["09:00"] },
    });
    const report = {
      tools: tools.map(({ name, inputSchema, outputSchema }) => ({
        name,
        inputSchema,
        outputSchema,
      })),
      booked: { isError: booked.isError ?? false, structuredContent: booked.structuredContent },
      refused: { isError: refused.isError ?? false },
    };
    console.log(JSON.stringify(report));
  } finally {
    await client.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
