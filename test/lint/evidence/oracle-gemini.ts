/**
 * The Gemini paths. `toGeminiFunctionDeclarations` sends the 2020-12 projection as
 * `parametersJsonSchema`, which Google documents as a keyword subset (others accepted, not
 * enforced). The legacy `parameters` field takes the OpenAPI 3.0 projection through the SDK's
 * schema processing and must stay within the SDK's `Schema` fields. The spec's `gemini-bifrost`
 * row is the OpenAPI 3 conversion and the three constructs the spec names for it.
 */
import { toJsonSchema } from "toolwright";
import { z as z4 } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { legacySchemaFields, sentDeclaration } from "./gemini-request.js";
import { isJson, type Json, jsonNodes, reachableNodes, resolve, unitsOf } from "./json-nodes.js";
import { Problems, pointerOf, segmentsOf } from "./problems.js";
import { checkSample } from "./sample.js";
import type { Subject } from "./subject.js";

/** Google's documented `parametersJsonSchema` keywords. */
const DOCUMENTED = new Set([
  "$id",
  "$defs",
  "$ref",
  "$anchor",
  "type",
  "format",
  "title",
  "description",
  "enum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "anyOf",
  "oneOf",
  "properties",
  "additionalProperties",
  "required",
  "propertyOrdering",
]);
/** Annotations: they constrain nothing, so nothing goes unenforced. */
const ANNOTATIONS = new Set([
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "$schema",
]);
/** Keywords that carry a schema's whole shape: ignored, the node would have no type left. */
const STRUCTURAL = new Set(["allOf", "not", "if", "then", "else", "dependentSchemas"]);

/** `toGeminiFunctionDeclarations(set)`: `parametersJsonSchema` through the SDK. */
export async function geminiJsonSchema(subject: Subject): Promise<Problems> {
  const problems = new Problems();
  const projected = subject.project("draft-2020-12");
  if ("units" in projected) {
    problems.add(projected.units, projected.reason);
    return problems;
  }
  const request = await sentDeclaration({
    name: subject.name,
    parametersJsonSchema: projected.json,
  });
  if ("thrown" in request) {
    problems.add([], `the SDK refused the declaration: ${request.thrown}`);
    return problems;
  }
  jsonSchemaField(problems, request.sent.parametersJsonSchema as Json, subject);
  return problems;
}

/** What `parametersJsonSchema` makes of the schema the SDK sent in it. */
function jsonSchemaField(problems: Problems, json: Json, subject: Subject): void {
  documentedKeywords(problems, json);
  requiredCycles(problems, json);
  const { sample } = subject;
  checkSample(
    problems,
    { schema: json, draft: "draft-2020-12", value: sample },
    { rejects: subject.rejects, value: sample },
  );
}

/**
 * Keywords outside the documented list, where a value is validated: a root definition no `$ref`
 * reaches validates nothing, so what it leaves unenforced (or the shape it loses) changes
 * nothing. The SDK sends the document unchanged; a `$ref` with siblings is a matter of the
 * document's form, checked everywhere.
 */
function documentedKeywords(problems: Problems, json: Json): void {
  for (const { node, segments } of reachableNodes(json)) {
    const units = unitsOf(json, segments);
    for (const key of Object.keys(node)) {
      if (DOCUMENTED.has(key) || ANNOTATIONS.has(key)) continue;
      const shapeLost = STRUCTURAL.has(key) && node.type === undefined;
      problems.add(
        units,
        `'${key}' is not among the documented keywords`,
        shapeLost ? "error" : "warning",
      );
    }
  }
  for (const { node, segments } of jsonNodes(json)) {
    if (typeof node.$ref === "string" && Object.keys(node).some((key) => !key.startsWith("$"))) {
      problems.add(unitsOf(json, segments), "a $ref node may have only $-prefixed siblings");
    }
  }
}

/** A reference back into its own ancestor, reached through required properties only. */
function requiredCycles(problems: Problems, json: Json): void {
  for (const { node, segments } of jsonNodes(json)) {
    const ref = node.$ref;
    if (typeof ref !== "string" || !within(pointerOf(segments), ref)) continue;
    if (!requiredAlong(json, segmentsOf(ref), segments)) continue;
    problems.add(unitsOf(json, segments), `cycle through required properties only (${ref})`);
  }
}

