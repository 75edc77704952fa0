/**
 * The strict conversion of a parameters JSON Schema: a walk over its schema nodes that
 * copies each one without the keywords strict mode drops, records why it rejects the
 * ones strict mode cannot take, closes every object, makes its optional properties
 * nullable, and leaves a restore plan per node.
 *
 * @module
 */
import type { JsonSchema } from "toolwright";
import type { SchemaChange } from "toolwright/lint";
import { ALLOWED_STRING_FORMATS } from "../../../lint/rules/string-format";
import { setOwn } from "../own-key";
import { areExclusive } from "./exclusive-options";
import { acceptsNull, nullable } from "./nullable";
import { LEAF, type Plan } from "./restore";

// Formats the strict path accepts: the same list the `string-format` lint rule checks.
const FORMATS = new Set(ALLOWED_STRING_FORMATS["openai-strict"]);

// Keywords the strict path rejects, and why.
const REJECTED: Readonly<Record<string, string>> = {
  allOf: "'allOf' (an intersection) is not permitted; merge the objects into one z.object",
  not: "'not' is not permitted",
  if: "'if/then/else' is not permitted",
  dependentRequired: "'dependentRequired' is not permitted",
  dependentSchemas: "'dependentSchemas' is not permitted",
  patternProperties: "'patternProperties' (a record with checked keys) is not permitted",
  propertyNames: "'propertyNames' (a record) is not permitted; use an object with named properties",
};

// Keywords handled by their own step, not copied.
const OWN_STEP = new Set(["oneOf"]);

// Keywords dropped from the model-facing copy: the tool's own schema still applies them.
const DROPPED = new Set(["default", "$schema"]);

// Where definitions live: 2020-12 and draft-07.
const DEFINITIONS = ["$defs", "definitions"] as const;

/** What {@link convertToStrict} produces. */
export interface StrictConversion {
  /** The converted schema: strict-compatible only when `reasons` is empty. */
  readonly schema: JsonSchema;
  /** One `path: why` line per construct strict mode cannot take, in schema order. */
  readonly reasons: readonly string[];
  /** The restore plan of every schema node, by JSON pointer (`#` for the root). */
  readonly plans: ReadonlyMap<string, Plan>;
  /** What the conversion changed, for the ledger: nullable optionals, dropped defaults. */
  readonly changes: readonly SchemaChange[];
}

/**
 * Converts a parameters JSON Schema (draft-07 or 2020-12) to the strict form. Never
 * throws: what strict mode cannot take is listed in `reasons`, for the caller to report.
 *
 * @example
 * ```ts
 * const { schema, reasons, plans } = convertToStrict(projectParameters("search", Search, "draft-07"));
 * ```
 */
export function convertToStrict(parameters: JsonSchema): StrictConversion {
  const walk: Walk = { reasons: [], plans: new Map(), changes: [] };
  if (parameters.type !== "object") {
    walk.reasons.push(`$: the root must be an object (type "object")`);
  }
  const schema = convert(parameters, ROOT, walk) as JsonSchema;
  return { schema, reasons: walk.reasons, plans: walk.plans, changes: walk.changes };
}

// What one conversion collects as it walks.
interface Walk {
  readonly reasons: string[];
  readonly plans: Map<string, Plan>;
  readonly changes: SchemaChange[];
}

// Where a node sits: its JSON pointer (what a `$ref` names, and the key of its plan) and
// its path as reasons show it (`$.a[].b`).
interface Site {
  readonly pointer: string;
  readonly path: string;
}

const ROOT: Site = { pointer: "#", path: "$" };

function at(site: Site, pointer: string, path: string): Site {
  return { pointer: `${site.pointer}/${pointer}`, path: `${site.path}${path}` };
}

function planAt(walk: Walk, pointer: string): Plan {
  return walk.plans.get(pointer) ?? LEAF;
}

// The steps run in this order so that reasons come out in it; the last step that finds
// a shape decides the node's plan.
function convert(node: unknown, site: Site, walk: Walk): unknown {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
  const schema = node as Record<string, unknown>;
  const out = copyKeywords(schema, site, walk);
  checkFormat(schema, site, walk);
  convertDefinitions(schema, out, site, walk);
  const objectPlan = isObjectSchema(schema) ? convertObject(schema, out, site, walk) : undefined;
  const arrayPlan = convertArray(schema, out, site, walk);
  const unionPlan = convertAnyOf(schema, out, site, walk);
  const refPlan: Plan | undefined =
    typeof schema.$ref === "string" ? { kind: "ref", pointer: schema.$ref } : undefined;
  walk.plans.set(site.pointer, unionPlan ?? arrayPlan ?? objectPlan ?? refPlan ?? LEAF);
  return out;
}

// A shallow copy without the rejected keywords (each one a reason) and the dropped ones.
function copyKeywords(
  schema: Record<string, unknown>,
  site: Site,
  walk: Walk,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const why = REJECTED[key];
    if (why !== undefined) {
      walk.reasons.push(`${site.path}: ${why}`);
      continue;
    }
    if (OWN_STEP.has(key)) continue;
    if (DROPPED.has(key)) {
      if (key === "default") {
        walk.changes.push({
          path: site.path,
          kind: "dropped",
          message: `default ${JSON.stringify(value)} dropped (the tool's schema still applies it)`,
        });
      }
      continue;
    }
    setOwn(out, key, value);
  }
  return out;
}

