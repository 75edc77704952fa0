/**
 * One pipeline, so one behaviour: each control a definition declares holds alike wherever
 * the call is made: `Toolbox.execute` (a named error), `Playbook.execute` (`{ error }`),
 * `toolSet(...).call` (a failure as data), and every host adapter's `run` (its provider's
 * result), the MCP server through the official SDK client. Each reads the same text, and
 * the tool never runs where it must not.
 */

import {
  ApprovalRequiredError,
  type CallControls,
  capability,
  definePlay,
  defineTool,
  playbook,
  ToolArgumentsError,
  ToolTimeoutError,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { rejection } from "../core/catch";
import { type Z, zods } from "../set/fixtures";
import { adapterTexts, mcpText } from "./caller-texts";

/** A tool `name` under `controls` that counts its runs and waits for its signal when asked to. */
function controlled(z: Z, controls: CallControls) {
  const runs: unknown[] = [];
  const execute = (args: { a: string; wait?: boolean }, ctx?: { signal?: AbortSignal }) => {
    runs.push(args);
    if (args.wait !== true) return { done: args.a };
    return new Promise<{ done: string }>((resolve) => {
      ctx?.signal?.addEventListener("abort", () => resolve({ done: "too late" }));
    });
  };
  const parameters = z.object({ a: z.string(), wait: z.boolean().optional() });
  const tool = defineTool({ description: "controlled", parameters, controls, execute });
  const play = definePlay({
    description: "controlled",
    parameters,
    returns: z.object({ done: z.string() }),
    controls,
    execute,
  });
  const owner = capability({
    name: "c",
    description: "c",
    toolbox: toolbox("c", "c", { x: tool }),
    playbook: playbook("p", "p", { y: play }),
  });
  return { runs, box: owner.toolbox, book: owner.playbook, set: toolSet([owner]) };
}

describe.each(zods)("a control holds alike everywhere (%s)", (_label, z) => {
  it("timeoutMs: every caller reads `tool 'x' timed out after 20 ms`", async () => {
    const { box, book, set } = controlled(z, { timeoutMs: 20 });
    const args = { a: "v", wait: true };
    const text = "tool 'x' timed out after 20 ms";
    const error = await rejection(box.execute("x", args));
    expect(error).toBeInstanceOf(ToolTimeoutError);
    expect(error.message).toBe(text);
    await expect(book?.execute("y", args)).resolves.toEqual({
      error: "play 'y' timed out after 20 ms",
    });
    expect(await set.call("x", args)).toMatchObject({ ok: false, kind: "timeout", error: text });
    expect(await adapterTexts(set, args)).toEqual({
      chatCompletions: text,
      responses: text,
      anthropic: text,
      gemini: text,
      aiSdk: text,
    });
    expect(await mcpText(set, { args })).toBe(text);
  });

  it("strictInputs: every caller refuses the unknown key by name, and nothing runs", async () => {
    const { runs, box, book, set } = controlled(z, { strictInputs: true });
    const args = { a: "v", foo: 1 };
    const text = "tool 'x' received an unknown argument 'foo'; it accepts a, wait";
    const error = await rejection(box.execute("x", args));
    expect(error).toBeInstanceOf(ToolArgumentsError);
    expect(error.message).toBe(text);
    await expect(book?.execute("y", args)).resolves.toEqual({
      error: "play 'y' received an unknown argument 'foo'; it accepts a, wait",
    });
    expect(await set.call("x", args)).toMatchObject({ kind: "invalid-arguments", error: text });
    expect(await adapterTexts(set, args)).toEqual({
      chatCompletions: text,
      responses: text,
      anthropic: text,
      gemini: text,
      aiSdk: text,
    });
    expect(await mcpText(set, { args })).toBe(text);
    expect(runs).toEqual([]);
  });

  it("needsApproval: no caller runs it unasked; each says it needs approval and has not run", async () => {
    const { runs, box, book, set } = controlled(z, { needsApproval: true });
    const args = { a: "v" };
    const text = "tool 'x' needs approval before it runs and has not run";
    const error = await rejection(box.execute("x", args));
    expect(error).toBeInstanceOf(ApprovalRequiredError);
    expect(error.message.startsWith(`${text}; Toolbox.execute cannot ask anyone`)).toBe(true);
    const enveloped = (await book?.execute("y", args)) as { error: string };
    expect(enveloped.error).toMatch(
      /^play 'y' needs approval before it runs and has not run; Playbook\.execute cannot ask anyone/,
    );
    expect(await set.call("x", args)).toMatchObject({ kind: "approval-required", error: text });
    expect(await adapterTexts(set, args)).toEqual({
      chatCompletions: text,
      responses: text,
      anthropic: text,
      gemini: text,
      aiSdk: text,
    });
    // The server asks the client's user; this client cannot be asked, and is told so.
    expect(await mcpText(set, { args })).toBe(
      `${text}; this client cannot ask the user for approval`,
    );
    expect(runs).toEqual([]);
  });

  it("formatError: every caller reads the definition's words for its failure", async () => {
    const formatError = () => "x is resting; try again later";
    const { box, book, set } = controlled(z, { formatError, timeoutMs: 20 });
    const args = { a: "v", wait: true };
    const text = "x is resting; try again later";
    // A thrown error keeps its own message and class: formatError shapes what a model reads.
    expect(await rejection(box.execute("x", args))).toBeInstanceOf(ToolTimeoutError);
    await expect(book?.execute("y", args)).resolves.toEqual({ error: text });
    expect(await set.call("x", args)).toMatchObject({ kind: "timeout", error: text });
    expect(await adapterTexts(set, args)).toEqual({
      chatCompletions: text,
      responses: text,
      anthropic: text,
      gemini: text,
      aiSdk: text,
    });
    expect(await mcpText(set, { args })).toBe(text);
  });

  it("a call with nothing to control reads the same value everywhere", async () => {
    const { box, book, set } = controlled(z, {});
    const args = { a: "v" };
    await expect(box.execute("x", args)).resolves.toEqual({ done: "v" });
    await expect(book?.execute("y", args)).resolves.toEqual({ done: "v" });
    expect(await set.call("x", args)).toEqual({ ok: true, value: { done: "v" } });
    expect(await mcpText(set, { args })).toBe('not an error: {"done":"v"}');
  });
});
