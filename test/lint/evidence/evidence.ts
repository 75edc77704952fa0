/**
 * The evidence: every subject (a corpus instance as Zod, the same as JSON Schema, or a real
 * server's listed tool) linted under every dialect and judged by that dialect's oracle (the
 * real converter, SDK helper and request path of the provider path it describes), compared
 * unit by unit: the root, and each root property of the parameters.
 */
import {
  LINT_DIALECT_NAMES,
  type LintDialect,
  lintModelFacingSchema,
  UNENFORCED_KEYWORDS,
} from "toolwright/lint";
import { anthropic, anthropicStrict } from "./oracle-anthropic.js";
import { geminiBifrost, geminiJsonSchema, geminiParameters } from "./oracle-gemini.js";
import { mcp } from "./oracle-mcp.js";
import { openAIHelper, openAINonStrict, openAIStrict } from "./oracle-openai.js";
import { type Level, type Problems, ROOT, unitOfPath } from "./problems.js";
import type { Subject } from "./subject.js";

type Oracle = (subject: Subject) => Problems | Promise<Problems>;

/** The provider path each dialect describes, as an oracle. */
export const ORACLES: Readonly<Record<LintDialect, Oracle>> = {
  "gemini-bifrost": geminiBifrost,
  openai: openAIHelper,
  "openai-strict": openAIStrict,
  gemini: geminiParameters,
  "anthropic-strict": anthropicStrict,
  "openai-non-strict": openAINonStrict,
  anthropic,
  "gemini-json-schema": geminiJsonSchema,
  mcp,
};

/** One unit where the lint and the oracle disagree. */
export interface Disagreement {
  readonly subject: string;
  readonly unit: string;
  readonly kind: "false positive" | "false negative";
  readonly lint: readonly string[];
  readonly oracle: readonly string[];
}

/** The comparison for one dialect at one level. */
export interface DialectEvidence {
  readonly dialect: LintDialect;
  readonly level: Level;
  readonly units: number;
  readonly agree: number;
  readonly falsePositives: number;
  readonly falseNegatives: number;
  /** Units the oracle flags (a measure of how much the corpus exercises the dialect). */
  readonly flagged: number;
  readonly disagreements: readonly Disagreement[];
}

/**
 * The subjects judged under a dialect: the same for every dialect, except JSON Schema input
 * from the corpus, which is the projection at the target that dialect's path uses.
 */
export type SubjectsOf = (dialect: LintDialect) => readonly Subject[];

/** Compares every dialect's lint with its oracle over the subjects `subjectsOf` gives it. */
export async function dialectEvidence(subjectsOf: SubjectsOf): Promise<DialectEvidence[]> {
  const results: DialectEvidence[] = [];
  for (const dialect of LINT_DIALECT_NAMES) {
    const levels: Level[] =
      UNENFORCED_KEYWORDS[dialect] === undefined ? ["error"] : ["error", "warning"];
    // One at a time: the Gemini oracles answer the SDK's fetch, which is global.
    const judged: { subject: Subject; problems: Problems }[] = [];
    for (const subject of subjectsOf(dialect)) {
      judged.push({ subject, problems: await ORACLES[dialect](subject) });
    }
    for (const level of levels) results.push(compare(dialect, level, judged));
  }
  return results;
}

function compare(
  dialect: LintDialect,
  level: Level,
  judged: readonly { subject: Subject; problems: Problems }[],
): DialectEvidence {
  let units = 0;
  let flagged = 0;
  const disagreements: Disagreement[] = [];
  for (const { subject, problems } of judged) {
    const lint = lintByUnit(subject, dialect, level);
    const oracle = level === "error" ? problems.errors : problems.warnings;
    for (const unit of unitsOf(subject, lint, oracle)) {
      // Warnings say what ships unenforced: where the path refuses the unit, nothing ships.
      if (level === "warning" && (problems.errors.get(unit)?.length ?? 0) > 0) continue;
      units++;
      const found = lint.get(unit) ?? [];
      const expected = oracle.get(unit) ?? [];
      if (expected.length > 0) flagged++;
      if (found.length > 0 === expected.length > 0) continue;
      const kind = found.length > 0 ? "false positive" : "false negative";
      disagreements.push({ subject: subject.id, unit, kind, lint: found, oracle: expected });
    }
  }
  const count = (kind: Disagreement["kind"]) => disagreements.filter((d) => d.kind === kind).length;
  return {
    dialect,
    level,
    units,
    agree: units - disagreements.length,
    falsePositives: count("false positive"),
    falseNegatives: count("false negative"),
    flagged,
    disagreements,
  };
}

function lintByUnit(subject: Subject, dialect: LintDialect, level: Level): Map<string, string[]> {
  const byUnit = new Map<string, string[]>();
  // Parameters, as every adapter sends them: the input side.
  for (const finding of lintModelFacingSchema(subject.linted, { dialect, side: "input" })) {
    if (finding.severity !== level) continue;
    const unit = unitOfPath(finding.path);
    byUnit.set(unit, [...(byUnit.get(unit) ?? []), `${finding.code} ${finding.path}`]);
  }
  return byUnit;
}

/** The root, every root property, and any unit either side named. */
function unitsOf(subject: Subject, ...named: ReadonlyMap<string, unknown>[]): Set<string> {
  const units = new Set([ROOT, ...subject.keys]);
  for (const map of named) for (const unit of map.keys()) units.add(unit);
  return units;
}
