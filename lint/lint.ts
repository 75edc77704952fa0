/** The runner: validates arguments, walks once, feeds every active rule, collects findings. */

import { describeValue } from "./describe-value.js";
import {
  DEFAULT_DIALECT,
  DRAFT_ROUTES,
  LINT_DIALECTS,
  UNREFERENCED_DEFINITIONS,
  type UnreferencedDefinitionsRead,
} from "./dialects.js";
import { entryOf, isSchemaValue, unresolvedRef } from "./json-schema-ref.js";
import { isJsonSchema, isRawShape, zodMajor } from "./node-view.js";
import { definitionPath } from "./path.js";
import { prop, shapeEntries } from "./read.js";
import type { RuleListener } from "./rule.js";
import { RULES } from "./rules/index.js";
import type {
  LintDialect,
  LintOptions,
  LintRuleCode,
  LintSide,
  SchemaLintFinding,
} from "./types.js";
import { type WalkRoot, walkSchema } from "./walk.js";

/**
 * Lints a Zod 3 or Zod 4 schema, or a JSON Schema, for constructs the chosen provider path cannot
 * represent faithfully. Pure: reads the schema structurally, never mutates it, never throws for a
 * finding. A JSON Schema (draft-07, 2020-12 or an OpenAPI 3.0 schema object, local `$ref`s into
 * `$defs`/`definitions` included) is read as the Zod schema that projects to it would be.
 *
 * @param schema - A Zod 3 (`zod/v3`) or Zod 4 (`zod`) schema, a raw shape of them, or a JSON
 *   Schema; typically a tool's parameters or returns.
 * @param options - `dialect` (default `"gemini-bifrost"`), `requireDescribe` (default `false`),
 *   and `side` (`"input"` for parameters, `"output"` for returns; both when unset).
 * @returns Findings in walk order (pre-order, declaration order), one per (code, path).
 * @throws {TypeError} When `schema` is not a Zod schema or a JSON Schema, a JSON Schema holds a
 *   `$ref` that does not resolve inside it (missing, or not local), or an option is invalid: a
 *   programming error.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { lintModelFacingSchema } from "toolwright/lint";
 *
 * const findings = lintModelFacingSchema(z.object({ count: z.number().positive() }));
 * // [{ code: "exclusive-numeric-bound", severity: "error", path: "$.count",
 * //    dialect: "gemini-bifrost", message: "… Use .min() instead of .positive()/.gt() …" }]
 * const errors = findings.filter((f) => f.severity === "error");
 * ```
 */
export function lintModelFacingSchema(
  schema: unknown,
  options: LintOptions = {},
): SchemaLintFinding[] {
  const { dialect, requireDescribe, side } = checkOptions(options, "lintModelFacingSchema");
  const json = zodMajor(schema) === undefined && !isRawShape(schema) && isJsonSchema(schema);
  if (zodMajor(schema) === undefined && !isRawShape(schema) && !json) {
    throw new TypeError(
      `lintModelFacingSchema: expected a Zod 3 or Zod 4 schema (an object with _def or _zod), a raw shape of them, or a JSON Schema, received ${describeValue(schema)}; pass the schema itself, e.g. tool.parameters`,
    );
  }
  if (json) checkRefs(schema);
  // Findings name the dialect asked for; the row is the one its path really applies.
  const row = json ? routed(dialect, schema) : dialect;
  const codes: LintRuleCode[] = [...LINT_DIALECTS[row]];
  if (requireDescribe) codes.push("missing-description");
  const findings: SchemaLintFinding[] = [];
  const seen = new Set<string>();
  const definitions = json ? UNREFERENCED_DEFINITIONS[row] : undefined;
  const listeners: Array<RuleListener & { readonly code: LintRuleCode }> = codes.map((code) => {
    const rule = RULES[code];
    const listener = rule.create({
      dialect: row,
      report(path, message) {
        const key = `${code}\u0000${path}`;
        if (seen.has(key)) return;
        seen.add(key);
        findings.push({ code, severity: rule.severity, path, dialect, message });
      },
    });
    return { ...listener, code };
  });
  // Under an unreferenced definition, only the rules the path applies there.
  const inDefinitions =
    definitions === undefined || definitions.rules === "row"
      ? listeners
      : listeners.filter(({ code }) => (definitions.rules as readonly string[]).includes(code));
  const active = (root: string) => (root === "$" ? listeners : inDefinitions);
  walkSchema(
    // A boolean JSON Schema is walked through its handle: the walker reads objects only.
    typeof schema === "boolean" ? entryOf(schema, schema) : (schema as object),
    {
      node: (visit) => {
        for (const listener of active(visit.root)) listener.node?.(visit);
      },
      cycle: (visit) => {
        for (const listener of active(visit.root)) listener.cycle?.(visit);
      },
    },
    side,
    definitions === undefined ? [] : unreferencedCandidates(schema, definitions),
  );
  for (const listener of listeners) listener.end?.();
  return findings;
}

