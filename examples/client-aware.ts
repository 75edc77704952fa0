import { ClientRequestError, capability, defineTool, ToolError, toolbox } from "toolwright";
import { z } from "zod";

// Tools that turn to the MCP client while they run: a log line for the people watching
// (ctx.log), a form for its user (ctx.elicit), a question for its model (ctx.sample).
// Each still answers where the client cannot be asked.

export const rooms = ["Ada", "Grace", "Hopper"] as const;

/** True when the client could not be asked at all, so the tool should fall back. */
function unsupported(error: unknown): boolean {
  return error instanceof ClientRequestError && error.reason === "unsupported";
}

export const clientAwareTools = toolbox("client-aware", "Tools that ask the MCP client", {
  count_words: defineTool({
    description: "Count the words of a text",
    parameters: z.object({ text: z.string().describe("The text to count the words of") }),
    returns: z.object({ words: z.number().int().describe("How many words the text has") }),
    annotations: { readOnly: true },
    execute: async ({ text }, ctx) => {
      const words = text.split(/\s+/).filter((word) => word !== "").length;
      ctx?.log?.("info", { counted: words }); // a notifications/message, logger "count_words"
      if (words === 0) ctx?.log?.("warning", "the text has no words");
      return { words };
    },
  }),
  pick_room: defineTool({
    description: "Ask the user which room to book for a meeting",
    parameters: z.object({ meeting: z.string().describe("The meeting's title") }),
    returns: z.object({
      room: z.enum(rooms).describe("The room to book"),
      chosenBy: z.enum(["user", "default"]).describe("Whether the user chose it"),
    }),
    execute: async ({ meeting }, ctx) => {
      const schema = z.object({ room: z.enum(rooms).describe("Where to meet") });
      try {
        const answer = await ctx?.elicit?.({ message: `Which room for '${meeting}'?`, schema });
        if (answer?.action === "accept") return { room: answer.content.room, chosenBy: "user" };
        if (answer !== undefined) {
          throw new ToolError(`the user did not pick a room for '${meeting}'; ask them which`);
        }
      } catch (error) {
        if (!unsupported(error)) throw error;
      }
      return { room: rooms[0], chosenBy: "default" }; // no form to show: the first room
    },
  }),
  suggest_agenda: defineTool({
    description: "Suggest an agenda for a meeting",
    parameters: z.object({ meeting: z.string().describe("The meeting's title") }),
    returns: z.object({
      agenda: z.string().describe("The suggested agenda"),
      source: z.enum(["client-model", "template"]).describe("Who wrote the agenda"),
    }),
    annotations: { readOnly: true },
    execute: async ({ meeting }, ctx) => {
      try {
        const prompt = `Suggest a three-point agenda for '${meeting}', one line.`;
        const result = await ctx?.sample?.({ messages: prompt, maxTokens: 200 });
        if (result?.text !== undefined) return { agenda: result.text, source: "client-model" };
      } catch (error) {
        if (!unsupported(error)) throw error;
      }
      return { agenda: "1. Goals 2. Discussion 3. Next steps", source: "template" };
    },
  }),
});

export const clientAware = capability({
  name: "client-aware",
  description: "Tools that ask the client's user and model",
  toolbox: clientAwareTools,
});
