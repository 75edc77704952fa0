/**
 * The repo's own bar: every tool toolwright ships (each example's toolboxes, capabilities
 * and playbooks, and `ManualToolbox`'s built-in tools) linted under `gemini-bifrost`, with
 * `requireDescribe` both off (as the spec says) and on (toolwright's own tools describe
 * every field). Zero findings, warnings included, as the specification requires: stricter
 * than `toolwright check`, whose warnings fail only past `--max-warnings`. A finding is
 * fixed in the schema, never by weakening a rule.
 *
 * Run: npx tsx tools/check-model-facing-schemas.ts [module...]
 * (with modules, those are swept instead of examples/, beside the built-in tools)
 *
 * @module
 */
import { readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ManualToolbox, TextManual } from "toolwright";
import {
  describeCoverage,
  formatFinding,
  type SweepRoot,
  sweepModelFacingSchemas,
} from "toolwright/check";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DIALECTS = ["gemini-bifrost"] as const;

/** What the check prints, and whether it passed. */
export interface RepoCheckResult {
  readonly ok: boolean;
  /** One line per finding then a summary, or one line when clean. */
  readonly lines: readonly string[];
}

/**
 * Sweeps `roots` under `gemini-bifrost`, once with `requireDescribe: false` and once with
 * `true`; a finding both passes report is printed once.
 */
export function checkModelFacingSchemas(roots: readonly SweepRoot[]): RepoCheckResult {
  const reports = [false, true].map((requireDescribe) =>
    sweepModelFacingSchemas(roots, { dialects: DIALECTS, requireDescribe }),
  );
  const lines = [...new Set(reports.flatMap((report) => report.findings.map(formatFinding)))];
  const coverage = describeCoverage(reports[0] ?? { schemasChecked: 0, dialects: DIALECTS });
  if (lines.length === 0) {
    return {
      ok: true,
      lines: [
        `check-model-facing-schemas: ${coverage} (requireDescribe false and true): no findings`,
      ],
    };
  }
  const noun = lines.length === 1 ? "finding" : "findings";
  return {
    ok: false,
    lines: [
      ...lines,
      `check-model-facing-schemas: ${lines.length} ${noun} in ${coverage} (requireDescribe false and true); fix the schemas`,
    ],
  };
}

/** `ManualToolbox`'s built-in tools, over a sample manual. */
export function builtInRoots(): SweepRoot[] {
  const manual = new TextManual(
    "reference",
    "# Overview\nWhat the tools do.\n# Usage\nHow to call them.",
  );
  return [
    { name: "ManualToolbox", value: new ManualToolbox(manual), source: "src/manual-toolbox.ts" },
  ];
}

/**
 * Imports a module without what it prints on stdout: the README's quick start and offline
 * loop are scripts that print their results when imported, and this script's stdout is
 * its one summary line.
 */
async function importQuietly(file: string): Promise<Record<string, unknown>> {
  const log = console.log;
  console.log = () => {};
  try {
    return (await import(pathToFileURL(resolve(file)).href)) as Record<string, unknown>;
  } finally {
    console.log = log;
  }
}

/** Every export of the given modules, as sweep roots. */
export async function moduleRoots(files: readonly string[]): Promise<SweepRoot[]> {
  const roots: SweepRoot[] = [];
  for (const file of files) {
    const exports = await importQuietly(file);
    const source = relative(ROOT, resolve(file));
    for (const name of Object.keys(exports)) roots.push({ name, value: exports[name], source });
  }
  return roots;
}

/** Every example module: `examples/index.ts` first, then the rest of `examples/*.ts`. */
export function exampleModules(): string[] {
  const dir = join(ROOT, "examples");
  const rest = readdirSync(dir)
    .filter((name) => /\.(ts|mts)$/.test(name) && !/\.(d|test)\.[cm]?ts$/.test(name))
    .filter((name) => name !== "index.ts")
    .sort();
  return [join(dir, "index.ts"), ...rest.map((name) => join(dir, name))];
}

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  const roots = [
    ...(await moduleRoots(files.length > 0 ? files : exampleModules())),
    ...builtInRoots(),
  ];
  const result = checkModelFacingSchemas(roots);
  for (const line of result.lines) console.log(line);
  if (!result.ok) process.exitCode = 1;
}

const script = process.argv[1];
if (script !== undefined && import.meta.url === pathToFileURL(resolve(script)).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  });
}
