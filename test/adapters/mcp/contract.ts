/**
 * The MCP client contract every transport must pass: one function per transport
 * supplies a connected official SDK `Client` over the fixture capabilities, whose
 * server builds `ctx.host` as `{ scope: { id: "call-<requestId>" } }`.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureNames } from "../../set/fixtures";

export interface Connected {
  readonly client: Client;
  close(): Promise<void>;
}

function text(result: unknown): string {
  const content = (result as CallToolResult).content;
  const first = content[0];
  return first?.type === "text" ? first.text : "";
}

export function mcpContract(
  label: string,
  connect: () => Promise<Connected>,
  options: { readonly concurrent?: number } = {},
): void {
  describe(`MCP over ${label}`, () => {
    let connected: Connected;
    let client: Client;
    beforeAll(async () => {
      connected = await connect();
      client = connected.client;
    });
    afterAll(async () => {
      await connected?.close();
    });

    it("lists tools with 2020-12 schemas, output schemas and annotations", async () => {
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      expect([...byName.keys()]).toEqual([...fixtureNames]);
      const add = byName.get("add_note");
      expect(add?.inputSchema).toMatchObject({
        type: "object",
        properties: { text: { type: "string", description: "The note" } },
        required: ["text"],
      });
      expect(add?.outputSchema).toMatchObject({ type: "object", required: ["id", "count"] });
      expect(add?.title).toBe("Add a note");
      expect(add?.annotations).toEqual({
        title: "Add a note",
        destructiveHint: false,
        idempotentHint: false,
      });
      expect(byName.get("list_notes")?.annotations).toEqual({
        readOnlyHint: true,
        idempotentHint: true,
      });
      expect(byName.get("fail")?.outputSchema).toBeUndefined();
      expect(byName.get("fail")?.annotations).toBeUndefined();
      expect(byName.get("add_twice")?._meta).toEqual({
        "toolwright/kind": "play",
        "toolwright/capability": "notes",
      });
    });

    it("calls a tool: structuredContent plus the JSON as text", async () => {
      const result = await client.callTool({ name: "add_note", arguments: { text: "hello" } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ id: expect.any(Number) });
      expect(JSON.parse(text(result))).toEqual(result.structuredContent);
      const listed = await client.callTool({ name: "list_notes", arguments: { prefix: "hel" } });
      expect(listed.structuredContent).toMatchObject({ notes: expect.arrayContaining(["hello"]) });
    });

    it("calls a play", async () => {
      const result = await client.callTool({ name: "add_twice", arguments: { text: "x" } });
      expect(result.structuredContent).toEqual({ added: 2 });
      const invalid = await client.callTool({ name: "add_twice", arguments: {} });
      expect(invalid.isError).toBe(true);
      expect(text(invalid)).toMatch(/^play 'add_twice' received invalid arguments/);
    });

    it("invalid arguments are an isError result naming the tool", async () => {
      const result = await client.callTool({ name: "add_note", arguments: { text: 42 } });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^tool 'add_note' received invalid arguments: /);
    });

    it("an unknown tool is an isError result listing the tools", async () => {
      const result = await client.callTool({ name: "nope", arguments: {} });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^unknown tool 'nope'; available tools: add_note, list_notes/);
    });

    it("an output violation and a thrown error are isError results; the server keeps serving", async () => {
      const violated = await client.callTool({ name: "broken", arguments: {} });
      expect(violated.isError).toBe(true);
      expect(text(violated)).toMatch(/^tool 'broken' output violated its returns schema: /);
      const thrown = await client.callTool({ name: "fail", arguments: {} });
      expect(thrown).toMatchObject({
        isError: true,
        content: [{ type: "text", text: "tool 'fail' failed: the notebook is on fire" }],
      });
      const after = await client.callTool({ name: "now", arguments: {} });
      expect(after.structuredContent).toEqual({ iso: "2025-01-01T00:00:00Z" });
    });

    it("reads manuals as resources and through the manual tools", async () => {
      const { resources } = await client.listResources();
      expect(resources).toEqual([
        expect.objectContaining({ uri: "toolwright://manual/notes", name: "notes-guide" }),
      ]);
      const read = await client.readResource({ uri: "toolwright://manual/notes" });
      expect(read.contents[0]).toMatchObject({ text: expect.stringContaining("# Listing") });
      const section = await client.callTool({
        name: "read_notes_guide_section",
        arguments: { title: "Listing" },
      });
      expect(section.structuredContent).toEqual({
        title: "Listing",
        content: "# Listing\nUse list_notes.",
      });
    });

    it("sends ctx.emit events as progress notifications when the client asks", async () => {
      const messages: (string | undefined)[] = [];
      const result = await client.callTool({ name: "slow", arguments: { ms: 5 } }, undefined, {
        onprogress: (progress) => messages.push(progress.message),
      });
      expect(JSON.parse(text(result))).toEqual({ waited: 5, aborted: false });
      // The SDK client handles a notification a microtask after it reads it, so one that
      // arrives in the same chunk as the result can be dropped; the first always arrives.
      expect(messages[0]).toBe("started");
      expect(messages.every((message) => message === "started" || message === "done")).toBe(true);
    });

    it("cancellation settles the call promptly and the server keeps serving", async () => {
      const controller = new AbortController();
      const started = performance.now();
      const pending = client.callTool({ name: "slow", arguments: { ms: 3_000 } }, undefined, {
        signal: controller.signal,
      });
      setTimeout(() => controller.abort("stop"), 30);
      await expect(pending).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(1_500);
      const after = await client.callTool({ name: "now", arguments: {} });
      expect(after.isError).toBeFalsy();
    });

    const count = options.concurrent ?? 1_000;
    it(`${count} concurrent calls: nothing lost, no scope crossing`, async () => {
      const results = await Promise.all(
        Array.from({ length: count }, (_, n) =>
          client.callTool({ name: "whoami", arguments: { n, delayMs: n % 7 } }),
        ),
      );
      const values = results.map(
        (result) => result.structuredContent as { n: number; scope: string },
      );
      expect(values.map((value) => value.n)).toEqual(Array.from({ length: count }, (_, n) => n));
      const scopes = new Set(values.map((value) => value.scope));
      expect(scopes.size).toBe(count);
      expect([...scopes].every((scope) => scope.startsWith("call-"))).toBe(true);
    });
  });
}
