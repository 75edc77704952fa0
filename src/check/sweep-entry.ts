/**
 * Checking one tool or play: read each schema, lint it under every dialect, and project
 * it as a host would. A schema that cannot be read, is no schema, or breaks the linter
 * becomes a finding; the sweep goes on.
 *
 * @module
 */
import { type LintDialect, lintModelFacingSchema, type SchemaLintFinding } from "toolwright/lint";
import { describeValue, messageOf } from "../core/describe";
import { type AnySchema, isRawShape, isSchema, type RawShape } from "../zod/schema";
import { isObject } from "./discover";
import { type Entry, locate, type Place } from "./entries";
import { checkProjection, hostFinding, type Verdict } from "./host-checks";
import { dialectsFor } from "./lint-scope";
import { addFinding, type SweepState } from "./sweep-state";
import type { SchemaRole } from "./types";

const ROLES = ["parameters", "returns"] as const satisfies readonly SchemaRole[];

/** Checks `entry`'s schemas, unless the same definition was already checked under its name. */
export function sweepEntry(state: SweepState, entry: Entry, place: Place): void {
  if (!markSwept(state, entry)) return;
  state.toolsChecked += 1;
  for (const role of ROLES) sweepSchema(state, entry, place, role);
}

/** Notes `entry` as swept; false when its definition was already swept under its name. */
function markSwept(state: SweepState, entry: Entry): boolean {
  if (!isObject(entry.definition)) return true;
  const names = state.swept.get(entry.definition) ?? new Set<string>();
  if (names.has(entry.name)) return false;
  names.add(entry.name);
  state.swept.set(entry.definition, names);
  return true;
}

function sweepSchema(state: SweepState, entry: Entry, place: Place, role: SchemaRole): void {
  const report = (verdict: Verdict) => addFinding(state, entry, place, role, verdict);
  let schema: unknown;
  try {
    schema = isObject(entry.definition)
      ? (entry.definition as Record<string, unknown>)[role]
      : undefined;
  } catch (error) {
    state.schemasChecked += 1;
    report(hostFinding("schema-unreadable", `reading ${role} threw: ${messageOf(error)}`));
    return;
  }
  // `returns` is optional; `parameters` is not, so a missing one is reported below.
  if (schema === undefined && role === "returns") return;
  state.schemasChecked += 1;
  state.options.onSchema?.({ label: locate(entry, place, role).label, source: place.source });
  // A raw shape stands for z.object of it: the linter walks it as one, projection wraps it.
  if (!isSchema(schema) && !(role === "parameters" && isRawShape(schema))) {
    report(notASchema(entry, role, schema));
    return;
  }
  lintSchema(state, dialectsFor(state.scope, entry.name, role, schema), schema, report);
  const projection = checkProjection(entry.name, role, schema);
  if (projection !== undefined) report(projection);
}

function notASchema(entry: Entry, role: SchemaRole, schema: unknown): Verdict {
  const what = isObject(entry.definition) ? describeValue(schema) : "not a tool definition";
  return hostFinding(
    "not-a-schema",
    `${role} is ${what}; declare it as a Zod schema, e.g. z.object({...})`,
  );
}

/** Lints `schema` under each dialect; a linter that throws is a finding for that dialect. */
function lintSchema(
  state: SweepState,
  dialects: readonly LintDialect[],
  schema: AnySchema | RawShape,
  report: (verdict: Verdict) => void,
): void {
  for (const dialect of dialects) {
    try {
      for (const finding of lintOnce(state, schema, dialect)) report(finding);
    } catch (error) {
      // The linter throws a TypeError for a value it cannot take as a schema.
      const code = error instanceof TypeError ? "not-a-schema" : "lint-failed";
      report({ ...hostFinding(code, messageOf(error)), dialect });
    }
  }
}

function lintOnce(state: SweepState, schema: object, dialect: LintDialect): SchemaLintFinding[] {
  let byDialect = state.lints.get(schema);
  if (byDialect === undefined) {
    byDialect = new Map();
    state.lints.set(schema, byDialect);
  }
  let result = byDialect.get(dialect);
  if (result === undefined) {
    result = lintModelFacingSchema(schema, { dialect, requireDescribe: state.requireDescribe });
    byDialect.set(dialect, result);
  }
  return result;
}