function checkFormat(schema: Record<string, unknown>, site: Site, walk: Walk): void {
  if (typeof schema.format === "string" && !FORMATS.has(schema.format)) {
    walk.reasons.push(
      `${site.path}: format '${schema.format}' is not supported (supported: ${[...FORMATS].join(", ")})`,
    );
  }
}

function convertDefinitions(
  schema: Record<string, unknown>,
  out: Record<string, unknown>,
  site: Site,
  walk: Walk,
): void {
  for (const keyword of DEFINITIONS) {
    const defs = schema[keyword];
    if (typeof defs !== "object" || defs === null) continue;
    out[keyword] = Object.fromEntries(
      Object.entries(defs).map(([name, def]) => [
        name,
        convert(def, at(site, `${keyword}/${escapePointer(name)}`, `.${keyword}.${name}`), walk),
      ]),
    );
  }
}

function isObjectSchema(schema: Record<string, unknown>): boolean {
  const { type } = schema;
  const isObject = type === "object" || (Array.isArray(type) && type.includes("object"));
  return isObject || typeof schema.properties === "object";
}

// Every property required, the optional ones nullable instead, the object closed.
function convertObject(
  schema: Record<string, unknown>,
  out: Record<string, unknown>,
  site: Site,
  walk: Walk,
): Plan {
  checkClosed(schema, site, walk);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const added = new Set<string>();
  const props = new Map<string, Plan>();
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    const child = at(site, `properties/${escapePointer(key)}`, `.${key}`);
    let property = convert(value, child, walk);
    if (!required.has(key) && !acceptsNull(value)) {
      property = nullable(property);
      added.add(key);
      walk.changes.push({
        path: child.path,
        kind: "nullable",
        message: "optional made nullable and required (a null sent is restored to absent)",
      });
    }
    setOwn(converted, key, property);
    props.set(key, planAt(walk, child.pointer));
  }
  out.type = schema.type ?? "object";
  out.properties = converted;
  out.required = Object.keys(properties);
  out.additionalProperties = false;
  return { kind: "object", added, props };
}

function checkClosed(schema: Record<string, unknown>, site: Site, walk: Walk): void {
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    walk.reasons.push(
      `${site.path}: an open object or record ('additionalProperties' ${JSON.stringify(extra)}) is not permitted; every object must list its properties and set additionalProperties: false`,
    );
  }
}

// `items` (one schema, or a draft-07 tuple) and `prefixItems` (a 2020-12 tuple). Only
// a one-schema array gets a plan: the items of a tuple are not restored.
function convertArray(
  schema: Record<string, unknown>,
  out: Record<string, unknown>,
  site: Site,
  walk: Walk,
): Plan | undefined {
  let plan: Plan | undefined;
  if (Array.isArray(schema.items)) {
    out.items = convertTuple(schema.items, "items", site, walk);
  } else if (schema.items !== undefined) {
    const items = at(site, "items", "[]");
    out.items = convert(schema.items, items, walk);
    plan = { kind: "array", items: planAt(walk, items.pointer) };
  }
  if (Array.isArray(schema.prefixItems)) {
    out.prefixItems = convertTuple(schema.prefixItems, "prefixItems", site, walk);
  }
  return plan;
}

function convertTuple(items: unknown[], keyword: string, site: Site, walk: Walk): unknown[] {
  return items.map((item, i) => convert(item, at(site, `${keyword}/${i}`, `[${i}]`), walk));
}

// `anyOf`, or a `oneOf` whose options are mutually exclusive, sent as `anyOf` (OpenAI's
// own helper makes the same rewrite); a `oneOf` that cannot be proven so is refused.
function convertAnyOf(
  schema: Record<string, unknown>,
  out: Record<string, unknown>,
  site: Site,
  walk: Walk,
): Plan | undefined {
  const keyword = unionKeyword(schema, site, walk);
  const options = keyword === undefined ? undefined : schema[keyword];
  if (keyword === undefined || !Array.isArray(options)) return undefined;
  out.anyOf = options.map((option, i) =>
    convert(option, at(site, `${keyword}/${i}`, `|${i}`), walk),
  );
  return {
    kind: "union",
    options: options.map((_, i) => planAt(walk, `${site.pointer}/${keyword}/${i}`)),
  };
}

const ONE_OF_REFUSED =
  "'oneOf' is not permitted, and its options are not provably exclusive (so anyOf would admit more); use z.union (anyOf) or a z.discriminatedUnion";

function unionKeyword(
  schema: Record<string, unknown>,
  site: Site,
  walk: Walk,
): "anyOf" | "oneOf" | undefined {
  const { oneOf } = schema;
  if (oneOf === undefined) return Array.isArray(schema.anyOf) ? "anyOf" : undefined;
  if (!Array.isArray(oneOf) || schema.anyOf !== undefined || !areExclusive(oneOf)) {
    walk.reasons.push(`${site.path}: ${ONE_OF_REFUSED}`);
    return Array.isArray(schema.anyOf) ? "anyOf" : undefined;
  }
  walk.changes.push({
    path: site.path,
    kind: "rewritten",
    message: "oneOf sent as anyOf (its options are mutually exclusive: the same values)",
  });
  return "oneOf";
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
