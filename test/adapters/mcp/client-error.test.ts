/**
 * What an MCP client reads when a call fails: by default the failure's message, naming
 * the tool and never a stack; with `clientError`, whatever the deployer decides, given
 * the failure's kind and cause.
 */
import { capability, defineTool, toolbox } from "toolwright";
import type { McpCallFailure, McpServerOptions } from "toolwright/mcp";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { connectInMemory } from "./in-memory-client";

const secret = new Error("connect ECONNREFUSED db.internal.example:5432 (/srv/app/db.ts)");

const tools = capability({
  name: "c",
  description: "c",
  toolbox: toolbox("c", "c", {
    query: defineTool({
      description: "Fails with an internal error",
      parameters: z.object({}),
      execute: () => {
        throw secret;
      },
    }),
    add: defineTool({
      description: "Adds",
      parameters: z.object({ a: z.number() }),
      returns: z.object({ sum: z.number() }),
      execute: ({ a }) => ({ sum: a }),
    }),
    cyclic: defineTool({
      description: "Returns what JSON cannot carry",
      parameters: z.object({}),
      execute: () => {
        const value: Record<string, unknown> = {};
        value.self = value;
        return value;
      },
    }),
  }),
});

async function callText(
  name: string,
  args: Record<string, unknown>,
  extra: Partial<McpServerOptions> = {},
): Promise<{ text: string; isError: unknown }> {
  const { client, close } = await connectInMemory({
    name: "errors",
    version: "1.0.0",
    tools: [tools],
    ...extra,
  });
  try {
    const result = await client.callTool({ name, arguments: args });
    const [first] = result.content as { text: string }[];
    return { text: first?.text ?? "", isError: result.isError };
  } finally {
    await close();
  }
}

describe("what MCP clients read of a failure", () => {
  it("by default names the tool and carries the message, never the stack", async () => {
    const { text, isError } = await callText("query", {});
    expect(isError).toBe(true);
    expect(text).toBe(`tool 'query' failed: ${secret.message}`);
    expect(text).not.toContain("    at ");
  });

  it("hands the hook the kind, the default message, the cause and the call", async () => {
    const seen: McpCallFailure[] = [];
    const { text } = await callText(
      "query",
      {},
      {
        clientError: (failure) => {
          seen.push(failure);
          return `tool '${failure.name}' failed; see the server log for request ${failure.requestId}`;
        },
      },
    );
    expect(text).toMatch(/^tool 'query' failed; see the server log for request \d+$/);
    expect(text).not.toContain("db.internal");
    expect(seen).toEqual([
      expect.objectContaining({
        name: "query",
        kind: "thrown",
        message: `tool 'query' failed: ${secret.message}`,
        cause: secret,
        requestId: expect.anything(),
      }),
    ]);
  });

  it.each([
    ["unknown-name", "missing", {}],
    ["invalid-arguments", "add", { a: "one" }],
    ["unserialisable", "cyclic", {}],
  ] as const)("routes a %s failure through the hook", async (kind, name, args) => {
    const kinds: string[] = [];
    const { text, isError } = await callText(name, args, {
      clientError: (failure) => {
        kinds.push(failure.kind);
        return `hidden ${failure.kind}`;
      },
    });
    expect(isError).toBe(true);
    expect(kinds).toEqual([kind]);
    expect(text).toBe(`hidden ${kind}`);
  });

  it("routes a failing host builder through the hook, with its error as the cause", async () => {
    const broken = new Error("no scope store");
    let cause: unknown;
    const { text } = await callText(
      "add",
      { a: 1 },
      {
        host: () => {
          throw broken;
        },
        clientError: (failure) => {
          cause = failure.cause;
          return failure.message;
        },
      },
    );
    expect(cause).toBe(broken);
    expect(text).toBe("tool 'add' failed: the server could not prepare the call: no scope store");
  });

  it.each([
    [
      "throws",
      () => {
        throw new Error("hook bug");
      },
    ],
    ["returns no string", () => 42 as unknown as string],
  ])("falls back to a text naming only the tool when the hook %s", async (_, hook) => {
    const { text, isError } = await callText("query", {}, { clientError: hook });
    expect(isError).toBe(true);
    expect(text).toBe("tool 'query' failed");
  });

  it("leaves successful calls alone", async () => {
    const { text, isError } = await callText("add", { a: 2 }, { clientError: () => "never used" });
    expect(isError).toBeUndefined();
    expect(JSON.parse(text)).toEqual({ sum: 2 });
  });
});
