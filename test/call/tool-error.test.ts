/**
 * The model reads what the tool decides: a `ToolError` thrown by a tool (or a play) is
 * a failure whose text is its message, as written, with no prefix, wherever the call is
 * made: `Toolbox.execute` rethrows it as it is, `Playbook.execute` returns it as
 * `{ error }`, a tool set's failure carries it (the error itself as `cause`, for the
 * recorder too), and every host adapter's result reads it, the MCP server's `isError`
 * result included. A `formatError` text is used as written too; `clientError` still
 * decides last; the output budget still applies.
 */

import {
  type CallOutcome,
  capability,
  definePlay,
  defineTool,
  type FormatError,
  playbook,
  type ToolCallRecord,
  ToolError,
  ToolwrightError,
  toolbox,
  toolSet,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { rejection } from "../core/catch";
import { type Z, zods } from "../set/fixtures";
import { adapterTexts, mcpText } from "./caller-texts";

const TEXT = '{"code":"NOT_FOUND","message":"no user 42"}';

/** A tool `x` and a play `y` that throw `error`; and a tool `plain` that throws an Error. */
function failing(z: Z, error: unknown, formatError?: FormatError) {
  const controls = formatError === undefined ? {} : { controls: { formatError } };
  const execute = (): never => {
    throw error;
  };
  const owner = capability({
    name: "c",
    description: "c",
    toolbox: toolbox("c", "c", {
      x: defineTool({ description: "fails", parameters: z.object({}), ...controls, execute }),
    }),
    playbook: playbook("p", "p", {
      y: definePlay({
        description: "fails",
        parameters: z.object({}),
        returns: z.object({}),
        ...controls,
        execute,
      }),
    }),
  });
  return { owner, box: owner.toolbox, book: owner.playbook };
}

const everyAdapter = (text: string) => ({
  chatCompletions: text,
  responses: text,
  anthropic: text,
  gemini: text,
  aiSdk: text,
});

describe("ToolError", () => {
  it("is an Error whose message is the text as written, with its name and an optional cause", () => {
    const cause = new Error("404 from the directory");
    const error = new ToolError(TEXT, { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe(TEXT);
    expect(error.name).toBe("ToolError");
    expect(error.cause).toBe(cause);
    // The tool's own failure, not one toolwright raised.
    expect(error).not.toBeInstanceOf(ToolwrightError);
    expect(new Error(TEXT)).not.toBeInstanceOf(ToolError);
  });

  it("answers instanceof by its brand, as another copy of the package makes it", () => {
    const foreign = Object.assign(new Error(TEXT), {});
    Object.defineProperty(foreign, "~toolwright.ToolError", { get: () => true });
    expect(foreign).toBeInstanceOf(ToolError);
  });
});

describe.each(zods)("a ToolError's text reaches the model as written, everywhere (%s)", (_l, z) => {
  it("Toolbox.execute rethrows it as it is; Playbook.execute returns its text as { error }", async () => {
    const error = new ToolError(TEXT);
    const { box, book } = failing(z, error);
    expect(await rejection(box.execute("x", {}))).toBe(error);
    await expect(book?.execute("y", {})).resolves.toEqual({ error: TEXT });
  });

  it("a tool set's failure reads it and keeps the error as its cause, for the recorder too", async () => {
    const error = new ToolError(TEXT);
    const { owner } = failing(z, error);
    const records: ToolCallRecord[] = [];
    const set = toolSet([owner], { recorder: (record) => records.push(record) });
    const expected: CallOutcome = { ok: false, kind: "thrown", error: TEXT, cause: error };
    expect(await set.call("x", {})).toEqual(expected);
    expect(await set.call("y", {})).toEqual(expected);
    expect(records.map((record) => record.outcome)).toEqual([expected, expected]);
    expect(records.every((record) => (record.outcome as { cause?: unknown }).cause === error)).toBe(
      true,
    );
  });

  it("every provider adapter's result carries the text, and so does the MCP isError result", async () => {
    const { owner } = failing(z, new ToolError(TEXT));
    const set = toolSet([owner]);
    expect(await adapterTexts(set)).toEqual(everyAdapter(TEXT));
    expect(await mcpText(set)).toBe(TEXT);
    expect(await mcpText(set, { name: "y" })).toBe(TEXT);
  });

  it("an ordinary Error keeps MCP's default text, naming the tool", async () => {
    const { owner } = failing(z, new Error("the disk is full"));
    const set = toolSet([owner]);
    expect(await adapterTexts(set)).toEqual(everyAdapter("the disk is full"));
    expect(await mcpText(set)).toBe("tool 'x' failed: the disk is full");
  });

  it("clientError still decides last: it reads the text as written and may replace it", async () => {
    const error = new ToolError(TEXT);
    const { owner } = failing(z, error);
    const seen: unknown[] = [];
    const text = await mcpText(toolSet([owner]), {
      server: {
        clientError: (failure) => {
          seen.push({ kind: failure.kind, message: failure.message, cause: failure.cause });
          return `hidden: ${failure.message}`;
        },
      },
    });
    expect(text).toBe(`hidden: ${TEXT}`);
    expect(seen).toEqual([{ kind: "thrown", message: TEXT, cause: error }]);
  });

  it("the output budget cuts its text as it cuts any failure's", async () => {
    const long = `NOT_FOUND: ${"x".repeat(100)}`;
    const { owner } = failing(z, new ToolError(long));
    const set = toolSet([owner], { outputBudget: 20 });
    const outcome = await set.call("x", {});
    expect(outcome.ok).toBe(false);
    const cut = (outcome as { error: string }).error;
    expect(cut.startsWith(long.slice(0, 20))).toBe(true);
    expect(cut).not.toContain("x".repeat(30));
    expect(await mcpText(set)).toBe(cut);
  });
});

describe.each(zods)("a formatError text is used as written (%s)", (_l, z) => {
  it("even when it is the thrown error's own message: no prefix on any path", async () => {
    const error = new Error(TEXT);
    // The hook keeps the default text: it decides that the model reads the message as it is.
    const { owner, book } = failing(z, error, (failure) => failure.error);
    const set = toolSet([owner]);
    await expect(book?.execute("y", {})).resolves.toEqual({ error: TEXT });
    expect(await set.call("x", {})).toEqual({
      ok: false,
      kind: "thrown",
      error: TEXT,
      cause: error,
    });
    expect(await adapterTexts(set)).toEqual(everyAdapter(TEXT));
    expect(await mcpText(set)).toBe(TEXT);
    expect(await mcpText(set, { name: "y" })).toBe(TEXT);
  });

  it("a set's formatError likewise", async () => {
    const { owner } = failing(z, new Error(TEXT));
    const set = toolSet([owner], { controls: { formatError: (failure) => failure.error } });
    expect(await mcpText(set)).toBe(TEXT);
  });

  it("one that keeps the default (returns nothing) leaves MCP's default text", async () => {
    const { owner } = failing(z, new Error(TEXT), () => undefined);
    expect(await mcpText(toolSet([owner]))).toBe(`tool 'x' failed: ${TEXT}`);
  });
});
