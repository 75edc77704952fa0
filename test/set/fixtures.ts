/**
 * Capabilities the host tests share, built on either Zod major. `zod/v3` is typed as
 * the v4 namespace here: the fixtures only use the API both majors share.
 */

import {
  type Capability,
  capability,
  definePlay,
  defineTool,
  type PlayDefinition,
  playbook,
  readScope,
  TextManual,
  type ToolDefinition,
  type ToolSet,
  type ToolSetOptions,
  toolbox,
  toolSet,
} from "toolwright";
import * as z4 from "zod";
import * as z3raw from "zod/v3";

export const zods = [
  ["zod", z4],
  ["zod/v3", z3raw as unknown as typeof z4],
] as const;

export type Z = typeof z4;

/**
 * Tools the adapters' control tests share: one that reads, one that runs past its 20 ms
 * `timeoutMs` (resolving only when its signal aborts), and one that throws a message its
 * `formatError` hides from the model.
 */
export function controlTools(z: Z) {
  return {
    read_note: defineTool({
      description: "Read a note",
      parameters: z.object({ id: z.string() }),
      execute: ({ id }) => ({ id, text: "hello" }),
    }),
    stall: defineTool({
      description: "Waits until its signal aborts",
      parameters: z.object({}),
      controls: { timeoutMs: 20 },
      execute: (_args, ctx) =>
        new Promise((resolve) => {
          ctx?.signal?.addEventListener("abort", () => resolve("too late"));
        }),
    }),
    fragile: defineTool({
      description: "Always throws",
      parameters: z.object({}),
      controls: {
        formatError: (failure) =>
          failure.kind === "thrown" ? "fragile is down; try again later" : undefined,
      },
      execute: () => {
        throw new Error("socket hang up at 10.0.0.7");
      },
    }),
  };
}

/** One capability holding `tools` and `plays`, as a set with `options`. */
export function setOf(
  tools: Record<string, ToolDefinition>,
  options: ToolSetOptions = {},
  plays: Record<string, PlayDefinition> = {},
): ToolSet {
  const owner = capability({
    name: "c",
    description: "c",
    toolbox: toolbox("c", "c", tools),
    playbook: playbook("p", "p", plays),
  });
  return toolSet([owner], options);
}

/** Every name the fixture capabilities offer, in tool set order. */
export const fixtureNames = [
  "add_note",
  "list_notes",
  "broken",
  "fail",
  "whoami",
  "slow",
  "add_twice",
  "bad_play",
  "list_notes_guide_sections",
  "read_notes_guide_section",
  "now",
] as const;

/** `notes` (tools, a play, a manual) and `clock` (one read-only tool). */
export function fixtureCapabilities(z: Z): [Capability, Capability] {
  const store: string[] = [];
  const notes = capability({
    name: "notes",
    description: "A notebook",
    toolbox: toolbox("notes", "Note tools", {
      add_note: defineTool({
        description: "Add a note",
        parameters: z.object({ text: z.string().min(1).describe("The note") }),
        returns: z.object({ id: z.number(), count: z.number() }),
        annotations: { title: "Add a note", destructive: false, idempotent: false },
        execute: ({ text }) => {
          store.push(text);
          return { id: store.length, count: store.length };
        },
      }),
      list_notes: defineTool({
        description: "List notes",
        parameters: z.object({ prefix: z.string().optional().describe("Only notes starting so") }),
        returns: z.object({ notes: z.array(z.string()) }),
        annotations: { readOnly: true, idempotent: true },
        execute: ({ prefix }) => ({ notes: store.filter((note) => note.startsWith(prefix ?? "")) }),
      }),
      broken: defineTool({
        description: "Returns what its returns schema forbids",
        parameters: z.object({}),
        returns: z.object({ n: z.number() }),
        annotations: { readOnly: true },
        // @ts-expect-error deliberately wrong
        execute: () => ({ n: "not a number" }),
      }),
      fail: defineTool({
        description: "Always throws",
        parameters: z.object({}),
        execute: () => {
          throw new Error("the notebook is on fire");
        },
      }),
      whoami: defineTool({
        description: "Echo the run scope and a number after a delay",
        parameters: z.object({ n: z.number(), delayMs: z.number().optional() }),
        returns: z.object({ n: z.number(), scope: z.string() }),
        annotations: { readOnly: true },
        execute: async ({ n, delayMs }, ctx) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs ?? 0));
          const scope = readScope<{ id: string }>(ctx);
          return { n, scope: scope?.id ?? "none" };
        },
      }),
      slow: defineTool({
        description: "Waits until cancelled, ignoring nothing",
        parameters: z.object({ ms: z.number() }),
        annotations: { readOnly: true },
        execute: async ({ ms }, ctx) => {
          ctx?.emit?.({ type: "progress", message: "started" });
          await new Promise((resolve) => setTimeout(resolve, ms));
          ctx?.emit?.({ type: "progress", message: "done" });
          return { waited: ms, aborted: ctx?.signal?.aborted ?? false };
        },
      }),
    }),
    manual: new TextManual("notes-guide", "# Notes\nUse add_note.\n# Listing\nUse list_notes."),
    playbook: playbook("notes-plays", "Note recipes", {
      add_twice: definePlay({
        description: "Add a note twice",
        parameters: z.object({ text: z.string() }),
        returns: z.object({ added: z.number() }),
        execute: ({ text }) => {
          store.push(text, text);
          return { added: 2 };
        },
      }),
      bad_play: definePlay({
        description: "A play that violates its returns",
        parameters: z.object({}),
        returns: z.object({ ok: z.boolean() }),
        // @ts-expect-error deliberately wrong
        execute: () => ({ ok: "yes" }),
      }),
    }),
  });
  const clock = capability({
    name: "clock",
    description: "Time",
    toolbox: toolbox("clock", "Clock tools", {
      now: defineTool({
        description: "The fixed time",
        parameters: z.object({}),
        returns: z.object({ iso: z.string() }),
        annotations: { readOnly: true, openWorld: false },
        execute: () => ({ iso: "2025-01-01T00:00:00Z" }),
      }),
    }),
  });
  return [notes, clock];
}
