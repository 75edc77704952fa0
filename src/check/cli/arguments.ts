/**
 * `toolwright check`'s command line: its usage text, and reading `argv` into the options
 * of one run, `--help`, or the usage error to print.
 *
 * @module
 */
import { parseArgs } from "node:util";
import {
  ADAPTER_MODES,
  type AdapterMode,
  LINT_DIALECT_NAMES,
  type LintDialect,
} from "toolwright/lint";
import { messageOf } from "../../core/describe";
import type { LockAllow } from "./lock-diff";

/** How findings are printed: text lines, one JSON document, or workflow annotations. */
export type Format = "text" | "json" | "github";
const FORMATS: readonly Format[] = ["text", "json", "github"];

/** Milliseconds a module may take to import before the check gives up on it. */
const DEFAULT_IMPORT_TIMEOUT = 30_000;

/** The usage text `--help` prints. */
export const CHECK_USAGE = `Usage: toolwright check <module or glob>... [options]
       toolwright check --mcp "<command>" | --mcp-url <url> | --json <file> [options]

Lints the model-facing schemas of every toolbox, playbook, capability, agent
({ name, capabilities }) and tool definition the modules export (TypeScript too,
no build step), and checks that every tool's parameters project to a JSON Schema
object and that no two tools of one capability set share a name. A listing (an MCP
server's tools/list, a JSON file) is linted the same way, each as one request.

Options:
  --dialect <name>      Lint parameters and returns under this dialect; repeat for several
                        (default: gemini-bifrost). One of: ${LINT_DIALECT_NAMES.join(", ")}
  --target <adapter>    Check what this adapter sends: under its dialect, parameters (and,
                        for mcp, an object-rooted returns: its outputSchema), its tool-name
                        rule and its per-request budgets per capability set; repeat for
                        several. One of: ${ADAPTER_MODES.join(", ")}
  --mcp <command>       Start this MCP server over stdio and lint every tool it lists
                        (all pages); repeat for several. The command is split into words
                        as a shell would, without expansions
  --mcp-url <url>       The same for an MCP server over Streamable HTTP
  --header <name: value> Send this header to every --mcp-url server (e.g. a token); repeat
  --json <file>         Lint a tools/list result, an OpenAI, Anthropic or Gemini tool array,
                        or one JSON Schema (the parameters of one tool); repeat for several
  --ledger              Also print what each lowering target (openai-strict, anthropic-strict)
                        changes in each tool's parameters; never changes the exit code
  --lock <file>         Compare each capability set's listing per target (or the neutral
                        toolwright listing, without --target) with this lock file: every
                        change classified breaking, compatible or cosmetic, and whether the
                        listing's bytes (a provider's prompt cache) changed
  --lock-allow <class>  Let changes of this class pass: cosmetic, or compatible (and
                        cosmetic); breaking changes always fail (default: none pass)
  --update-lock         Write the lock file for the listings now (never fails on drift)
  --require-describe    Warn (missing-description) on fields without .describe()
  --format <format>     text (default), json, or github (workflow annotations)
  --max-warnings <n>    Fail on more than n warnings (default: no limit; errors always fail)
  --tsconfig <path>     Take import aliases (compilerOptions.paths) from this tsconfig
                        (default: the nearest tsconfig.json at or above the working directory)
  --import-timeout <ms> Fail when a module takes longer to import, or a server to list its
                        tools (default: ${DEFAULT_IMPORT_TIMEOUT})
  --verbose             List each schema as it is checked (on stderr)
  -v, --version         Print toolwright's version
  -h, --help            Show this help

Exit codes: 0 clean or warnings only, 1 errors (or more warnings than --max-warnings),
2 usage or load error.

Example: npx toolwright check "src/tools/**/*.ts" --require-describe`;

/** A valid `toolwright check` command line. */
export interface CheckOptions {
  /** Module paths and globs, as given. */
  readonly inputs: readonly string[];
  /** `--mcp` commands, as given. */
  readonly mcp: readonly string[];
  /** `--mcp-url` endpoints, as given. */
  readonly mcpUrls: readonly string[];
  /** `--header`s for every `--mcp-url`, by name. */
  readonly headers: Readonly<Record<string, string>>;
  /** `--json` files, as given. */
  readonly json: readonly string[];
  /** `--dialect`s as given; empty when only `--target`s were. */
  readonly dialects: readonly LintDialect[];
  /** `--target`s: adapter modes, each adding its dialect, names and budgets. */
  readonly targets: readonly AdapterMode[];
  /** `--ledger`: print the lowering ledger of the targets. */
  readonly ledger: boolean;
  readonly requireDescribe: boolean;
  readonly format: Format;
  /**
   * `--max-warnings`: the most warnings that pass; `undefined` (the default, as in ESLint)
   * for no limit, so that warnings print without failing.
   */
  readonly maxWarnings: number | undefined;
  readonly verbose: boolean;
  /** `--tsconfig`, as given; `undefined` for the nearest tsconfig.json. */
  readonly tsconfig: string | undefined;
  /** Milliseconds one module may take to import, or one server to list its tools. */
  readonly importTimeout: number;
  /** `--lock`, as given. */
  readonly lock: string | undefined;
  /** `--lock-allow`: which changes since the lock pass. */
  readonly lockAllow: LockAllow;
  /** `--update-lock`: write the lock. */
  readonly updateLock: boolean;
}

/** What a command line asks for. */
export type CheckCommand =
  | { readonly kind: "check"; readonly options: CheckOptions }
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "usage-error"; readonly message: string };

/**
 * Reads `argv` (the arguments after `check`). `--help`, then `--version`, win over every
 * other argument; otherwise the first invalid one is the usage error.
 */
