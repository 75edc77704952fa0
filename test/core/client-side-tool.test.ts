/**
 * Declaration-only tools: a `defineTool` without `execute` is a tool the client runs (the
 * AI SDK's tools without `execute`). It is listed in its place by every adapter, linted
 * like any other, handed to the AI SDK without `execute` (so `generateText` leaves its
 * call to the host), and a call of it through toolwright fails by name, after its
 * arguments were parsed, instead of returning nothing.
 */
import { generateText, stepCountIs } from "ai";
import { ClientToolError, capability, defineTool, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { lintToolSet } from "toolwright/lint";
import { mcp } from "toolwright/mcp";
import { chatCompletions } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { done, scripted, toolCalls } from "../adapters/ai-sdk-mock";
import { type Z, zods } from "../set/fixtures";
import { rejection } from "./catch";

function tools(z: Z) {
  const ask_user = defineTool({
    description: "Ask the user a question and wait for the answer",
    parameters: z.object({ question: z.string() }),
  });
  const now = defineTool({
    description: "The time",
    parameters: z.object({}),
    execute: () => "12:00",
  });
  const later = defineTool({
    description: "Later",
    parameters: z.object({}),
    execute: () => "13:00",
  });
  const box = toolbox("chat", "Chat", { now, ask_user, later });
  return { box, set: toolSet([capability({ name: "chat", description: "Chat", toolbox: box })]) };
}

describe.each(zods)("a tool declared without execute (%s)", (_label, z) => {
  it("is marked clientSide and listed in declaration order by every adapter", () => {
    const { set } = tools(z);
    expect(set.get("ask_user")?.clientSide).toBe(true);
    expect(set.get("now")?.clientSide).toBeUndefined();
    const order = ["now", "ask_user", "later"];
    expect(chatCompletions.list(set).tools.map((tool) => tool.function.name)).toEqual(order);
    expect(mcp.list(set).tools.map((tool) => tool.name)).toEqual(order);
    expect(Object.keys(aiSdk.list(set).tools)).toEqual(order);
  });

  it("fails by name when toolwright is asked to run it, after its arguments are parsed", async () => {
    const { box, set } = tools(z);
    const error = await rejection(box.execute("ask_user", { question: "ok?" }));
    expect(error).toBeInstanceOf(ClientToolError);
    expect(error).toMatchObject({ code: "CLIENT_TOOL" });
    const outcome = await set.call("ask_user", { question: "ok?" });
    expect(outcome).toMatchObject({
      ok: false,
      kind: "thrown",
      error:
        "tool 'ask_user' is declared without execute: the client runs it, so it cannot run here; send its calls to the client",
    });
    expect((outcome as { cause?: unknown }).cause).toBeInstanceOf(ClientToolError);
    expect(await set.call("ask_user", { question: 1 } as never)).toMatchObject({
      kind: "invalid-arguments",
    });
  });

  it("reaches the AI SDK without execute: generateText leaves its call to the host", async () => {
    const { set } = tools(z);
    const { tools: listed } = aiSdk.list(set);
    expect(listed.ask_user?.execute).toBeUndefined();
    expect(listed.now?.execute).toBeTypeOf("function");
    const { model } = scripted(toolCalls(["c1", "ask_user", { question: "ok?" }]), done);
    const result = await generateText({
      model,
      tools: listed,
      prompt: "ask",
      stopWhen: stepCountIs(3),
    });
    expect(result.toolCalls.map((call) => call.toolName)).toEqual(["ask_user"]);
    expect(result.toolResults).toEqual([]);
  });

  it("is linted like any other", () => {
    const ask = defineTool({
      description: "Ask",
      parameters: z.object({ n: z.number().positive() }),
    });
    const set = toolSet([
      capability({ name: "c", description: "c", toolbox: toolbox("c", "c", { ask }) }),
    ]);
    const findings = lintToolSet(set, { dialect: "gemini-bifrost" });
    expect(findings.map((finding) => finding.code)).toContain("exclusive-numeric-bound");
  });
});
