/**
 * The OpenAI paths, judged by what they really do: toolwright's adapter (draft-07 projection,
 * and with `strict` its own conversion), checked by OpenAI's own SDK helper
 * (`openai/lib/transform` toStrictJsonSchema) and the Structured Outputs rules it leaves out;
 * and OpenAI's Zod helper itself, for the spec's `openai` row.
 */

import { zodToJsonSchema as vendoredZodToJsonSchema } from "openai/_vendor/zod-to-json-schema/index";
import { toStrictJsonSchema } from "openai/lib/transform";
import { toOpenAIStrict } from "toolwright/openai";
import { z as z4 } from "zod";
import { z as z3 } from "zod/v3";
import { repairArrayItems } from "../../../src/adapters/openai/array-items.js";
import { isJson, type Json, jsonNodes, resolve, unitsOf } from "./json-nodes.js";
import { Problems, ROOT, segmentsOf, unitOfPath } from "./problems.js";
import { checkSample } from "./sample.js";
import { type Subject, shapeOf } from "./subject.js";

/**
 * `toChatCompletionsTools(set)`: the draft-07 projection, sent after the adapter's one repair
 * (an array without `items` gets `items: {}`, `src/adapters/openai/array-items.ts`), then held
 * to what OpenAI refuses of a non-strict function: an array schema without `items` (a 400
 * "array schema missing items", strict or not; openai `lib/transform.js` refuses it too).
 */
export function openAINonStrict(subject: Subject): Problems {
  const problems = new Problems();
  const projected = subject.project("draft-07");
  if ("units" in projected) {
    problems.add(projected.units, projected.reason);
    return problems;
  }
  const sent = structuredClone(projected.json);
  repairArrayItems(sent);
  for (const { node, segments } of jsonNodes(sent)) {
    const type = node.type;
    const array = type === "array" || (Array.isArray(type) && type.includes("array"));
    if (array && node.items === undefined && node.prefixItems === undefined)
      problems.add(unitsOf(sent, segments), "array schema missing items (OpenAI answers 400)");
  }
  const { sample } = subject;
  checkSample(
    problems,
    { schema: sent, draft: "draft-07", value: sample },
    { rejects: subject.rejects, value: sample },
  );
  return problems;
}

/** `toChatCompletionsTools(set, { strict: true })`: toolwright's strict conversion. */
export function openAIStrict(subject: Subject): Problems {
  const problems = new Problems();
  const projected = subject.project("draft-07");
  if ("units" in projected) {
    problems.add(projected.units, projected.reason);
    return problems;
  }
  let strict: ReturnType<typeof toOpenAIStrict>;
  try {
    strict = toOpenAIStrict(subject.name, projected.json);
  } catch (error) {
    for (const reason of (error as { reasons?: string[] }).reasons ?? [String(error)]) {
      problems.add(
        reasonUnits(projected.json, reason),
        `toolwright's strict conversion: ${reason}`,
      );
    }
    // What the conversion does not look at, it would have sent as projected.
    documentedChecks(problems, projected.json);
    return problems;
  }
  const json = strict.parameters as Json;
  helperCheck(problems, json);
  documentedChecks(problems, json);
  const sent = fillNulls(json, subject.sample, json);
  checkSample(
    problems,
    { schema: json, draft: "draft-07", value: sent },
    { rejects: subject.rejects, value: strict.restore(sent) },
  );
  return problems;
}