/**
 * The root definitions a path reads whether or not a `$ref` reaches them, in document order,
 * each at its own path; the walk visits those it has not reached from the root. Read
 * defensively: a definitions map whose Proxy traps throw has no entries to walk.
 */
function unreferencedCandidates(schema: unknown, read: UnreferencedDefinitionsRead): WalkRoot[] {
  if (typeof schema !== "object" || schema === null) return [];
  try {
    return read.keywords.flatMap((keyword) =>
      shapeEntries(prop(schema, keyword))
        .filter(([, value]) => isSchemaValue(value))
        .map(([name, value]) => ({
          schema: entryOf(schema, value),
          path: definitionPath(keyword, name),
        })),
    );
  } catch {
    return [];
  }
}

/** The dialect whose row lints a JSON Schema: `dialect`, or its route when it names its draft. */
function routed(dialect: LintDialect, schema: unknown): LintDialect {
  const route = DRAFT_ROUTES[dialect];
  const namesDraft =
    typeof schema === "object" && schema !== null && Object.hasOwn(schema, "$schema");
  return route !== undefined && namesDraft ? route : dialect;
}

/**
 * A `$ref` the linter cannot follow is a programming error, not a finding: the schema is not
 * the one the provider will be sent (it must be bundled or dereferenced first).
 */
function checkRefs(schema: unknown): void {
  const unresolved = unresolvedRef(schema);
  if (unresolved === undefined) return;
  const why = unresolved.ref.startsWith("#")
    ? "does not resolve inside the schema"
    : "is not local (only #-fragments into the same document are read)";
  throw new TypeError(
    `lintModelFacingSchema: the $ref ${JSON.stringify(unresolved.ref)} at ${unresolved.at} ${why}; bundle or dereference the schema, or fix the pointer`,
  );
}

/**
 * The options with their defaults, or a TypeError naming `caller` and what was passed: an
 * unknown dialect or a non-boolean `requireDescribe` is a programming error.
 */
export function checkOptions(
  options: unknown,
  caller: string,
): { dialect: LintDialect; requireDescribe: boolean; side: LintSide | undefined } {
  if (typeof options !== "object" || options === null) {
    throw new TypeError(
      `${caller}: expected options like { dialect: "gemini-bifrost" }, received ${describeValue(options)}`,
    );
  }
  const { dialect = DEFAULT_DIALECT, requireDescribe = false, side } = options as LintOptions;
  if (typeof dialect !== "string" || !Object.hasOwn(LINT_DIALECTS, dialect)) {
    throw new TypeError(
      `${caller}: unknown dialect ${describeValue(dialect)}; use one of: ${Object.keys(LINT_DIALECTS).join(", ")}`,
    );
  }
  if (typeof requireDescribe !== "boolean") {
    throw new TypeError(
      `${caller}: expected requireDescribe to be a boolean, received ${describeValue(requireDescribe)}`,
    );
  }
  if (side !== undefined && side !== "input" && side !== "output") {
    throw new TypeError(
      `${caller}: expected side to be "input" or "output", received ${describeValue(side)}`,
    );
  }
  return { dialect, requireDescribe, side };
}