export function parseCheckArgs(argv: readonly string[]): CheckCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return invalid(messageOf(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  const targets = values.target ?? [];
  const unknownTargets = targets.filter((name) => !isTarget(name));
  if (unknownTargets.length > 0) {
    return invalid(
      `unknown target ${unknownTargets.map((name) => `'${name}'`).join(", ")}; valid targets: ${ADAPTER_MODES.join(", ")}`,
    );
  }
  const dialects = values.dialect ?? (targets.length > 0 ? [] : ["gemini-bifrost"]);
  const unknown = dialects.filter((name) => !isDialect(name));
  if (unknown.length > 0) {
    return invalid(
      `unknown dialect ${unknown.map((name) => `'${name}'`).join(", ")}; valid dialects: ${LINT_DIALECT_NAMES.join(", ")}`,
    );
  }
  const format = (values.format ?? "text") as Format;
  if (!FORMATS.includes(format)) {
    return invalid(`unknown format '${values.format}'; use one of: ${FORMATS.join(", ")}`);
  }
  const maxWarnings = wholeNumberOption("max-warnings", values["max-warnings"], MAX_WARNINGS);
  if (typeof maxWarnings === "string") return invalid(maxWarnings);
  const importTimeout = wholeNumberOption(
    "import-timeout",
    values["import-timeout"],
    IMPORT_TIMEOUT,
  );
  if (typeof importTimeout === "string") return invalid(importTimeout);
  const headers = readHeaders(values.header ?? []);
  if (typeof headers === "string") return invalid(headers);
  const listings = {
    mcp: values.mcp ?? [],
    mcpUrls: values["mcp-url"] ?? [],
    json: values.json ?? [],
  };
  if (Object.keys(headers).length > 0 && listings.mcpUrls.length === 0) {
    return invalid("--header is sent to --mcp-url servers: give one");
  }
  const listed = listings.mcp.length + listings.mcpUrls.length + listings.json.length;
  if (positionals.length === 0 && listed === 0) {
    return invalid(
      "name at least one module or glob to check, or a listing (--mcp, --mcp-url, --json)",
    );
  }
  const lockAllow = values["lock-allow"] ?? "none";
  if (lockAllow !== "none" && lockAllow !== "cosmetic" && lockAllow !== "compatible") {
    return invalid(`unknown --lock-allow '${lockAllow}'; use cosmetic or compatible`);
  }
  if (values.lock === undefined && (values["lock-allow"] !== undefined || values["update-lock"])) {
    return invalid("--lock-allow and --update-lock need --lock <file>");
  }
  const options: CheckOptions = {
    inputs: positionals,
    ...listings,
    headers,
    dialects: dialects.filter(isDialect),
    targets: targets.filter(isTarget),
    ledger: values.ledger ?? false,
    requireDescribe: values["require-describe"] ?? false,
    format,
    maxWarnings,
    verbose: values.verbose ?? false,
    tsconfig: values.tsconfig,
    importTimeout,
    lock: values.lock,
    lockAllow,
    updateLock: values["update-lock"] ?? false,
  };
  return { kind: "check", options };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      dialect: { type: "string", multiple: true },
      target: { type: "string", multiple: true },
      mcp: { type: "string", multiple: true },
      "mcp-url": { type: "string", multiple: true },
      header: { type: "string", multiple: true },
      json: { type: "string", multiple: true },
      ledger: { type: "boolean" },
      "require-describe": { type: "boolean" },
      format: { type: "string" },
      "max-warnings": { type: "string" },
      verbose: { type: "boolean" },
      tsconfig: { type: "string" },
      "import-timeout": { type: "string" },
      lock: { type: "string" },
      "lock-allow": { type: "string" },
      "update-lock": { type: "boolean" },
      version: { type: "boolean", short: "v" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/**
 * A whole-number option's range, its value when absent (`undefined` for no limit), and
 * what its unit is called in the message.
 */
interface WholeNumberRange<Fallback extends number | undefined = number> {
  readonly min: number;
  readonly max: number;
  readonly fallback: Fallback;
  readonly what: string;
}

const MAX_WARNINGS: WholeNumberRange<undefined> = {
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  fallback: undefined,
  what: "a whole number",
};

// Node clamps a timer above 2^31-1 ms to 1 ms (TimeoutOverflowWarning): a larger timeout
// would fire at once, so it is refused rather than silently shortened.
const IMPORT_TIMEOUT: WholeNumberRange = {
  min: 1,
  max: 2 ** 31 - 1,
  fallback: DEFAULT_IMPORT_TIMEOUT,
  what: "milliseconds, a whole number",
};

/**
 * The value of `--<name>` (the range's fallback when absent), or the usage error naming
 * the option and its range when the text is not a whole number within it.
 */
function wholeNumberOption<Fallback extends number | undefined>(
  name: string,
  text: string | undefined,
  range: WholeNumberRange<Fallback>,
): number | Fallback | string {
  if (text === undefined) return range.fallback;
  const value = Number(text);
  if (/^\d+$/.test(text) && value >= range.min && value <= range.max) return value;
  return `--${name} expects ${range.what} from ${range.min} to ${range.max}, got '${text}'`;
}

/** `Name: value` headers by name, or the usage error for one without a name or colon. */
function readHeaders(lines: readonly string[]): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim();
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      return `--header expects 'Name: value', got '${line}'`;
    }
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

function isDialect(name: string): name is LintDialect {
  return (LINT_DIALECT_NAMES as readonly string[]).includes(name);
}

function isTarget(name: string): name is AdapterMode {
  return (ADAPTER_MODES as readonly string[]).includes(name);
}

function invalid(message: string): CheckCommand {
  return { kind: "usage-error", message };
}