/** Whether `pointer` is `ancestor` or lies under it. */
function within(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(ancestor === "#" ? "#/" : `${ancestor}/`);
}

/** Every `properties/<key>` step from `from` down to `to` is listed in its object's `required`. */
function requiredAlong(root: Json, from: readonly string[], to: readonly string[]): boolean {
  let node: unknown = resolve(root, pointerOf(from));
  for (let i = from.length; i < to.length; i++) {
    const step = to[i] as string;
    if (step === "properties" && isJson(node)) {
      const required = Array.isArray(node.required) ? node.required : [];
      if (!required.includes(to[i + 1])) return false;
    }
    node = isJson(node) || Array.isArray(node) ? (node as Json)[step] : undefined;
  }
  return true;
}

/** The legacy `parameters` field: the OpenAPI 3.0 projection through the SDK. */
export async function geminiParameters(subject: Subject): Promise<Problems> {
  const problems = new Problems();
  const projected = subject.project("openapi-3.0");
  if ("units" in projected) {
    problems.add(projected.units, projected.reason);
    return problems;
  }
  const json = projected.json;
  const request = await sentDeclaration({ name: subject.name, parameters: json as never });
  if ("thrown" in request) {
    problems.add(refusedByProcessing(json), `the SDK refused the schema: ${request.thrown}`);
    return problems;
  }
  // The SDK sends a schema naming its `$schema` as `parametersJsonSchema` instead, unchanged
  // (tTool): that field's rules are the ones it meets.
  if (request.sent.parameters === undefined && isJson(request.sent.parametersJsonSchema)) {
    jsonSchemaField(problems, request.sent.parametersJsonSchema, subject);
    return problems;
  }
  const sent = request.sent.parameters as Json;
  legacyFields(problems, sent);
  droppedOpenness(problems, json);
  lostPositions(problems, subject);
  const { sample } = subject;
  checkSample(
    problems,
    { schema: asJsonSchema(sent), draft: "draft-07", value: sample },
    { rejects: subject.rejects, value: sample },
  );
  return problems;
}

function refusedByProcessing(json: Json): string[] {
  return jsonNodes(json)
    .filter(
      ({ node }) => (node.type !== undefined && node.anyOf !== undefined) || node.type === "null",
    )
    .flatMap(({ segments }) => unitsOf(json, segments));
}

/** What the legacy `Schema` cannot take (fields, types, enums, formats, empty objects). */
function legacyFields(problems: Problems, sent: Json): void {
  const fields = legacySchemaFields();
  for (const { node, segments } of jsonNodes(sent)) {
    const units = unitsOf(sent, segments);
    for (const key of Object.keys(node).filter((k) => !fields.has(k))) {
      // Definitions sit at the root, but belong to the properties that refer to them.
      const owners =
        segments.length === 0 && isJson(node[key]) && (key === "definitions" || key === "$defs")
          ? Object.keys(node[key] as Json).flatMap((name) => unitsOf(sent, [key, name]))
          : units;
      problems.add(owners, `Unknown name "${key}": not a field of the legacy Schema`);
    }
    if (node.type === "ARRAY" && node.items === undefined)
      problems.add(units, "items: missing field");
    if (node.type === undefined && node.anyOf === undefined)
      problems.add(units, "type must be specified");
    if (
      node.enum !== undefined &&
      (node.type !== "STRING" || !(node.enum as unknown[]).every((v) => typeof v === "string"))
    ) {
      problems.add(units, "function declaration enum only allowed for STRING type");
    }
    if (
      node.type === "STRING" &&
      typeof node.format === "string" &&
      !["enum", "date-time"].includes(node.format)
    ) {
      problems.add(units, "only 'enum' and 'date-time' are supported for STRING type");
    }
    if (
      node.type === "OBJECT" &&
      !(isJson(node.properties) && Object.keys(node.properties).length > 0)
    ) {
      problems.add(units, "properties: should be non-empty for OBJECT type");
    }
    const properties = isJson(node.properties) ? Object.keys(node.properties) : [];
    if (
      Array.isArray(node.required) &&
      node.required.some((key) => !properties.includes(key as string))
    ) {
      problems.add(units, "required names a key that properties does not define");
    }
  }
}

