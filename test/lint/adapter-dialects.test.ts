/**
 * Issue 13, items 1 and 5: every adapter mode names the dialect that describes it, and a
 * corpus tool that lints clean under that dialect ships through the adapter: the adapter's
 * real output passes its SDK's own helper, request path or schema.
 */

import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import { toStrictJsonSchema } from "openai/lib/transform";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { aiSdk } from "toolwright/ai-sdk";
import { anthropic } from "toolwright/anthropic";
import { gemini } from "toolwright/gemini";
import {
  ADAPTER_DIALECTS,
  ADAPTER_MODES,
  LINT_DIALECT_NAMES,
  type LintDialect,
  lintModelFacingSchema,
} from "toolwright/lint";
import { createMcpServer, mcp } from "toolwright/mcp";
import { chatCompletions, responses } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { type CorpusInstance, corpusInstances } from "./corpus/index.js";
import { legacySchemaFields, sentDeclaration } from "./evidence/gemini-request.js";
import { jsonNodes } from "./evidence/json-nodes.js";

describe("the dialect of each adapter mode", () => {
  it("is data: one dialect per mode, none of them a spec row", () => {
    expect(Object.keys(ADAPTER_DIALECTS)).toEqual([...ADAPTER_MODES]);
    for (const dialect of Object.values(ADAPTER_DIALECTS))
      expect(LINT_DIALECT_NAMES).toContain(dialect);
    expect(Object.values(ADAPTER_DIALECTS)).not.toContain("gemini-bifrost");
    expect(Object.values(ADAPTER_DIALECTS)).not.toContain("openai");
    expect(Object.isFrozen(ADAPTER_DIALECTS)).toBe(true);
  });

  it("is what each adapter's listing says of itself", () => {
    const set = toolSet([]);
    expect(chatCompletions.list(set).dialect).toBe(ADAPTER_DIALECTS.openai);
    expect(chatCompletions.list(set, { strict: true }).dialect).toBe(
      ADAPTER_DIALECTS["openai-strict"],
    );
    expect(responses.list(set, { strict: "auto" }).dialect).toBe(ADAPTER_DIALECTS["openai-strict"]);
    expect(anthropic.list(set).dialect).toBe(ADAPTER_DIALECTS.anthropic);
    expect(anthropic.list(set, { strict: true }).dialect).toBe(
      ADAPTER_DIALECTS["anthropic-strict"],
    );
    expect(gemini.list(set).dialect).toBe(ADAPTER_DIALECTS.gemini);
    expect(gemini.list(set, { field: "parameters" }).dialect).toBe(
      ADAPTER_DIALECTS["gemini-parameters"],
    );
    expect(mcp.list(set).dialect).toBe(ADAPTER_DIALECTS.mcp);
    // The AI SDK hands the draft-07 projection to whichever provider it drives: the rules
    // every JSON Schema path shares.
    expect(aiSdk.list(set).dialect).toBe(ADAPTER_DIALECTS.openai);
  });
});

/** The corpus instances with no error finding under `dialect`, on the input side. */
function cleanUnder(dialect: LintDialect): CorpusInstance[] {
  return corpusInstances().filter((instance) =>
    lintModelFacingSchema(instance.schema, { dialect, side: "input" }).every(
      (finding) => finding.severity !== "error",
    ),
  );
}

/** One capability holding every instance as a tool named `<name>_z<major>`. */
function setOf(instances: readonly CorpusInstance[]) {
  const tools = Object.fromEntries(
    instances.map((i) => [
      `${i.entry.name}_z${i.major}`,
      defineTool({
        description: `${i.entry.style}: ${i.entry.name}`,
        parameters: i.schema as never,
        execute: () => null,
      }),
    ]),
  );
  const corpus = capability({
    name: "corpus",
    description: "The evidence corpus",
    toolbox: toolbox("corpus", "The evidence corpus", tools),
  });
  return { set: toolSet([corpus], { manuals: false }), corpus };
}

/**
 * Keywords the transform took off a node (into its description, unenforced), other than those
 * strict mode documents as supported but the SDK still moves (`default`, `pattern`, `examples`),
 * and the `type` it leaves out beside an `enum` or `const`.
 */
function movedKeywords(sent: Record<string, unknown>, lowered: Record<string, unknown>): string[] {
  const out = new Map(jsonNodes(lowered).map(({ node, segments }) => [segments.join("/"), node]));
  const allowed = new Set(["default", "pattern", "examples", "oneOf"]);
  return jsonNodes(sent).flatMap(({ node, segments }) => {
    const after = out.get(segments.join("/").replaceAll("oneOf", "anyOf")) ?? {};
    const literal = node.enum !== undefined || node.const !== undefined;
    return Object.keys(node)
      .filter((key) => !(key in after) && !allowed.has(key) && !(key === "type" && literal))
      .map((key) => `${segments.join("/")}: ${key}`);
  });
}

