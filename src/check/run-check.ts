/**
 * `toolwright check`: argument parsing, module loading, the sweep and its output, as a
 * function of `argv` returning the exit code (0 clean, 1 findings, 2 usage or load error).
 *
 * @module
 */
import { relative } from "node:path";
import { parseArgs } from "node:util";
import {
  describeCounts,
  describeCoverage,
  formatAnnotation,
  formatErrorAnnotation,
  formatFinding,
  hasToolwrightObjects,
  type SweepReport,
  type SweepRoot,
  sweepModelFacingSchemas,
} from "toolwright/check";
import { LINT_DIALECT_NAMES, type LintDialect } from "toolwright/lint";
import { messageOf } from "../core/describe";
import { loadModules, resolveInputs } from "./load-modules";

/** Where the CLI writes and which directory paths are relative to. */
export interface CheckIO {
  readonly cwd: string;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

type Format = "text" | "json" | "github";
const FORMATS: readonly Format[] = ["text", "json", "github"];

/** The usage text `--help` prints. */
export const CHECK_USAGE = `Usage: toolwright check <module or glob>... [options]

Lints the model-facing schemas of every toolbox, playbook, capability, agent
({ name, capabilities }) and tool definition the modules export (TypeScript too,
no build step), and checks that every tool's parameters project to a JSON Schema
object and that no two tools of one capability set share a name.

Options:
  --dialect <name>      Lint under this dialect; repeat for several (default: gemini-bifrost).
                        One of: ${LINT_DIALECT_NAMES.join(", ")}
  --require-describe    Warn (missing-description) on fields without .describe()
  --format <format>     text (default), json, or github (workflow annotations)
  --max-warnings <n>    Pass with up to n warnings (default: 0; errors always fail)
  --verbose             List each schema as it is checked (on stderr)
  -h, --help            Show this help

Exit codes: 0 clean, 1 findings, 2 usage or load error.

Example: npx toolwright check "src/tools/**/*.ts" --require-describe`;

/** Runs `toolwright check` with `argv` (the arguments after `check`); resolves to the exit code. */
export async function runCheck(argv: readonly string[], io: CheckIO): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return usageError(io, messageOf(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(CHECK_USAGE);
    return 0;
  }
  const dialects = values.dialect ?? ["gemini-bifrost"];
  const unknown = dialects.filter(
    (name) => !(LINT_DIALECT_NAMES as readonly string[]).includes(name),
  );
  if (unknown.length > 0) {
    return usageError(
      io,
      `unknown dialect ${unknown.map((name) => `'${name}'`).join(", ")}; valid dialects: ${LINT_DIALECT_NAMES.join(", ")}`,
    );
  }
  const format = (values.format ?? "text") as Format;
  if (!FORMATS.includes(format)) {
    return usageError(io, `unknown format '${values.format}'; use one of: ${FORMATS.join(", ")}`);
  }
  let maxWarnings = 0;
  if (values["max-warnings"] !== undefined) {
    maxWarnings = Number(values["max-warnings"]);
    if (!/^\d+$/.test(values["max-warnings"]) || !Number.isSafeInteger(maxWarnings)) {
      return usageError(
        io,
        `--max-warnings expects a whole number >= 0, got '${values["max-warnings"]}'`,
      );
    }
  }
  if (positionals.length === 0) return usageError(io, "name at least one module or glob to check");

  const display = (file: string) => relative(io.cwd, file) || file;
  const problems: string[] = [];
  const inputs = resolveInputs(positionals, io.cwd);
  for (const input of inputs) {
    if (input.files.length === 0) {
      problems.push(
        input.glob ? `no files match '${input.input}'` : `no such file: ${input.input}`,
      );
    }
  }
  if (problems.length > 0) return loadErrors(io, format, problems);

  const files = [...new Set(inputs.flatMap((input) => input.files))];
  let loaded: Awaited<ReturnType<typeof loadModules>>;
  try {
    loaded = await loadModules(files);
  } catch (error) {
    return loadErrors(io, format, [messageOf(error)]);
  }
  const roots = new Map<string, SweepRoot[]>();
  for (const result of loaded) {
    if (!result.ok) {
      problems.push(`failed to import ${display(result.file)}: ${describeError(result.error)}`);
      if (values.verbose && result.error instanceof Error && result.error.stack) {
        io.stderr(result.error.stack);
      }
      continue;
    }
    const source = display(result.file);
    roots.set(
      result.file,
      Object.keys(result.exports).map((name) => ({ name, value: result.exports[name], source })),
    );
  }
  if (problems.length > 0) return loadErrors(io, format, problems);

  for (const input of inputs) {
    const withExports = input.files.filter((file) => hasToolwrightObjects(roots.get(file) ?? []));
    if (withExports.length > 0) {
      if (values.verbose) {
        for (const file of input.files.filter((file) => !withExports.includes(file))) {
          io.stderr(`skipping ${display(file)}: no toolwright exports`);
        }
      }
      continue;
    }
    problems.push(
      input.glob
        ? `none of the ${input.files.length} module(s) matching '${input.input}' exports a toolbox, playbook, capability, agent or tool definition`
        : `${display(input.files[0] as string)} exports no toolbox, playbook, capability, agent or tool definition`,
    );
  }
  if (problems.length > 0) return loadErrors(io, format, problems);

  const report = sweepModelFacingSchemas([...roots.values()].flat(), {
    dialects: dialects as LintDialect[],
    requireDescribe: values["require-describe"] ?? false,
    ...(values.verbose && {
      onSchema: (schema) => io.stderr(`checking ${schema.source ?? "?"}: ${schema.label}`),
    }),
  });
  const failed = report.errorCount > 0 || report.warningCount > maxWarnings;
  const summary = summarise(report, failed, maxWarnings, values["max-warnings"] !== undefined);

  if (format === "json") {
    io.stdout(
      JSON.stringify(
        {
          ok: !failed,
          schemasChecked: report.schemasChecked,
          toolsChecked: report.toolsChecked,
          dialects: report.dialects,
          requireDescribe: report.requireDescribe,
          errorCount: report.errorCount,
          warningCount: report.warningCount,
          maxWarnings,
          modules: files.map(display),
          findings: report.findings.map((finding) => ({
            file: finding.source ?? null,
            label: finding.label,
            agent: finding.agent ?? null,
            capability: finding.capability ?? null,
            owner: finding.owner ?? null,
            kind: finding.kind,
            name: finding.name,
            schema: finding.schema ?? null,
            code: finding.code,
            severity: finding.severity,
            path: finding.path,
            dialect: finding.dialect ?? null,
            message: finding.message,
          })),
        },
        null,
        2,
      ),
    );
  } else {
    for (const finding of report.findings) {
      io.stdout(
        format === "github"
          ? formatAnnotation(finding, finding.source)
          : `${finding.source ?? "?"}: ${formatFinding(finding)}`,
      );
    }
    io.stdout(summary);
  }
  return failed ? 1 : 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      dialect: { type: "string", multiple: true },
      "require-describe": { type: "boolean" },
      format: { type: "string" },
      "max-warnings": { type: "string" },
      verbose: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function summarise(
  report: SweepReport,
  failed: boolean,
  maxWarnings: number,
  explicitMax: boolean,
): string {
  const head = `toolwright check: ${describeCoverage(report)}`;
  if (report.findings.length === 0) return `${head}: no findings`;
  const counts = describeCounts(report);
  const over =
    report.errorCount === 0 && failed && explicitMax
      ? ` (more than --max-warnings ${maxWarnings})`
      : "";
  return `${head}: ${counts}${over}`;
}

function usageError(io: CheckIO, message: string): number {
  io.stderr(`toolwright check: ${message}`);
  io.stderr("Run 'toolwright check --help' for usage.");
  return 2;
}

function loadErrors(io: CheckIO, format: Format, problems: readonly string[]): number {
  for (const problem of problems) {
    io.stderr(`toolwright check: ${problem}`);
    if (format === "github") io.stdout(formatErrorAnnotation(problem));
  }
  return 2;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
