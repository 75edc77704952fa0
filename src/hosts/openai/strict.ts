/**
 * OpenAI strict function calling: turning a parameters JSON Schema into one the strict
 * path accepts, and mapping the arguments a model sends back to what the tool's own
 * schema expects.
 *
 * @module
 */
import { type AnySchema, type JsonSchema, projectParameters, ToolwrightError } from "toolwright";
import {
  ALLOWED_STRING_FORMATS,
  lintModelFacingSchema,
  type SchemaLintFinding,
} from "toolwright/lint";
import { brand } from "../../core/brand";

/** A parameters schema cannot be made strict; `reasons` say which construct and where. */
export class StrictSchemaError extends ToolwrightError {
  override readonly name = "StrictSchemaError";
  readonly code = "STRICT_SCHEMA";
  /** The tool whose parameters cannot be made strict. */
  readonly tool: string;
  /** One `path: why` line per blocking construct. */
  readonly reasons: readonly string[];
  /** The `openai-strict` lint findings behind `reasons`, when the linter found them. */
  readonly findings: readonly SchemaLintFinding[];

  constructor(
    tool: string,
    reasons: readonly string[],
    findings: readonly SchemaLintFinding[] = [],
  ) {
    super(
      `tool '${tool}' parameters cannot be made OpenAI-strict: ${reasons.map((reason) => reason.replace(/\.+$/, "")).join("; ")}. Rewrite those parts of the schema, or convert this tool without strict`,
    );
    this.tool = tool;
    this.reasons = reasons;
    this.findings = findings;
  }

  static {
    brand(StrictSchemaError, "StrictSchemaError");
  }
}

// Lint codes of the `openai-strict` dialect that the conversion itself repairs.
const REPAIRED = new Set<string>(["optional-property"]);
const strictCache = new WeakMap<object, Map<string, OpenAIStrictSchema>>();

/**
 * The strict form of a tool's `parameters` schema, cached per schema and name. Lints the
 * schema with the `openai-strict` dialect first and throws {@link StrictSchemaError}
 * carrying the findings the conversion cannot repair (optional properties it can); then
 * converts the draft-07 projection with {@link toOpenAIStrict}.
 *
 * @example
 * ```ts
 * const { parameters, restore } = openAIStrictParameters("search", searchTool.parameters);
 * ```
 */
export function openAIStrictParameters(tool: string, schema: AnySchema): OpenAIStrictSchema {
  let byName = strictCache.get(schema);
  const cached = byName?.get(tool);
  if (cached !== undefined) return cached;
  const findings = lintModelFacingSchema(schema, { dialect: "openai-strict" }).filter(
    (finding) => finding.severity === "error" && !REPAIRED.has(finding.code),
  );
  if (findings.length > 0) {
    const reasons = findings.map(
      (finding) => `${finding.path} [${finding.code}] ${finding.message}`,
    );
    throw new StrictSchemaError(tool, reasons, findings);
  }
  const strict = toOpenAIStrict(tool, projectParameters(tool, schema, "draft-07"));
  if (byName === undefined) {
    byName = new Map();
    strictCache.set(schema, byName);
  }
  byName.set(tool, strict);
  return strict;
}

/** A strict-compatible schema and the inverse mapping for the arguments a model sends. */
export interface OpenAIStrictSchema {
  /** The strict-compatible parameters schema (a fresh, unfrozen copy). */
  readonly parameters: JsonSchema;
  /**
   * Maps a model's arguments back: a `null` sent for a property that was optional and
   * not nullable is removed, so the tool's own schema sees the key absent. Returns a
   * new value; anything not matching the schema's shape passes through unchanged.
   */
  restore(args: unknown): unknown;
}

// Formats the strict path accepts: the same list the `string-format` lint rule checks.
const FORMATS = new Set(ALLOWED_STRING_FORMATS["openai-strict"]);

