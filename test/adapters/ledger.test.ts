import type { FunctionDeclaration } from "@google/genai";
import { toStrictJsonSchema } from "openai/lib/transform";
import { capability, defineTool, projectParameters, toolbox, toolSet } from "toolwright";
import { gemini } from "toolwright/gemini";
import { formatLoweringChange } from "toolwright/lint";
import { chatCompletions, responses, StrictSchemaError } from "toolwright/openai";
import { describe, expect, it } from "vitest";
import { legacySchemaFields, sentDeclaration } from "../lint/evidence/gemini-request.js";
import { jsonNodes } from "../lint/evidence/json-nodes.js";
import { type Z, zods } from "../set/fixtures";
import { openAIOutcome, responsesOutcome } from "./openai-outcome";

function setOf(z: Z) {
  const seen: unknown[] = [];
  const note = defineTool({
    description: "Add a note",
    parameters: z.object({
      text: z.string(),
      note: z.string().optional(),
      page: z.number().default(1),
    }),
    execute: (args) => {
      seen.push(args);
      return "ok";
    },
  });
  const tag = defineTool({
    description: "Tag notes",
    parameters: z.object({ labels: z.record(z.string(), z.string()) }),
    execute: (args) => {
      seen.push(args);
      return "ok";
    },
  });
  const set = toolSet([
    capability({
      name: "notes",
      description: "Notes",
      toolbox: toolbox("notes", "Notes", { note, tag }),
    }),
  ]);
  return { set, seen };
}

describe.each(zods)("OpenAI lowering ledger and strict: 'auto' (%s)", (_label, z) => {
  it("strict: true still throws for every tool when one cannot be strict", () => {
    expect(() => chatCompletions.list(setOf(z).set, { strict: true })).toThrow(StrictSchemaError);
    expect(() => responses.list(setOf(z).set, { strict: true })).toThrow(StrictSchemaError);
  });

  it("strict: 'auto' sends the strict-capable tools strict and ledgers the rest", () => {
    const { set } = setOf(z);
    const { tools, ledger, dialect } = chatCompletions.list(set, { strict: "auto" });
    expect(dialect).toBe("openai-strict");
    expect(tools.map((tool) => [tool.function.name, tool.function.strict])).toEqual([
      ["note", true],
      ["tag", undefined],
    ]);
    expect(tools[1]?.function.parameters).toEqual(
      projectParameters("tag", set.get("tag")?.parameters as never, "draft-07"),
    );
    // OpenAI's own strict transform accepts what is sent strict, unchanged.
    const strict = tools[0]?.function.parameters as Record<string, unknown>;
    expect(toStrictJsonSchema(structuredClone(strict) as never)).toEqual(strict);
    expect(ledger).toContainEqual({
      tool: "note",
      target: "openai-strict",
      path: "$.note",
      kind: "nullable",
      message: "optional made nullable and required (a null sent is restored to absent)",
    });
    expect(ledger).toContainEqual(
      expect.objectContaining({ tool: "note", path: "$.page", kind: "dropped" }),
    );
    expect(ledger.filter((change) => change.kind === "non-strict")).toEqual([
      {
        tool: "tag",
        target: "openai",
        path: "$",
        kind: "non-strict",
        message: expect.stringMatching(/^sent non-strict: \$\.labels/),
      },
    ]);
    expect(formatLoweringChange(ledger.at(-1) as never)).toMatch(/^tag \$: sent non-strict: /);
    expect(chatCompletions.list(set, { strict: "auto" }).tools).toEqual(tools);
  });

  it("Responses: strict per tool under 'auto'", () => {
    const { tools, ledger, dialect } = responses.list(setOf(z).set, { strict: "auto" });
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ["note", true],
      ["tag", false],
    ]);
    expect(responses.list(setOf(z).set, { strict: "auto" }).tools).toEqual(tools);
    expect(ledger).toEqual(chatCompletions.list(setOf(z).set, { strict: "auto" }).ledger);
    expect(dialect).toBe("openai-strict");
  });

  it("decoding restores nulls only for the tools sent strict", async () => {
    const { set, seen } = setOf(z);
    const options = { strict: "auto" } as const;
    expect(await openAIOutcome(set, "note", '{"text":"a","note":null,"page":2}', options)).toEqual({
      ok: true,
      value: "ok",
    });
    expect(await openAIOutcome(set, "tag", '{"labels":{"a":"b"}}', options)).toEqual({
      ok: true,
      value: "ok",
    });
    expect(seen).toEqual([{ text: "a", page: 2 }, { labels: { a: "b" } }]);
    // A null sent to the tool sent non-strict is the model's own: its schema refuses it.
    const tagged = await responsesOutcome(set, "tag", '{"labels":null}', options);
    expect(!tagged.ok && tagged.error).toMatch(/^tool 'tag' received invalid arguments/);
    const call = { call_id: "r1", name: "note", arguments: '{"text":"b","note":null}' };
    expect(await responses.run(set, call, options)).toEqual({
      type: "function_call_output",
      call_id: "r1",
      output: "ok",
    });
    expect(seen.at(-1)).toEqual({ text: "b", page: 1 });
  });

  it("the default output is unchanged, with an empty ledger", () => {
    const { set } = setOf(z);
    const lowered = chatCompletions.list(set);
    expect(lowered.tools).toEqual(chatCompletions.list(set, { strict: false }).tools);
    expect(lowered.tools.every((tool) => tool.function.strict === undefined)).toBe(true);
    expect(lowered.ledger).toEqual([]);
    expect(lowered.dialect).toBe("openai-non-strict");
    expect(responses.list(set).ledger).toEqual([]);
  });
});

describe.each(zods)("Gemini legacy parameters (%s)", (label, z) => {
  const tool = defineTool({
    description: "Add a note",
    parameters: z.object({ text: z.string(), note: z.string().nullable().optional() }),
    returns: z.object({ id: z.string() }),
    execute: () => ({ id: "1" }),
  });
  const set = toolSet([
    capability({ name: "n", description: "N", toolbox: toolbox("n", "N", { add: tool }) }),
  ]);

  it("fills parameters and response from the OpenAPI 3.0 projection", () => {
    const { tools, ledger, dialect } = gemini.list(set, { field: "parameters" });
    const [declaration] = tools;
    const [schema] = set.schemas("openapi-3.0");
    expect(declaration).toEqual({
      name: "add",
      description: "Add a note",
      parameters: schema?.parameters,
      response: schema?.returns,
    } satisfies FunctionDeclaration);
    expect(declaration).not.toHaveProperty("parametersJsonSchema");
    expect(dialect).toBe("gemini");
    // Zod 3 closes the object; @google/genai drops that on the way (gemini-ledger.test.ts).
    expect(ledger.map((change) => [change.path, change.kind])).toEqual(
      label === "zod/v3" ? [["$", "dropped"]] : [],
    );
  });

  it("the SDK sends it within the legacy Schema's fields", async () => {
    const fields = legacySchemaFields();
    const [declaration] = gemini.list(set, { field: "parameters" }).tools;
    const request = await sentDeclaration(declaration as FunctionDeclaration);
    if ("thrown" in request) throw new Error(request.thrown);
    const nodes = jsonNodes(request.sent.parameters as Record<string, unknown>);
    expect(
      nodes.flatMap(({ node }) => Object.keys(node).filter((key) => !fields.has(key))),
    ).toEqual([]);
  });
});
