/**
 * Whatever a tool or play throws, and whatever a signal aborts with, the hosts' promises
 * hold: `toolSet.call` and `Playbook.execute` resolve with a readable message, and the MCP
 * server answers an `isError` result, never a JSON-RPC error.
 */
import fc from "fast-check";
import { capability, definePlay, defineTool, playbook, toolbox, toolSet } from "toolwright";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { connectInMemory } from "../adapters/mcp/in-memory-client";

/** Thrown values that break naive error handling, each named. */
function hostileValues(): [string, unknown][] {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const throwingMessage = new Error("hidden");
  Object.defineProperty(throwingMessage, "message", {
    get() {
      throw new Error("message getter");
    },
  });
  return [
    ["a null-prototype object", Object.create(null)],
    [
      "an object whose toString throws",
      {
        toString() {
          throw new Error("toString");
        },
      },
    ],
    ["an Error whose message getter throws", throwingMessage],
    ["a revoked proxy", proxy],
    ["undefined", undefined],
    ["a symbol", Symbol("thrown")],
  ];
}

/** A tool set whose tool and play throw `thrown`. */
function throwing(thrown: () => unknown) {
  const parameters = z.object({});
  return toolSet([
    capability({
      name: "c",
      description: "c",
      toolbox: toolbox("c", "c", {
        fails: defineTool({
          description: "Throws",
          parameters,
          execute: () => {
            throw thrown();
          },
        }),
      }),
      playbook: playbook("p", "p", {
        fails_play: definePlay({
          description: "Throws",
          parameters,
          returns: z.object({}),
          execute: () => {
            throw thrown();
          },
        }),
      }),
    }),
  ]);
}

function expectReadableFailure(outcome: { ok: boolean; error?: unknown }): void {
  expect(outcome.ok).toBe(false);
  expect(typeof outcome.error).toBe("string");
}

describe("totality of the hosts", () => {
  it.each(hostileValues())(
    "toolSet.call resolves when a tool or play throws %s",
    async (_, value) => {
      const set = throwing(() => value);
      expectReadableFailure(await set.call("fails", {}));
      expectReadableFailure(await set.call("fails_play", {}));
    },
  );

  it.each(hostileValues())(
    "Playbook.execute resolves { error } when a play throws %s",
    async (_, value) => {
      const book = playbook("p", "p", {
        fails: {
          description: "Throws",
          parameters: z.object({}),
          execute: () => {
            throw value;
          },
        },
      });
      const envelope = (await book.execute("fails", {})) as { error: unknown };
      expect(typeof envelope.error).toBe("string");
    },
  );

  it("holds for any thrown value (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (value) => {
        const set = throwing(() => value);
        const [tool, play] = [await set.call("fails", {}), await set.call("fails_play", {})];
        return (
          !tool.ok && typeof tool.error === "string" && !play.ok && typeof play.error === "string"
        );
      }),
      { numRuns: 200 },
    );
  });

  it.each(hostileValues())(
    "toolSet.call resolves when the signal aborts with %s",
    async (_, reason) => {
      const controller = new AbortController();
      const set = toolSet([
        capability({
          name: "c",
          description: "c",
          toolbox: toolbox("c", "c", {
            waits: defineTool({
              description: "Waits forever",
              parameters: z.object({}),
              execute: () => new Promise(() => {}),
            }),
          }),
        }),
      ]);
      const pending = set.call("waits", {}, { signal: controller.signal });
      controller.abort(reason);
      expectReadableFailure(await pending);
      expectReadableFailure(await set.call("waits", {}, { signal: controller.signal }));
    },
  );

  it("the MCP server answers isError for every hostile thrown value", async () => {
    for (const [label, value] of hostileValues()) {
      const { client, close } = await connectInMemory({
        name: "totality",
        version: "1.0.0",
        tools: [
          capability({
            name: "c",
            description: "c",
            toolbox: toolbox("c", "c", {
              fails: defineTool({
                description: "Throws",
                parameters: z.object({}),
                execute: () => {
                  throw value;
                },
              }),
            }),
          }),
        ],
      });
      try {
        const result = await client.callTool({ name: "fails", arguments: {} });
        expect(result.isError, label).toBe(true);
      } finally {
        await close();
      }
    }
  });

  it("holds for any abort reason (property)", async () => {
    const set = toolSet([
      capability({
        name: "c",
        description: "c",
        toolbox: toolbox("c", "c", {
          waits: defineTool({
            description: "Waits forever",
            parameters: z.object({}),
            execute: () => new Promise(() => {}),
          }),
        }),
      }),
    ]);
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (reason) => {
        const controller = new AbortController();
        const pending = set.call("waits", {}, { signal: controller.signal });
        controller.abort(reason);
        const outcome = await pending;
        return !outcome.ok && outcome.kind === "cancelled" && typeof outcome.error === "string";
      }),
      { numRuns: 200 },
    );
  });

  it("Playbook.execute resolves { error } for any thrown value (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (value) => {
        const book = playbook("p", "p", {
          fails: definePlay({
            description: "Throws",
            parameters: z.object({}),
            returns: z.object({}),
            execute: () => {
              throw value;
            },
          }),
        });
        const envelope = (await book.execute("fails", {})) as { error?: unknown };
        return typeof envelope.error === "string";
      }),
      { numRuns: 200 },
    );
  });

  it("the MCP server answers isError for any thrown value (property)", async () => {
    let thrown: unknown;
    const { client, close } = await connectInMemory({
      name: "totality",
      version: "1.0.0",
      tools: [
        capability({
          name: "c",
          description: "c",
          toolbox: toolbox("c", "c", {
            fails: defineTool({
              description: "Throws",
              parameters: z.object({}),
              execute: () => {
                throw thrown;
              },
            }),
          }),
        }),
      ],
    });
    try {
      await fc.assert(
        fc.asyncProperty(fc.anything(), async (value) => {
          thrown = value;
          const result = await client.callTool({ name: "fails", arguments: {} });
          const [first] = result.content as { type: string; text: unknown }[];
          return (
            result.isError === true &&
            typeof first?.text === "string" &&
            first.text.startsWith("tool 'fails' failed: ")
          );
        }),
        { numRuns: 100 },
      );
    } finally {
      await close();
    }
  });
});
