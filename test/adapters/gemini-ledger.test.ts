import type { FunctionDeclaration } from "@google/genai";
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { gemini } from "toolwright/gemini";
import { describe, expect, it } from "vitest";
import * as z4 from "zod";
import { sentDeclaration } from "../lint/evidence/gemini-request.js";
import { type Z, zods } from "../set/fixtures";

function setOf(z: Z) {
  const parameters = z.object({
    note: z.object({ text: z.string() }).strict(),
    tags: z.record(z.string(), z.number()),
    rows: z.array(z.object({ id: z.string() }).strict()).optional(),
    either: z.union([z.string(), z.object({ n: z.number() }).strict()]),
  });
  const tool = defineTool({ description: "Add", parameters, execute: () => "ok" });
  return toolSet([
    capability({ name: "n", description: "N", toolbox: toolbox("n", "N", { add: tool }) }),
  ]);
}

// Every `additionalProperties` the request body no longer holds, as a lint-like path.
function droppedPaths(given: unknown, sent: unknown, path = "$"): string[] {
  if (typeof given !== "object" || given === null || Array.isArray(given)) return [];
  const g = given as Record<string, unknown>;
  const s = (sent ?? {}) as Record<string, unknown>;
  const here = "additionalProperties" in g && !("additionalProperties" in s) ? [path] : [];
  const props = (g.properties ?? {}) as Record<string, unknown>;
  const sentProps = (s.properties ?? {}) as Record<string, unknown>;
  return [
    ...here,
    ...Object.keys(props).flatMap((key) =>
      droppedPaths(props[key], sentProps[key], `${path}.${key}`),
    ),
    ...droppedPaths(g.items, s.items, `${path}[]`),
    ...((g.anyOf ?? []) as unknown[]).flatMap((option, i) =>
      droppedPaths(option, (s.anyOf as unknown[] | undefined)?.[i], `${path}|${i}`),
    ),
  ];
}

describe.each(zods)("Gemini ledger (%s)", (_label, z) => {
  it("parametersJsonSchema is sent as projected: nothing is lowered", () => {
    expect(gemini.list(setOf(z)).ledger).toEqual([]);
  });

  it("legacy parameters: ledgers each additionalProperties @google/genai drops", async () => {
    const { tools, ledger } = gemini.list(setOf(z), { field: "parameters" });
    const [declaration] = tools;
    const request = await sentDeclaration(declaration as FunctionDeclaration);
    if ("thrown" in request) throw new Error(request.thrown);
    const dropped = droppedPaths(declaration?.parameters, request.sent.parameters);
    expect(dropped).toContain("$.tags");
    expect(ledger.map((change) => change.path)).toEqual(dropped);
    expect(ledger.every((c) => c.tool === "add" && c.target === "gemini-parameters")).toBe(true);
    expect(ledger.every((c) => c.kind === "dropped")).toBe(true);
    expect(ledger.find((c) => c.path === "$.tags")?.message).toBe(
      "additionalProperties (the values of a record or open object) dropped by @google/genai, which the legacy parameters field cannot carry: the model sees an object without them",
    );
    expect(ledger.find((c) => c.path === "$.note")?.message).toBe(
      "additionalProperties: false dropped by @google/genai, which the legacy parameters field cannot carry (the tool's schema still applies its own rule to unknown keys)",
    );
  });
});

// The fields of @google/genai's legacy `Schema`: what the API takes in a request body.
const SCHEMA_FIELDS = new Set(
  "anyOf default description enum example format items maxItems maxLength maxProperties maximum minItems minLength minProperties minimum nullable pattern properties propertyOrdering required title type".split(
    " ",
  ),
);

// Every key of a sent `Schema` outside its fields, as `path key`.
function foreignKeys(schema: unknown, path = "$"): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const here = Object.keys(node)
    .filter((key) => !SCHEMA_FIELDS.has(key))
    .map((key) => `${path} ${key}`);
  const props = (node.properties ?? {}) as Record<string, unknown>;
  return [
    ...here,
    ...Object.entries(props).flatMap(([key, child]) => foreignKeys(child, `${path}.${key}`)),
    ...foreignKeys(node.items, `${path}[]`),
    ...((node.anyOf ?? []) as unknown[]).flatMap((option, i) =>
      foreignKeys(option, `${path}|${i}`),
    ),
  ];
}

describe("Gemini legacy field: annotations it has no field for (Zod 4 .meta())", () => {
  const tool = defineTool({
    description: "Tag a page",
    parameters: z4.object({
      tag: z4.string().meta({ examples: ["urgent"], deprecated: true }),
      rows: z4.array(z4.object({ id: z4.string().meta({ readOnly: true }) })),
    }),
    returns: z4.object({ ok: z4.boolean().meta({ examples: [true] }) }),
    execute: () => ({ ok: true }),
  });
  const set = toolSet([
    capability({ name: "t", description: "T", toolbox: toolbox("t", "T", { tag: tool }) }),
  ]);

  it("are left out, so the request the SDK sends carries only Schema fields, and ledgered", async () => {
    const { tools, ledger } = gemini.list(set, { field: "parameters" });
    const [declaration] = tools;
    const request = await sentDeclaration(declaration as FunctionDeclaration);
    if ("thrown" in request) throw new Error(request.thrown);
    expect(foreignKeys(request.sent.parameters)).toEqual([]);
    expect(foreignKeys(request.sent.response)).toEqual([]);
    expect(
      ledger
        .filter((change) => !change.message.startsWith("additionalProperties"))
        .map((change) => `${change.path} ${change.message.split(" ")[0]}`),
    ).toEqual(["$.tag examples", "$.tag deprecated", "$.rows[].id readOnly"]);
    expect(ledger[0]?.message).toBe(
      "examples dropped: the legacy parameters field has no field for it, and the API refuses a request that carries one",
    );
  });

  it("parametersJsonSchema carries them as projected", () => {
    const [declaration] = gemini.list(set).tools;
    expect(JSON.stringify(declaration?.parametersJsonSchema)).toContain('"examples":["urgent"]');
  });
});
