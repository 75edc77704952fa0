/**
 * What a model reads of a result never throws and never outgrows its budget: whatever a
 * `toModelOutput` returns (a throwing getter, a Proxy, a part whose `type` throws), the
 * content is plain parts, and with `outputBudget` every character the model reads counts
 * (text, data, names, URIs, media types, descriptions, failure texts, and each part), cut
 * on a code point.
 */
import fc from "fast-check";
import {
  type CallOutcome,
  type ContentPart,
  capability,
  defineTool,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { mcp } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const MIB = 1024 * 1024;

function setWith(options: {
  toModelOutput?: (value: unknown) => unknown;
  budget?: number;
  fails?: string;
}) {
  const tools = toolbox("t", "Tools", {
    shown: defineTool({
      description: "Shows a value",
      parameters: z.object({}),
      execute: () => {
        if (options.fails !== undefined) throw new Error(options.fails);
        return { id: 7 };
      },
      ...(options.toModelOutput !== undefined && { toModelOutput: options.toModelOutput as never }),
    }),
  });
  return toolSet([capability({ name: "t", description: "Tools", toolbox: tools })], {
    ...(options.budget !== undefined && { outputBudget: options.budget }),
  }) as unknown as ToolSet;
}

function throwing(message: string): () => never {
  return () => {
    throw new Error(message);
  };
}

/** What `toModelOutput` returns, hostile: each named. */
function hostileOutputs(): [string, () => unknown][] {
  const throwingProxy = new Proxy([], { get: throwing("get trap"), has: throwing("has trap") });
  const { proxy: revokedArray, revoke } = Proxy.revocable([], {});
  revoke();
  return [
    [
      "an array with a throwing element getter",
      () => Object.defineProperty([{ type: "text", text: "a" }], 0, { get: throwing("element") }),
    ],
    ["a throwing Proxy array", () => throwingProxy],
    ["a revoked Proxy", () => revokedArray],
    [
      "a part whose type getter throws",
      () => [Object.defineProperty({ text: "a" }, "type", { get: throwing("type") })],
    ],
    [
      "a part whose text getter throws",
      () => [Object.defineProperty({ type: "text" }, "text", { get: throwing("text") })],
    ],
    ["a part that is a throwing Proxy", () => [new Proxy({}, { get: throwing("part get") })]],
    [
      "an array whose length getter lies",
      () =>
        new Proxy([{ type: "text", text: "a" }], {
          get: (t, k) => (k === "length" ? 2 ** 32 : Reflect.get(t, k)),
        }),
    ],
  ];
}

const PART_TYPES = new Set(["text", "image", "audio", "resource-link", "resource"]);

function expectPlainParts(parts: readonly ContentPart[]): void {
  expect(Array.isArray(parts)).toBe(true);
  for (const part of parts) {
    expect(Object.getPrototypeOf(part)).toBe(Object.prototype);
    expect(PART_TYPES.has(part.type)).toBe(true);
  }
}

/** Every adapter's result for one call of `shown` that came back `outcome`. */
function encodedEverywhere(set: ToolSet, outcome: CallOutcome): unknown[] {
  return [
    anthropic.encode(set, { id: "u1", name: "shown", input: {} }, outcome),
    gemini.encode(set, { id: "g1", name: "shown", args: {} }, outcome),
    chatCompletions.encode(
      set,
      { id: "c1", function: { name: "shown", arguments: "{}" } },
      outcome,
    ),
    responses.encode(
      set,
      { type: "function_call", call_id: "r1", name: "shown", arguments: "{}" } as never,
      outcome,
    ),
    aiSdk.encode(set, { toolCallId: "a1", toolName: "shown", input: {} } as never, outcome),
    mcp.encode(set, { name: "shown", arguments: {} }, outcome),
  ];
}

describe("content never throws", () => {
  it.each(hostileOutputs())(
    "toModelOutput returning %s: set.content and every adapter settle",
    async (_, output) => {
      const set = setWith({ toModelOutput: output });
      const parts = set.content("shown", { id: 7 });
      expectPlainParts(parts);
      expect(JSON.stringify(parts)).toContain('{\\"id\\":7}');
      const outcome = await set.call("shown", {});
      expect(() => encodedEverywhere(set, outcome)).not.toThrow();
      await expect(
        anthropic.run(set, { id: "u1", name: "shown", input: {} }),
      ).resolves.toMatchObject({
        type: "tool_result",
      });
    },
  );

  it("any value returned by toModelOutput gives plain parts", () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withBigInt: true, withSparseArray: true }),
        (value) => {
          const set = setWith({ toModelOutput: () => value });
          expectPlainParts(set.content("shown", { id: 7 }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the parts are copies: a getter cannot change them after the check", () => {
    let reads = 0;
    const part = {
      type: "text",
      get text() {
        reads += 1;
        return reads === 1 ? "checked" : (7 as unknown as string);
      },
    };
    const [copy] = setWith({ toModelOutput: () => [part] }).content("shown", null);
    expect(copy).toEqual({ type: "text", text: "checked" });
    expect(Object.getOwnPropertyDescriptor(copy, "text")?.get).toBeUndefined();
  });

  it("a resource { text: null, blob } is its blob, not a text of null", () => {
    const parts = setWith({
      toModelOutput: () => [
        {
          type: "resource",
          uri: "file:///a.pdf",
          mediaType: "application/pdf",
          text: null,
          blob: "AAAA",
        },
      ],
    }).content("shown", null);
    expect(parts).toEqual([
      { type: "resource", uri: "file:///a.pdf", mediaType: "application/pdf", blob: "AAAA" },
    ]);
  });
});

/** Every character a model reads of `parts`: each string of each part but its type. */
function charactersOf(parts: readonly ContentPart[]): number {
  return parts.reduce(
    (sum, part) =>
      sum +
      Object.entries(part).reduce<number>(
        (n, [key, field]) => n + (key !== "type" && typeof field === "string" ? field.length : 0),
        0,
      ),
    0,
  );
}

describe("the budget counts every character the model reads", () => {
  const BUDGET = 1_000;
  // Room for the markers saying what was cut, each bounded.
  const SLACK = 600;
  // A provider's result adds its own framing to each part (a block's keys, some 30
  // characters for an empty text block); unbounded, each case here is megabytes.
  const FRAMED = 50 * (BUDGET + SLACK);
  const big = "n".repeat(2 * MIB);
  const floods: [string, unknown[]][] = [
    ["a resource link's name", [{ type: "resource-link", uri: "file:///r", name: big }]],
    [
      "a resource link's description",
      [{ type: "resource-link", uri: "file:///r", name: "r", description: big }],
    ],
    ["a resource's URI", [{ type: "resource", uri: `file:///${big}`, text: "t" }]],
    ["a resource link's URI", [{ type: "resource-link", uri: `file:///${big}`, name: "r" }]],
    ["an image's mediaType", [{ type: "image", data: "AAAA", mediaType: `image/${big}` }]],
    [
      "100,000 empty text parts",
      Array.from({ length: 100_000 }, () => ({ type: "text", text: "" })),
    ],
    [
      "100,000 small images",
      Array.from({ length: 100_000 }, () => ({
        type: "image",
        data: "AAAA",
        mediaType: "image/png",
      })),
    ],
  ];

  it.each(floods)(
    "%s: within the budget, through set.content and every adapter",
    async (_, parts) => {
      const set = setWith({ toModelOutput: () => parts, budget: BUDGET });
      const content = set.content("shown", null);
      expect(charactersOf(content)).toBeLessThanOrEqual(BUDGET + SLACK);
      // At most one part a character, then the cut part and one marker for the rest.
      expect(content.length).toBeLessThanOrEqual(BUDGET + 2);
      const outcome = await set.call("shown", {});
      for (const result of encodedEverywhere(set, outcome)) {
        expect(JSON.stringify(result).length).toBeLessThan(FRAMED);
      }
    },
  );

  it("a thrown 2 MiB message reaches no adapter uncut", async () => {
    const set = setWith({ fails: big, budget: BUDGET });
    const outcome = await set.call("shown", {});
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? 0 : outcome.error.length).toBeLessThanOrEqual(BUDGET + SLACK);
    expect(outcome.ok ? "" : outcome.error).toMatch(/\[truncated: [\d,]+ more characters\]$/);
    for (const result of encodedEverywhere(set, outcome)) {
      expect(JSON.stringify(result).length).toBeLessThan(FRAMED);
    }
  });

  it("an unknown tool's hostile name reaches the model cut", async () => {
    const set = setWith({ budget: BUDGET });
    const outcome = await set.call(big, {});
    expect(outcome.ok ? 0 : outcome.error.length).toBeLessThanOrEqual(BUDGET + SLACK);
  });

  it("any parts, any budget: the content stays within it", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 40 });
    const part = fc.oneof(
      fc.record({ type: fc.constant("text"), text }),
      fc.record({ type: fc.constant("image"), data: fc.constant("AAAA"), mediaType: text }),
      fc.record({ type: fc.constant("resource-link"), uri: text, name: text, description: text }),
      fc.record({ type: fc.constant("resource"), uri: text, text }),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 30 }), fc.nat({ max: 200 }), (parts, budget) => {
        const content = setWith({ toModelOutput: () => parts, budget }).content("shown", null);
        const total = charactersOf(parts as ContentPart[]);
        if (total + parts.length <= budget) expect(content).toEqual(parts);
        else expect(charactersOf(content)).toBeLessThanOrEqual(budget + SLACK);
        for (const kept of content) {
          for (const field of Object.values(kept)) {
            // A lone surrogate is the only code point \p{Cs} matches under the u flag.
            if (typeof field === "string") expect(field).not.toMatch(/\p{Cs}/u);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("cuts on a code point, never inside a surrogate pair", () => {
    const set = setWith({ toModelOutput: () => "a😀b", budget: 2 });
    const [part] = set.content("shown", null);
    expect(part).toEqual({ type: "text", text: "a\n… [truncated: 3 more characters]" });
  });
});