/** A conversion reason `$.a[]: why` or `$.definitions.X…: why`, as units. */
function reasonUnits(root: Json, reason: string): string[] {
  const path = reason.slice(0, reason.indexOf(":"));
  const inDefs = /^\$\.(\$defs|definitions)\.([^.[|]+)/.exec(path);
  if (inDefs?.[1] !== undefined && inDefs[2] !== undefined)
    return unitsOf(root, [inDefs[1], inDefs[2]]);
  return [unitOfPath(path)];
}

/** OpenAI's own strict check, run on the adapter's output. */
function helperCheck(problems: Problems, json: Json): void {
  try {
    toStrictJsonSchema(structuredClone(json) as never);
  } catch (error) {
    const message = (error as Error).message;
    const at = /`([^`]*)`/.exec(message)?.[1] ?? /path=([^\s;]*)/.exec(message)?.[1] ?? "";
    problems.add(unitsOf(json, segmentsOf(at)), `openai toStrictJsonSchema: ${message}`);
  }
}

const TOP_LEVEL_REF = /^#(\/(\$defs|definitions)\/[^/]+)?$/;
const MAX_NESTING = 10;

/** The Structured Outputs rules the helper does not check: types, references, nesting. */
function documentedChecks(problems: Problems, json: Json): void {
  for (const { node, segments } of jsonNodes(json)) {
    const units = unitsOf(json, segments);
    const ref = node.$ref;
    if (typeof ref === "string" && !TOP_LEVEL_REF.test(ref)) {
      problems.add(units, `reference ${ref} does not point to a top-level definition`);
    }
    // A oneOf is either sent as anyOf by the conversion or one of its reasons already.
    const union = node.anyOf ?? node.oneOf;
    if (ref === undefined && node.type === undefined && union === undefined) {
      problems.add(units, "schema must have a 'type' key");
    }
    if (node.type === "array" && node.items === undefined) {
      problems.add(units, "an array without `items` (openai lib/transform.js refuses it too)");
    }
    if (node.type === "object" && objectDepth(segments) > MAX_NESTING) {
      problems.add(units, "more than 10 levels of nesting");
    }
  }
}

/** The nesting level of an object node: the root is 1, each `properties` step one more. */
function objectDepth(segments: readonly string[]): number {
  return 1 + segments.filter((segment) => segment === "properties").length;
}

/**
 * What a model sends under strict mode: every property present, `null` for one the tool
 * would have left out (the strict schema made it required and nullable).
 */
export function fillNulls(schema: unknown, value: unknown, root: Json, depth = 0): unknown {
  if (!isJson(schema) || depth > 32) return value;
  if (typeof schema.$ref === "string")
    return fillNulls(resolve(root, schema.$ref), value, root, depth + 1);
  if (Array.isArray(value)) {
    const array = [schema, ...(Array.isArray(schema.anyOf) ? schema.anyOf : [])].find(
      (branch) => isJson(branch) && branch.items !== undefined,
    ) as Json | undefined;
    return value.map((item) => fillNulls(array?.items, item, root, depth + 1));
  }
  if (!isJson(value)) return value;
  const shape = objectBranch(schema, value, root);
  if (shape === undefined) return value;
  const out: Json = { ...value };
  for (const [key, property] of Object.entries(shape)) {
    out[key] = key in value ? fillNulls(property, value[key], root, depth + 1) : null;
  }
  return out;
}

function objectBranch(schema: Json, value: Json, root: Json): Json | undefined {
  if (isJson(schema.properties)) return schema.properties;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : [];
  for (const branch of branches) {
    const resolved =
      isJson(branch) && typeof branch.$ref === "string" ? resolve(root, branch.$ref) : branch;
    if (isJson(resolved) && isJson(resolved.properties)) {
      const keys = Object.keys(resolved.properties);
      if (Object.keys(value).every((key) => keys.includes(key))) return resolved.properties;
    }
  }
  return undefined;
}

/**
 * OpenAI's Zod helper (`zodFunction`/`zodResponseFormat`), for the spec's `openai` row: which
 * root properties its optional-without-nullable check refuses. Zod 3: its vendored converter
 * throws on the first one, so each is found and removed in turn. Zod 4: its `toJSONSchema`
 * call (output side, draft-7), then its rule that a key left out of `required` must admit null.
 * JSON Schema input: there is no Zod to convert, so the same rule runs on the document the
 * path receives (the draft-07 projection, or the listed schema).
 */
export function openAIHelper(subject: Subject): Problems {
  const problems = new Problems();
  let units: string[];
  if (subject.zod === undefined) {
    const projected = subject.project("draft-07");
    units = "json" in projected ? refusedOptionals(projected.json) : [];
  } else {
    const { schema, major } = subject.zod;
    units = major === 3 ? zod3Refused(schema) : zod4Refused(schema);
  }
  for (const unit of units)
    problems.add([unit], "OpenAI's helper: .optional() without .nullable()");
  return problems;
}

const OPTIONAL_REFUSAL = /uses `\.optional\(\)` without `\.nullable\(\)`/;

function zod3Refused(schema: unknown): string[] {
  const refused: string[] = [];
  let current = schema;
  for (let round = 0; round < 50; round++) {
    try {
      vendoredZodToJsonSchema(current as never, {
        openaiStrictMode: true,
        name: "tool",
        nameStrategy: "duplicate-ref",
        $refStrategy: "extract-to-root",
        nullableStrategy: "property",
      });
      return refused;
    } catch (error) {
      // Only the optional check is this row's; openai 7 also refuses a non-object root here.
      if (!OPTIONAL_REFUSAL.test((error as Error).message)) return refused;
      const at = /`([^`]*)`/.exec((error as Error).message)?.[1] ?? "";
      const unit = segmentsOf(at.replace(/^#\/definitions\/tool/, "#")).at(1) ?? ROOT;
      refused.push(unit);
      const shape = shapeOf(current);
      if (shape === undefined || !(unit in shape)) return refused;
      const { [unit]: _removed, ...rest } = shape;
      current = z3.object(rest as never);
    }
  }
  return refused;
}

function zod4Refused(schema: unknown): string[] {
  let json: Json;
  try {
    json = z4.toJSONSchema(schema as never, {
      target: "draft-7",
      unrepresentable: "any",
      override: ({ zodSchema, jsonSchema }) => {
        const def = (zodSchema as { _zod: { def: { type: string } } })._zod.def;
        if (def.type === "union" && "discriminator" in def && Array.isArray(jsonSchema.oneOf)) {
          jsonSchema.anyOf = jsonSchema.oneOf;
          delete jsonSchema.oneOf;
        }
      },
    }) as Json;
  } catch {
    return [];
  }
  return refusedOptionals(json);
}

/**
 * The helper's rule on a converted schema: every key left out of `required` must admit null,
 * unless it has a default (Zod 4's output side lists a defaulted key as required; Zod 3's
 * vendored converter keeps it).
 */
function refusedOptionals(json: Json): string[] {
  const refused = new Set<string>();
  for (const { node, segments } of jsonNodes(json)) {
    if (!isJson(node.properties)) continue;
    const required = Array.isArray(node.required) ? node.required : [];
    for (const [key, property] of Object.entries(node.properties)) {
      if (required.includes(key) || admitsNull(property, json, new Set())) continue;
      // A defaulted key: the helper converts the output side, where it is always present.
      if (isJson(property) && "default" in property) continue;
      for (const unit of unitsOf(json, [...segments, "properties", key])) refused.add(unit);
    }
  }
  return [...refused];
}

/** The helper's rule for "this optional key may be sent as null", written out. */
function admitsNull(schema: unknown, root: Json, seen: Set<string>): boolean {
  if (typeof schema === "boolean") return schema;
  if (!isJson(schema)) return false;
  if (typeof schema.$ref === "string") {
    if (seen.has(schema.$ref)) return false;
    return admitsNull(resolve(root, schema.$ref), root, new Set([...seen, schema.$ref]));
  }
  const { type } = schema;
  if (type !== undefined && type !== "null" && !(Array.isArray(type) && type.includes("null")))
    return false;
  if ("const" in schema && schema.const !== null) return false;
  if (schema.enum !== undefined && !(Array.isArray(schema.enum) && schema.enum.includes(null)))
    return false;
  const all = (list: unknown) =>
    Array.isArray(list) && list.every((s) => admitsNull(s, root, seen));
  const some = (list: unknown) =>
    Array.isArray(list) && list.some((s) => admitsNull(s, root, seen));
  if (schema.allOf !== undefined && !all(schema.allOf)) return false;
  if (schema.anyOf !== undefined && !some(schema.anyOf)) return false;
  if (schema.oneOf !== undefined && !some(schema.oneOf)) return false;
  return ["not", "if", "then", "else"].every((key) => schema[key] === undefined);
}
