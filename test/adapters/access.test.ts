/**
 * Every adapter takes the caller the same way (`ctx` in its options) and filters alike: a
 * tool the caller may not see is absent from its listing, and every answer it gives about
 * that tool (its listing, decoding a call, the call's result) is byte for byte what it
 * gives for a set without the tool, in each listing mode (strict, the catalog, native
 * deferred loading); a tool the caller sees but lacks a scope for reads the same
 * `forbidden` text everywhere and never runs. MCP through the SDK's own Client, over
 * stdio's `principal`.
 */

import { capability, defineTool, type Principal, type ToolSet, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import { mcp } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { type Z, zods } from "../set/fixtures";

const reader: { auth: Principal } = {
  auth: { subject: "rui", scopes: ["notes:read"], claims: {} },
};
const admin: { auth: Principal } = {
  auth: { subject: "ada", scopes: ["notes:read", "admin"], claims: {} },
};

/** `read_note`, `write_note` (needs notes:write) and, unless left out, `purge_notes` (hidden from rui). */
function notes(z: Z, runs: string[], withPurge: boolean) {
  const tool = (name: string, controls = {}) =>
    defineTool({
      description: `The ${name} tool. It does one thing.`,
      parameters: z.object({ id: z.string(), note: z.string().optional() }),
      returns: z.object({ done: z.string() }),
      examples: [{ id: "n1" }],
      controls,
      execute: ({ id }) => {
        runs.push(name);
        return { done: `${name} ${id}` };
      },
    });
  return capability({
    name: "notes",
    description: "Notes",
    toolbox: toolbox("notes", "Notes", {
      read_note: tool("read_note"),
      write_note: tool("write_note", { requiredScopes: ["notes:write"] }),
      ...(withPurge && {
        // Hidden from one caller only: a listing that forgot its caller would show it.
        purge_notes: tool("purge_notes", {
          visible: (ctx: { auth?: Principal } | undefined) => ctx?.auth?.subject !== "rui",
        }),
      }),
    }),
  });
}

/** Every adapter's listing of `set` for `ctx`, in each of its listing modes, as JSON. */
function listings(set: ToolSet, ctx: object | undefined): Record<string, string> {
  const json = (value: unknown) => JSON.stringify(value);
  return {
    chat: json(chatCompletions.list(set, { ctx })),
    chatStrict: json(chatCompletions.list(set, { ctx, strict: "auto", examples: "description" })),
    responses: json(responses.list(set, { ctx })),
    responsesNative: json(responses.list(set, { ctx, deferLoading: "native", strict: true })),
    anthropic: json(anthropic.list(set, { ctx })),
    anthropicCatalog: json(anthropic.list(set, { ctx, deferLoading: "catalog", strict: true })),
    anthropicBm25: json(anthropic.list(set, { ctx, toolSearch: "bm25" })),
    gemini: json(gemini.list(set, { ctx })),
    geminiLegacy: json(gemini.list(set, { ctx, field: "parameters" })),
    aiSdk: json(Object.keys(aiSdk.list(set, { ctx }).tools)),
    mcp: json(mcp.list(set, { ctx })),
  };
}

/** What every adapter's `run` answers for a call of `name` with `args`, for `ctx`, as JSON. */
async function answers(set: ToolSet, name: string, args: object, ctx: object | undefined) {
  const text = JSON.stringify(args);
  const json = (value: unknown) => JSON.stringify(value);
  return {
    chat: json(
      await chatCompletions.run(
        set,
        { id: "c", function: { name, arguments: text } },
        { ctx, strict: true },
      ),
    ),
    responses: json(
      await responses.run(set, { call_id: "c", name, arguments: text }, { ctx, strict: true }),
    ),
    anthropic: json(await anthropic.run(set, { id: "u", name, input: args }, { ctx })),
    gemini: json(await gemini.run(set, { name, args: args as Record<string, unknown> }, { ctx })),
    aiSdk: json(await aiSdk.run(set, { toolCallId: "t", toolName: name, input: args }, { ctx })),
    mcp: json(await mcp.run(set, { name, arguments: args as Record<string, unknown> }, { ctx })),
    decoded: json(
      chatCompletions.decode(
        set,
        { id: "c", function: { name, arguments: '{"id":"n","note":null}' } },
        { ctx, strict: true },
      ),
    ),
  };
}

describe.each(zods)("every adapter filters by the caller alike (%s)", (_label, z) => {
  for (const deferLoading of [false, { keep: ["read_note"] }] as const) {
    const mode = deferLoading === false ? "listed in full" : "deferred";
    it(`a hidden tool's listing and answers are a missing tool's, byte for byte (${mode})`, async () => {
      const runs: string[] = [];
      const hiding = toolSet([notes(z, runs, true)], { deferLoading });
      const without = toolSet([notes(z, runs, false)], { deferLoading });
      expect(listings(hiding, reader)).toEqual(listings(without, reader));
      const call = ["purge_notes", { id: "n" }] as const;
      expect(await answers(hiding, ...call, reader)).toEqual(
        await answers(without, ...call, reader),
      );
      if (deferLoading !== false) {
        const search = ["search_tools", { query: "purge notes" }] as const;
        expect(await answers(hiding, ...search, reader)).toEqual(
          await answers(without, ...search, reader),
        );
        const describe = ["describe_tools", { names: ["purge_notes", "write_note"] }] as const;
        expect(await answers(hiding, ...describe, reader)).toEqual(
          await answers(without, ...describe, reader),
        );
      }
      expect(runs).toEqual([]);
      // The caller its check admits sees it, and calls it.
      expect(listings(hiding, admin).mcp).toContain("purge_notes");
      expect((await answers(hiding, ...call, admin)).anthropic).toContain("purge_notes n");
    });
  }

  it("a tool seen but lacking a scope reads the same forbidden text in every adapter, and never runs", async () => {
    const runs: string[] = [];
    const set = toolSet([notes(z, runs, true)]);
    const text =
      "tool 'write_note' requires the scope 'notes:write', which the caller was not granted; it has not run";
    const got = await answers(set, "write_note", { id: "n" }, reader);
    for (const [adapter, answer] of Object.entries(got)) {
      if (adapter !== "decoded") expect(answer, adapter).toContain(text);
    }
    expect(runs).toEqual([]);
  });

  it("the AI SDK's tools call with the listing's ctx: its auth reaches the set", async () => {
    const runs: string[] = [];
    const set = toolSet([notes(z, runs, true)]);
    const { tools } = aiSdk.list(set, { ctx: admin });
    const purge = tools.purge_notes as unknown as {
      execute: (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<unknown>;
    };
    await expect(purge.execute({ id: "n" }, { toolCallId: "t", messages: [] })).resolves.toEqual({
      done: "purge_notes n",
    });
    expect(runs).toEqual(["purge_notes"]);
  });
});
