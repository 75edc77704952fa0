/** The runner: validates arguments, walks once, feeds every active rule, collects findings. */

import { describeValue } from "./describe-value.js";
import { DEFAULT_DIALECT, LINT_DIALECTS } from "./dialects.js";
import { isRawShape, zodMajor } from "./node-view.js";
import type { RuleListener } from "./rule.js";
import { RULES } from "./rules/index.js";
import type {
  LintDialect,
  LintOptions,
  LintRuleCode,
  LintSide,
  SchemaLintFinding,
} from "./types.js";
import { walkSchema } from "./walk.js";

/**
 * Lints a Zod 3 or Zod 4 schema for constructs the chosen provider path cannot represent
 * faithfully. Pure: reads the schema structurally, never mutates it, never throws for a finding.
 *
 * @param schema - A Zod 3 (`zod/v3`) or Zod 4 (`zod`) schema, typically a tool's parameters or returns.
 * @param options - `dialect` (default `"gemini-bifrost"`), `requireDescribe` (default `false`),
 *   and `side` (`"input"` for parameters, `"output"` for returns; both when unset).
 * @returns Findings in walk order (pre-order, declaration order), one per (code, path).
 * @throws {TypeError} When `schema` is not a Zod schema or an option is invalid: a programming error.
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
  if (zodMajor(schema) === undefined && !isRawShape(schema)) {
    throw new TypeError(
      `lintModelFacingSchema: expected a Zod 3 or Zod 4 schema (an object with _def or _zod) or a raw shape of them, received ${describeValue(schema)}; pass the schema itself, e.g. tool.parameters`,
    );
  }
  const codes: LintRuleCode[] = [...LINT_DIALECTS[dialect]];
  if (requireDescribe) codes.push("missing-description");
  const findings: SchemaLintFinding[] = [];
  const seen = new Set<string>();
  const listeners: RuleListener[] = codes.map((code) => {
    const rule = RULES[code];
    return rule.create({
      dialect,
      report(path, message) {
        const key = `${code}\u0000${path}`;
        if (seen.has(key)) return;
        seen.add(key);
        findings.push({ code, severity: rule.severity, path, dialect, message });
      },
    });
  });
  walkSchema(
    schema as object,
    {
      node: (visit) => {
        for (const listener of listeners) listener.node?.(visit);
      },
      cycle: (visit) => {
        for (const listener of listeners) listener.cycle?.(visit);
      },
    },
    side,
  );
  for (const listener of listeners) listener.end?.();
  return findings;
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
