/**
 * The Anthropic paths: `toAnthropicTools` sends the 2020-12 projection; with strict tools the
 * schema is lowered the way Anthropic's own SDK lowers it (`lib/transform-json-schema`
 * transformJSONSchema) and must stay within strict mode's documented support.
 */
import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { isJson, type Json, jsonNodes, reachableNodes, resolve, unitsOf } from "./json-nodes.js";
import { Problems, pointerOf, ROOT } from "./problems.js";
import { checkSample } from "./sample.js";
import type { Subject } from "./subject.js";

/** `toAnthropicTools(set)`: the 2020-12 projection as `input_schema`. */
export function anthropic(subject: Subject): Problems {
  return plainJsonSchema(subject);
}

/**
 * A path that sends the 2020-12 projection unchanged and enforces nothing of it: whatever is
 * projected is carried, as long as it describes what the tool accepts.
 */
export function plainJsonSchema(subject: Subject): Problems {
  const problems = new Problems();
  const projected = subject.project("draft-2020-12");
  if ("units" in projected) {
    problems.add(projected.units, projected.reason);
    return problems;
  }
  const { sample } = subject;
  checkSample(
    problems,
    { schema: projected.json, draft: "draft-2020-12", value: sample },
    { rejects: subject.rejects, value: sample },
  );
  return problems;
}

/** Keywords strict mode documents as supported, and the formats it accepts. */
const SUPPORTED = new Set([
  "type",
  "description",
  "title",
  "enum",
  "const",
  "default",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minItems",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "$defs",
  "format",
  "pattern",
  "examples",
]);
const FORMATS = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "uri",
  "ipv4",
  "ipv6",
  "uuid",
]);
const MAX_UNION_PARAMETERS = 16;
/**
 * What the SDK's transform removes without moving it into the description, since it
 * constrains nothing: `$schema` (a listing from a Zod 3 server names draft-07).
 */
const DROPPED = new Set(["$schema"]);

/** Anthropic strict tools: the projection lowered by the SDK's transform. */
export function anthropicStrict(subject: Subject): Problems {
  const problems = new Problems();
  const projected = subject.project("draft-2020-12");
  if ("units" in projected) {
    problems.add(projected.units, projected.reason);
    return problems;
  }
  const json = projected.json;
  let lowered: Json;
  try {
    lowered = transformJSONSchema(json as never) as Json;
  } catch (error) {
    problems.add(untypedUnits(json), `Anthropic SDK transform: ${(error as Error).message}`);
    return problems;
  }
  unsupportedKeywords(problems, json);
  recursion(problems, json);
  unionBudget(problems, lowered);
  const { sample } = subject;
  checkSample(
    problems,
    { schema: lowered, draft: "draft-2020-12", value: sample },
    { rejects: subject.rejects, value: sample },
  );
  return problems;
}

function untypedUnits(json: Json): string[] {
  const typed = ["type", "anyOf", "oneOf", "allOf", "enum", "const", "$ref"];
  return jsonNodes(json)
    .filter(({ node }) => typed.every((key) => node[key] === undefined))
    .flatMap(({ segments }) => unitsOf(json, segments));
}

/**
 * What strict mode rejects (the SDK would move it into the description, unenforced), where a
 * value is validated: the SDK lowers every `$defs` entry too, but what it moves out of one no
 * `$ref` reaches constrains nothing (only its throw on an untyped node there counts, above).
 */
function unsupportedKeywords(problems: Problems, json: Json): void {
  for (const { node, segments } of reachableNodes(json)) {
    const units = unitsOf(json, segments);
    for (const key of Object.keys(node).filter((k) => !SUPPORTED.has(k) && !DROPPED.has(k))) {
      problems.add(units, `strict mode does not support '${key}'`);
    }
    if (typeof node.format === "string" && !FORMATS.has(node.format)) {
      problems.add(units, `strict mode does not support format '${node.format}'`);
    }
    if (typeof node.minItems === "number" && node.minItems > 1) {
      problems.add(units, "strict mode supports minItems of 0 or 1 only");
    }
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      problems.add(units, "an open object: the SDK closes it (additionalProperties: false)");
    }
  }
}

/** Recursive schemas: a `$ref` reached again from its own target, where a value can reach it. */
function recursion(problems: Problems, json: Json): void {
  for (const { node, segments } of reachableNodes(json)) {
    const ref = node.$ref;
    if (typeof ref !== "string") continue;
    if (refersBack(json, ref, pointerOf(segments))) {
      problems.add(unitsOf(json, segments), `recursive reference ${ref}`);
    }
  }
}

function refersBack(root: Json, ref: string, from: string): boolean {
  if (from === ref || from.startsWith(`${ref}/`)) return true;
  const target = resolve(root, ref);
  return isJson(target) && jsonNodes(target).some(({ node }) => node.$ref === ref);
}

/**
 * At most 16 union-typed properties (anyOf or a type array), counted after lowering, in what a
 * value can reach (not in a definition nothing refers to).
 */
function unionBudget(problems: Problems, lowered: Json): void {
  const unions = reachableNodes(lowered).filter(
    ({ node, segments }) =>
      segments.at(-2) === "properties" && (Array.isArray(node.anyOf) || Array.isArray(node.type)),
  );
  if (unions.length > MAX_UNION_PARAMETERS) {
    problems.add([ROOT], `${unions.length} union-typed parameters, more than 16`);
  }
}
