// The server the official MCP conformance suite (@modelcontextprotocol/conformance) tests:
// every tool its server scenarios name, written with toolwright's public API only, served
// by listenMcpHttp. Each tool does what its scenario's description asks, as a user would
// write it, and resources, prompts and completions through `server.configure` (extras.ts);
// what toolwright cannot do yet is in expected-failures.yaml beside this file.
import { capability, defineTool, ToolError, toolbox, toolSet } from "toolwright";
import { listenMcpHttp } from "toolwright/mcp";
import * as z from "zod";
import { configureExtras } from "./extras.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// A 1×1 red PNG and a 1-sample silent WAV: the minimal media the scenarios ask for.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==";

const none = z.object({});

const tools = toolbox("conformance", "The conformance suite's tools", {
  test_simple_text: defineTool({
    description: "Returns a simple text",
    parameters: none,
    execute: () => "This is a simple text response for testing.",
  }),
  test_image_content: defineTool({
    description: "Returns an image",
    parameters: none,
    returns: z.object({ data: z.string() }),
    execute: () => ({ data: PNG }),
    toModelOutput: ({ data }) => [{ type: "image", data, mediaType: "image/png" }],
  }),
  test_audio_content: defineTool({
    description: "Returns an audio clip",
    parameters: none,
    returns: z.object({ data: z.string() }),
    execute: () => ({ data: WAV }),
    toModelOutput: ({ data }) => [{ type: "audio", data, mediaType: "audio/wav" }],
  }),
  test_embedded_resource: defineTool({
    description: "Returns an embedded resource",
    parameters: none,
    returns: z.object({ text: z.string() }),
    execute: () => ({ text: "This is an embedded resource content." }),
    toModelOutput: ({ text }) => [
      { type: "resource", uri: "test://embedded-resource", mediaType: "text/plain", text },
    ],
  }),
  test_multiple_content_types: defineTool({
    description: "Returns text, an image and a resource",
    parameters: none,
    returns: z.object({ test: z.string(), value: z.number() }),
    execute: () => ({ test: "data", value: 123 }),
    toModelOutput: (value) => [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: PNG, mediaType: "image/png" },
      {
        type: "resource",
        uri: "test://mixed-content-resource",
        mediaType: "application/json",
        text: JSON.stringify(value),
      },
    ],
  }),
  test_tool_with_logging: defineTool({
    description: "Logs three messages at info level while it runs",
    parameters: none,
    execute: async (_args, ctx) => {
      ctx?.log?.("info", "Tool execution started");
      await sleep(50);
      ctx?.log?.("info", "Tool processing data");
      await sleep(50);
      ctx?.log?.("info", "Tool execution completed");
      return "Logged three messages";
    },
  }),
  test_error_handling: defineTool({
    description: "Always fails",
    parameters: none,
    execute: (): string => {
      // The scenario's text exactly, with no prefix: a ToolError is the model's text as written.
      throw new ToolError("This tool intentionally returns an error for testing");
    },
  }),
  test_tool_with_progress: defineTool({
    description: "Reports progress 0, 50 and 100 of 100",
    parameters: none,
    execute: async (_args, ctx) => {
      for (const progress of [0, 50, 100]) {
        ctx?.emit?.({ type: "progress", progress, total: 100 });
        if (progress < 100) await sleep(50);
      }
      return "Progress reported: 0, 50, 100 of 100";
    },
  }),
  test_sampling: defineTool({
    description: "Asks the client's model",
    parameters: z.object({ prompt: z.string() }),
    execute: async ({ prompt }, ctx) => {
      const answer = await ctx?.sample?.({ messages: prompt, maxTokens: 100 });
      return `LLM response: ${answer?.text ?? "(none)"}`;
    },
  }),
  test_elicitation: defineTool({
    description: "Asks the user for a username and an email",
    parameters: z.object({ message: z.string() }),
    execute: async ({ message }, ctx) => {
      const schema = z.object({
        username: z.string().describe("User's response"),
        email: z.string().describe("User's email address"),
      });
      const answer = await ctx?.elicit?.({ message, schema });
      return `User response: ${JSON.stringify(answer)}`;
    },
  }),
  test_elicitation_sep1034_defaults: defineTool({
    description: "Asks with a default for every primitive",
    parameters: none,
    execute: async (_args, ctx) => {
      const schema = z.object({
        name: z.string().default("John Doe"),
        age: z.number().int().default(30),
        score: z.number().default(95.5),
        status: z.enum(["active", "inactive", "pending"]).default("active"),
        verified: z.boolean().default(true),
      });
      const answer = await ctx?.elicit?.({ message: "Defaults", schema });
      return `Elicitation completed: ${JSON.stringify(answer)}`;
    },
  }),
  test_elicitation_sep1330_enums: defineTool({
    description: "Asks with each of the five enum shapes",
    parameters: none,
    execute: async (_args, ctx) => {
      const titled = (values: Record<string, string>) =>
        z.union(
          Object.entries(values).map(([value, title]) => z.literal(value).meta({ title })) as [
            z.ZodLiteral<string>,
            z.ZodLiteral<string>,
          ],
        );
      const schema = z.object({
        untitledSingle: z.enum(["option1", "option2", "option3"]),
        titledSingle: titled({ value1: "First Option", value2: "Second Option" }),
        legacyEnum: z
          .enum(["opt1", "opt2", "opt3"])
          .meta({ enumNames: ["Option One", "Option Two", "Option Three"] }),
        untitledMulti: z.array(z.enum(["option1", "option2", "option3"])),
        titledMulti: z.array(titled({ value1: "First Choice", value2: "Second Choice" })),
      });
      const answer = await ctx?.elicit?.({ message: "Enums", schema });
      return `Elicitation completed: ${JSON.stringify(answer)}`;
    },
  }),
  // SEP-1699's scenario asks for this tool: it lets go of its connection mid-call (the
  // server sends the retry field and closes it), and the client comes back for the answer.
  test_reconnection: defineTool({
    description: "Lets go of its connection, then answers on the stream the client resumes",
    parameters: none,
    execute: async (_args, ctx) => {
      ctx?.releaseConnection?.();
      await sleep(100);
      return "Reconnection test completed";
    },
  }),
  json_schema_2020_12_tool: defineTool({
    description: "Tool with JSON Schema 2020-12 features",
    parameters: z
      .object({
        name: z.string().optional(),
        address: z
          .object({ street: z.string().optional(), city: z.string().optional() })
          .meta({ id: "address" })
          .optional(),
      })
      .strict(),
    execute: ({ name }) => `hello ${name ?? "nobody"}`,
  }),
});

export const conformanceTools = toolSet([
  capability({ name: "conformance", description: "The conformance suite's tools", toolbox: tools }),
]);

/** Serves the tools on 127.0.0.1 at a free port; the caller closes it. */
/** The conformance server, stateless (the default) or in session mode. */
export function serveConformance(sessions = false) {
  return listenMcpHttp({
    name: "toolwright-conformance",
    version: "1.0.0",
    tools: conformanceTools,
    server: { configure: configureExtras },
    sessions,
  });
}