// Keywords the strict path rejects, and why.
const REJECTED: Readonly<Record<string, string>> = {
  allOf: "'allOf' (an intersection) is not permitted; merge the objects into one z.object",
  oneOf: "'oneOf' is not permitted; use z.union (anyOf) instead of a discriminated union or z.xor",
  not: "'not' is not permitted",
  if: "'if/then/else' is not permitted",
  dependentRequired: "'dependentRequired' is not permitted",
  dependentSchemas: "'dependentSchemas' is not permitted",
  patternProperties: "'patternProperties' (a record with checked keys) is not permitted",
  propertyNames: "'propertyNames' (a record) is not permitted; use an object with named properties",
};

// Keywords dropped from the model-facing copy: the tool's own schema still applies them.
const DROPPED = new Set(["default", "$schema"]);

type Plan =
  | {
      readonly kind: "object";
      readonly added: ReadonlySet<string>;
      readonly props: Map<string, Plan>;
    }
  | { readonly kind: "array"; readonly items: Plan }
  | { readonly kind: "union"; readonly options: readonly Plan[] }
  | { readonly kind: "ref"; readonly pointer: string }
  | { readonly kind: "leaf" };

const LEAF: Plan = { kind: "leaf" };

/**
 * Converts a tool's parameters JSON Schema (the input side, draft-07 or 2020-12) to the
 * form OpenAI's `strict: true` accepts: every property listed in `required`, an
 * optional property made nullable instead, `additionalProperties: false` on every
 * object, `default` removed. Throws {@link StrictSchemaError} naming the tool and every
 * construct strict mode cannot take (intersections, `oneOf`, tuples, records and other
 * open objects, formats outside the supported list, a non-object root).
 *
 * @example
 * ```ts
 * const strict = toOpenAIStrict("search", projectParameters("search", Search, "draft-07"));
 * strict.parameters; // send with strict: true
 * await toolbox.execute("search", strict.restore(JSON.parse(call.arguments)));
 * ```
 */
export function toOpenAIStrict(tool: string, parameters: JsonSchema): OpenAIStrictSchema {
  const reasons: string[] = [];
  const plans = new Map<string, Plan>();
  if (parameters.type !== "object") reasons.push(`$: the root must be an object (type "object")`);
  const converted = convert(parameters, "#", "$", reasons, plans) as JsonSchema;
  if (reasons.length > 0) throw new StrictSchemaError(tool, reasons);
  const root = plans.get("#") ?? LEAF;
  return {
    parameters: converted,
    restore: (args) => restore(args, root, plans, 0),
  };
}

function convert(
  node: unknown,
  pointer: string,
  path: string,
  reasons: string[],
  plans: Map<string, Plan>,
): unknown {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return node;
  const schema = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let plan: Plan = LEAF;
  for (const [key, value] of Object.entries(schema)) {
    const why = REJECTED[key];
    if (why !== undefined) {
      reasons.push(`${path}: ${why}`);
      continue;
    }
    if (DROPPED.has(key)) continue;
    out[key] = value;
  }
  if (typeof schema.format === "string" && !FORMATS.has(schema.format)) {
    reasons.push(
      `${path}: format '${schema.format}' is not supported (supported: ${[...FORMATS].join(", ")})`,
    );
  }
  if (typeof schema.$ref === "string") plan = { kind: "ref", pointer: schema.$ref };
  for (const defsKey of ["$defs", "definitions"]) {
    const defs = schema[defsKey];
    if (typeof defs === "object" && defs !== null) {
      out[defsKey] = Object.fromEntries(
        Object.entries(defs).map(([name, def]) => [
          name,
          convert(
            def,
            `${pointer}/${defsKey}/${name}`,
            `${path}.${defsKey}.${name}`,
            reasons,
            plans,
          ),
        ]),
      );
    }
  }
  const isObject =
    schema.type === "object" || (Array.isArray(schema.type) && schema.type.includes("object"));
  if (isObject || typeof schema.properties === "object") {
    plan = convertObject(schema, out, pointer, path, reasons, plans);
  }
  if (schema.items !== undefined) {
    if (Array.isArray(schema.items)) {
      out.items = schema.items.map((item, i) =>
        convert(item, `${pointer}/items/${i}`, `${path}[${i}]`, reasons, plans),
      );
    } else {
      out.items = convert(schema.items, `${pointer}/items`, `${path}[]`, reasons, plans);
      plan = { kind: "array", items: plans.get(`${pointer}/items`) ?? LEAF };
    }
  }
  if (Array.isArray(schema.prefixItems)) {
    out.prefixItems = schema.prefixItems.map((item, i) =>
      convert(item, `${pointer}/prefixItems/${i}`, `${path}[${i}]`, reasons, plans),
    );
  }
  if (Array.isArray(schema.anyOf)) {
    out.anyOf = schema.anyOf.map((option, i) =>
      convert(option, `${pointer}/anyOf/${i}`, `${path}|${i}`, reasons, plans),
    );
    plan = {
      kind: "union",
      options: schema.anyOf.map((_, i) => plans.get(`${pointer}/anyOf/${i}`) ?? LEAF),
    };
  }
  plans.set(pointer, plan);
  return out;
}