const draft07 = new Ajv({ strict: false, validateFormats: false });
const draft2020 = new Ajv2020({ strict: false, validateFormats: false });

describe("a schema clean under its adapter's dialect ships through the adapter", () => {
  it("openai-strict: every tool converts, and OpenAI's own strict check accepts it", () => {
    // The evidence's one named openai-strict false negative (lint/README.md): a z.xor the
    // conversion cannot prove exclusive lints clean and is refused.
    const clean = cleanUnder(ADAPTER_DIALECTS["openai-strict"]).filter(
      (instance) => instance.id !== "notify_person@4",
    );
    expect(clean.length).toBeGreaterThan(100);
    const { set } = setOf(clean);
    const chat = chatCompletions.list(set, { strict: true }).tools;
    expect(chat).toHaveLength(clean.length);
    for (const tool of chat) {
      expect(tool).toMatchObject({ type: "function", function: { strict: true } });
      expect(() =>
        toStrictJsonSchema(structuredClone(tool.function.parameters) as never),
      ).not.toThrow();
    }
    const sent = responses.list(set, { strict: true }).tools;
    expect(sent.every((tool) => tool.strict === true && tool.type === "function")).toBe(true);
  });

  it("openai-non-strict: every tool's parameters is a draft-07 object schema", () => {
    const clean = cleanUnder(ADAPTER_DIALECTS.openai);
    const { set } = setOf(clean);
    for (const tool of chatCompletions.list(set).tools) {
      expect(tool.function.parameters).toMatchObject({ type: "object" });
      expect(() => draft07.compile(tool.function.parameters as object)).not.toThrow();
    }
  });

  it("anthropic: every input_schema is a valid 2020-12 object schema", () => {
    const { set } = setOf(cleanUnder(ADAPTER_DIALECTS.anthropic));
    for (const tool of anthropic.list(set).tools) {
      expect(tool.input_schema.type).toBe("object");
      expect(() => draft2020.compile(tool.input_schema)).not.toThrow();
    }
  });

  it("anthropic-strict: the SDK's strict transform keeps every constraint", () => {
    const clean = cleanUnder(ADAPTER_DIALECTS["anthropic-strict"]);
    expect(clean.length).toBeGreaterThan(40);
    const { set } = setOf(clean);
    for (const tool of anthropic.list(set).tools) {
      const sent = tool.input_schema as Record<string, unknown>;
      const lowered = transformJSONSchema(sent as never) as Record<string, unknown>;
      expect(movedKeywords(sent, lowered), tool.name).toEqual([]);
    }
  });

  it("gemini: the SDK sends each parametersJsonSchema as the adapter built it", async () => {
    const { set } = setOf(cleanUnder(ADAPTER_DIALECTS.gemini));
    for (const declaration of gemini.list(set).tools) {
      const request = await sentDeclaration(declaration);
      expect(request).toEqual({ sent: declaration });
    }
  });

  it("gemini-parameters: the legacy parameters the SDK sends use only the Schema's fields", async () => {
    const fields = legacySchemaFields();
    const { set } = setOf(cleanUnder(ADAPTER_DIALECTS["gemini-parameters"]));
    for (const schema of set.schemas("openapi-3.0")) {
      const request = await sentDeclaration({
        name: schema.name,
        parameters: structuredClone(schema.parameters) as never,
      });
      if ("thrown" in request) throw new Error(`${schema.name}: ${request.thrown}`);
      for (const { node } of jsonNodes(request.sent.parameters as Record<string, unknown>)) {
        expect(
          Object.keys(node).filter((key) => !fields.has(key)),
          schema.name,
        ).toEqual([]);
      }
    }
  });

  it("mcp: the SDK's client lists every tool with the adapter's schema", async () => {
    const clean = cleanUnder(ADAPTER_DIALECTS.mcp);
    const { set } = setOf(clean);
    const server = createMcpServer({ name: "corpus", version: "1.0.0", tools: set });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "evidence", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(set.names);
      const projected = set.schemas("draft-2020-12");
      for (const [i, tool] of tools.entries())
        expect(tool.inputSchema).toEqual({
          $schema: "https://json-schema.org/draft/2020-12/schema",
          ...projected[i]?.parameters,
        });
    } finally {
      await client.close();
      await server.close();
    }
  });
});