/** An object that admits undeclared keys: the SDK drops `additionalProperties` and closes it. */
function droppedOpenness(problems: Problems, json: Json): void {
  for (const { node, segments } of jsonNodes(json)) {
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      problems.add(
        unitsOf(json, segments),
        "additionalProperties dropped by the SDK: the object is closed",
      );
    }
  }
}

/** Tuples: OpenAPI 3.0 has no positional items, so the 2020-12 projection shows what was lost. */
function lostPositions(problems: Problems, subject: Subject): void {
  const full = subject.project("draft-2020-12");
  if ("units" in full) return;
  for (const { node, segments } of jsonNodes(full.json)) {
    if (Array.isArray(node.prefixItems))
      problems.add(unitsOf(full.json, segments), "tuple positions lost");
  }
}

/**
 * The legacy Schema read back as JSON Schema, to check the sample against what Gemini sees:
 * only its own fields (the others fail the request, and are reported as such).
 */
function asJsonSchema(schema: unknown): Json {
  if (Array.isArray(schema)) return schema.map(asJsonSchema) as never;
  if (!isJson(schema)) return schema as never;
  const fields = legacySchemaFields();
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!fields.has(key)) continue;
    if (key === "type" && typeof value === "string") out.type = value.toLowerCase();
    else if (key === "properties" && isJson(value))
      out.properties = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, asJsonSchema(v)]),
      );
    else if (key === "items" || key === "anyOf") out[key] = asJsonSchema(value);
    else if (key !== "nullable" && key !== "format") out[key] = value;
  }
  if (schema.nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}

/**
 * The spec's `gemini-bifrost` row, on the OpenAPI 3 conversion (zod-to-json-schema `openApi3`
 * for Zod 3, Zod 4's `openapi-3.0`): a boolean exclusive bound, a `$ref` that closes a cycle,
 * or a tuple whose positions are lost. JSON Schema input is the document the path converts:
 * the same three, read on it.
 */
export function geminiBifrost(subject: Subject): Problems {
  const problems = new Problems();
  const json = openApi3(subject);
  if (json === undefined) return problems;
  for (const { node, segments } of jsonNodes(json)) {
    const units = unitsOf(json, segments);
    if (node.exclusiveMinimum === true || node.exclusiveMaximum === true) {
      problems.add(units, "boolean exclusiveMinimum/exclusiveMaximum");
    }
    if (typeof node.$ref === "string" && closesCycle(node.$ref, segments)) {
      problems.add(units, `cycle $ref ${node.$ref}`);
    }
    if (Array.isArray(node.items)) problems.add(units, "array-form items (a tuple)");
  }
  // Positions the OpenAPI 3 conversion drops: Zod 4's own 2020-12 output, or the document's.
  const full =
    subject.zod?.major === 4
      ? (toJsonSchema(subject.zod.schema as never, {
          target: "draft-2020-12",
          unrepresentable: "any",
        }) as Json)
      : subject.zod === undefined
        ? json
        : {};
  for (const { node, segments } of jsonNodes(full)) {
    if (Array.isArray(node.prefixItems))
      problems.add(unitsOf(full, segments), "tuple positions lost");
  }
  return problems;
}

function openApi3(subject: Subject): Json | undefined {
  if (subject.zod === undefined) {
    const projected = subject.project("openapi-3.0");
    return "json" in projected ? projected.json : undefined;
  }
  const { schema, major } = subject.zod;
  if (major === 3) return zodToJsonSchema(schema as never, { target: "openApi3" }) as Json;
  return z4.toJSONSchema(schema as never, {
    target: "openapi-3.0",
    io: "input",
    unrepresentable: "any",
  }) as Json;
}

/** A `$ref` inside the node it points to: the back edge of a cycle. */
function closesCycle(ref: string, segments: readonly string[]): boolean {
  return within(pointerOf(segments), ref);
}
