// What the conformance suite asks of an MCP server beyond tools (resources, a template,
// subscriptions, prompts, completions), added with the SDK's own API through toolwright's
// `server.configure` hook: the part of MCP toolwright leaves to the SDK.
import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

const text = (value: string) => ({ type: "text" as const, text: value });
const user = <C>(content: C) => ({ role: "user" as const, content });

/** Registers the suite's resources, prompts and completions on `server`. */
export function configureExtras(server: McpServer): void {
  server.registerResource(
    "static-text",
    "test://static-text",
    { description: "A static text resource", mimeType: "text/plain" },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "text/plain",
          text: "This is the content of the static text resource.",
        },
      ],
    }),
  );
  server.registerResource(
    "static-binary",
    "test://static-binary",
    { description: "A static binary resource", mimeType: "image/png" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "image/png", blob: PNG }] }),
  );
  server.registerResource(
    "template",
    new ResourceTemplate("test://template/{id}/data", { list: undefined }),
    { description: "Data by id", mimeType: "application/json" },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
        },
      ],
    }),
  );
  // Subscriptions have no high-level API in the SDK: a capability and two handlers.
  const subscribed = new Set<string>();
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });

  server.registerPrompt("test_simple_prompt", { description: "A simple prompt" }, () => ({
    messages: [user(text("This is a simple prompt for testing."))],
  }));
  server.registerPrompt(
    "test_prompt_with_arguments",
    {
      description: "A prompt with two arguments",
      argsSchema: {
        arg1: completable(z.string().describe("First test argument"), (value) =>
          ["paris", "park", "party"].filter((word) => word.startsWith(value)),
        ),
        arg2: z.string().describe("Second test argument"),
      },
    },
    ({ arg1, arg2 }) => ({
      messages: [user(text(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`))],
    }),
  );
  server.registerPrompt(
    "test_prompt_with_embedded_resource",
    {
      description: "A prompt embedding a resource",
      argsSchema: { resourceUri: z.string().describe("The resource to embed") },
    },
    ({ resourceUri }) => ({
      messages: [
        user({
          type: "resource" as const,
          resource: {
            uri: resourceUri,
            mimeType: "text/plain",
            text: "Embedded resource content for testing.",
          },
        }),
        user(text("Please process the embedded resource above.")),
      ],
    }),
  );
  server.registerPrompt(
    "test_prompt_with_image",
    { description: "A prompt with an image" },
    () => ({
      messages: [
        user({ type: "image" as const, data: PNG, mimeType: "image/png" }),
        user(text("Please analyze the image above.")),
      ],
    }),
  );
}