function convertObject(
  schema: Record<string, unknown>,
  out: Record<string, unknown>,
  pointer: string,
  path: string,
  reasons: string[],
  plans: Map<string, Plan>,
): Plan {
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    reasons.push(
      `${path}: an open object or record ('additionalProperties' ${JSON.stringify(extra)}) is not permitted; every object must list its properties and set additionalProperties: false`,
    );
  }
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const added = new Set<string>();
  const props = new Map<string, Plan>();
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    const childPointer = `${pointer}/properties/${escapePointer(key)}`;
    let child = convert(value, childPointer, `${path}.${key}`, reasons, plans);
    if (!required.has(key) && !acceptsNull(value)) {
      child = nullable(child);
      added.add(key);
    }
    converted[key] = child;
    props.set(key, plans.get(childPointer) ?? LEAF);
  }
  out.type = schema.type ?? "object";
  out.properties = converted;
  out.required = Object.keys(properties);
  out.additionalProperties = false;
  return { kind: "object", added, props };
}

function acceptsNull(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const node = schema as Record<string, unknown>;
  if (node.type === "null" || node.nullable === true) return true;
  if (Array.isArray(node.type) && node.type.includes("null")) return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some(acceptsNull);
}

const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

// Adds null to a converted schema, in the smallest form the strict path accepts.
function nullable(schema: unknown): unknown {
  const node = schema as Record<string, unknown>;
  const plain = node.$ref === undefined && node.enum === undefined && node.const === undefined;
  if (typeof node.type === "string" && PRIMITIVES.has(node.type) && plain) {
    return { ...node, type: [node.type, "null"] };
  }
  if (
    Array.isArray(node.anyOf) &&
    Object.keys(node).every((key) => key === "anyOf" || key === "description")
  ) {
    return { ...node, anyOf: [...node.anyOf, { type: "null" }] };
  }
  const { description, ...rest } = node;
  return {
    ...(description !== undefined && { description }),
    anyOf: [rest, { type: "null" }],
  };
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function restore(
  value: unknown,
  plan: Plan,
  plans: ReadonlyMap<string, Plan>,
  depth: number,
): unknown {
  if (depth > 64) return value;
  switch (plan.kind) {
    case "leaf":
      return value;
    case "ref": {
      const target = plans.get(plan.pointer);
      return target === undefined ? value : restore(value, target, plans, depth + 1);
    }
    case "array":
      return Array.isArray(value)
        ? value.map((item) => restore(item, plan.items, plans, depth + 1))
        : value;
    case "union": {
      const fitting = plan.options.filter((option) => fits(value, option, plans));
      return fitting.length === 1 && fitting[0] !== undefined
        ? restore(value, fitting[0], plans, depth + 1)
        : value;
    }
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        if (item === null && plan.added.has(key)) continue;
        const child = plan.props.get(key);
        out[key] = child === undefined ? item : restore(item, child, plans, depth + 1);
      }
      return out;
    }
    default:
      return plan satisfies never;
  }
}

function fits(value: unknown, plan: Plan, plans: ReadonlyMap<string, Plan>): boolean {
  const resolved = plan.kind === "ref" ? plans.get(plan.pointer) : plan;
  if (resolved === undefined) return false;
  if (resolved.kind === "object")
    return typeof value === "object" && value !== null && !Array.isArray(value);
  if (resolved.kind === "array") return Array.isArray(value);
  return false;
}
