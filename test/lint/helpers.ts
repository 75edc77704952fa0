/** Shared test helpers: both Zod majors, the real converters, and a cycle-safe snapshot. */

import {
  type LintDialect,
  type LintOptions,
  type LintRuleCode,
  lintModelFacingSchema,
  type SchemaLintFinding,
} from "toolwright/lint";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { zodToJsonSchema } from "zod-to-json-schema";
import { RULES } from "../../lint/rules/index.js";
import { walkSchema } from "../../lint/walk.js";

/** One Zod API for builders; Zod 3's runtime API matches it for everything the tests build. */
export type AnyZ = typeof z;

/** A Zod major under test: its import path, its `z`, and its number. */
export interface Major {
  readonly name: "zod" | "zod/v3";
  readonly z: AnyZ;
  readonly major: 3 | 4;
}

/** Both majors, for `describe.each`. */
export const MAJORS: readonly Major[] = [
  { name: "zod", z, major: 4 },
  { name: "zod/v3", z: z3 as unknown as AnyZ, major: 3 },
];

/** The output of a real conversion, or the message it threw. */
export type Converted = { readonly json: Record<string, unknown> } | { readonly thrown: string };

/** The Zod 4 `toJSONSchema` target matching each dialect's provider path. */
export const TARGET_4: Readonly<Record<LintDialect, "openapi-3.0" | "draft-2020-12">> = {
  "gemini-bifrost": "openapi-3.0",
  gemini: "openapi-3.0",
  openai: "draft-2020-12",
  "openai-strict": "draft-2020-12",
  "anthropic-strict": "draft-2020-12",
  "openai-non-strict": "draft-2020-12",
  anthropic: "draft-2020-12",
  "gemini-json-schema": "draft-2020-12",
  mcp: "draft-2020-12",
};

/** Runs the real converter: zod-to-json-schema openApi3 (Zod 3), `z.toJSONSchema` input side (Zod 4). */
export function convert(major: 3 | 4, schema: unknown, dialect: LintDialect): Converted {
  try {
    const json =
      major === 3
        ? zodToJsonSchema(schema as never, { target: "openApi3" })
        : z.toJSONSchema(schema as never, { target: TARGET_4[dialect], io: "input" });
    return { json: json as Record<string, unknown> };
  } catch (error) {
    return { thrown: error instanceof Error ? error.message : String(error) };
  }
}

/** The converted JSON; fails the test if the converter threw. */
export function jsonOf(converted: Converted): Record<string, unknown> {
  if ("thrown" in converted) throw new Error(`converter threw: ${converted.thrown}`);
  return converted.json;
}

/** `json.properties[key]` of a converted object schema. */
export function propertyOf(converted: Converted, key: string): Record<string, unknown> {
  const properties = jsonOf(converted).properties as
    | Record<string, Record<string, unknown>>
    | undefined;
  const found = properties?.[key];
  if (found === undefined) throw new Error(`no property ${key} in ${JSON.stringify(converted)}`);
  return found;
}

/**
 * The findings of one rule, whether or not a dialect row holds it (`optional-property` is in
 * none): the rule run alone over the walk, as the linter runs it.
 */
export function runRule(
  code: LintRuleCode,
  schema: unknown,
  options: LintOptions = {},
): SchemaLintFinding[] {
  const dialect = options.dialect ?? "gemini-bifrost";
  const rule = RULES[code];
  const findings: SchemaLintFinding[] = [];
  const listener = rule.create({
    dialect,
    report: (path, message) => {
      if (!findings.some((finding) => finding.path === path)) {
        findings.push({ code, severity: rule.severity, path, dialect, message });
      }
    },
  });
  walkSchema(
    schema as object,
    { node: (visit) => listener.node?.(visit), cycle: (visit) => listener.cycle?.(visit) },
    options.side,
  );
  listener.end?.();
  return findings;
}

/** `code path` strings of a lint run, the compact form most assertions compare. */
export function lintCodes(schema: unknown, options?: LintOptions): string[] {
  return lintModelFacingSchema(schema, options).map((finding) => `${finding.code} ${finding.path}`);
}

/**
 * A deterministic, cycle-safe serialisation of everything reachable from a schema: own
 * properties, Set/Map contents, functions by name. Accessors are recorded as accessors and never
 * invoked (Zod 4 redefines `def.shape` on first read, and the snapshot must not do what it is
 * checking the linter does not do); an accessor's `raw` shape is followed. Shared and cyclic
 * objects are written once and then referred to by id.
 */
export function snapshot(root: unknown): string {
  const ids = new Map<object, number>();
  const parts: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "function") {
      parts.push(`fn:${value.name}`);
      if ("raw" in value) stack.push(value.raw);
      continue;
    }
    if (typeof value !== "object" || value === null) {
      parts.push(
        typeof value === "bigint" ? `${value}n` : String(JSON.stringify(value) ?? typeof value),
      );
      continue;
    }
    const id = ids.get(value);
    if (id !== undefined) {
      parts.push(`ref:${id}`);
      continue;
    }
    ids.set(value, ids.size);
    parts.push(`obj:${ids.size - 1}:${Object.getPrototypeOf(value)?.constructor?.name ?? "null"}`);
    if (value instanceof Set || value instanceof Map) stack.push([...value]);
    for (const key of Object.getOwnPropertyNames(value).sort().reverse()) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      parts.push(`key:${key}:${descriptor?.get ? "get" : "value"}`);
      stack.push(descriptor?.get ?? descriptor?.value);
    }
  }
  return parts.join("|");
}
