/**
 * End to end: the built `toolwright` CLI in a child process, over fixture modules written
 * in TypeScript against `zod` and `zod/v3`. The fixtures import toolwright's sources while
 * the CLI is the bundled build: two copies of the package, recognised by shape.
 */
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { LINT_DIALECT_NAMES, lintModelFacingSchema } from "toolwright/lint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import config from "../../tsup.config";
import { buildCli, CLI, ROOT, removeCli, run, runCli } from "./build";
import { between, search } from "./fixtures/findings";
import { warehouse } from "./fixtures/many-tools";
import { lazy } from "./fixtures/throwing-getter";
import { notes } from "./fixtures/warnings-only";

const FINDINGS = "test/check/fixtures/findings.ts";
const WARNINGS = "test/check/fixtures/warnings-only.ts";
/** The lines of fixtures/findings.ts declaring `search` and `between`. */
const SEARCH_LINE = 10;
const BETWEEN_LINE = 20;

beforeAll(buildCli, 120_000);
afterAll(removeCli);

// Projects written per run, inside the repository so that `zod` resolves from its
// node_modules; a dot-folder, which tsc's and Biome's globs pass over.
const PROJECTS = mkdtempSync(join(ROOT, "test/check/.projects-"));
afterAll(() => rmSync(PROJECTS, { recursive: true, force: true }));

/** Writes `files` (path → text) under a new project folder; returns its path from ROOT. */
function project(name: string, files: Record<string, string>): string {
  const dir = join(PROJECTS, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return relative(ROOT, dir);
}

/** A module exporting a clean toolbox `name`, in ESM syntax. */
function cleanToolbox(name: string, zod = 'import { z } from "zod";'): string {
  return `import { defineTool, toolbox } from "toolwright";
${zod}

export const ${name} = toolbox("${name}", "Tools", {
  echo: defineTool({
    description: "Echo a text",
    parameters: z.object({ text: z.string().describe("What to echo") }),
    execute: ({ text }) => text,
  }),
});
`;
}

/** What the linter itself reports for the findings fixture, labelled as the CLI must label it. */
function expectedFindings() {
  const swept = [
    { name: "search", schema: "parameters", value: search.parameters },
    { name: "search", schema: "returns", value: search.returns },
    { name: "between", schema: "parameters", value: between.parameters },
  ] as const;
  return swept.flatMap(({ name, schema, value }) =>
    lintModelFacingSchema(value, { requireDescribe: true }).map((finding) => ({
      label: `shop / catalogue / ${name}.${schema}`,
      name,
      schema,
      ...finding,
    })),
  );
}

describe("toolwright check, end to end", () => {
  it("is built from src/check/cli/index.ts as the package's bin, with a shebang, executable", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.bin).toEqual({ toolwright: "./dist/cli.js" });
    expect((config as { entry: Record<string, string> }).entry.cli).toBe("src/check/cli/index.ts");
    expect(readFileSync(CLI, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(() => accessSync(CLI, constants.X_OK)).not.toThrow();
  });

  it("the findings fixture holds an error in each Zod major and a warning", () => {
    expect(expectedFindings().map((f) => `${f.label} ${f.code}`)).toEqual([
      "shop / catalogue / search.parameters exclusive-numeric-bound",
      "shop / catalogue / search.returns missing-description",
      "shop / catalogue / between.parameters tuple",
    ]);
  });

  it("exits 0 and prints one line for clean modules in both Zod majors", () => {
    const result = runCli(
      "check",
      "test/check/fixtures/clean.ts",
      "test/check/fixtures/clean-v3.ts",
      "--require-describe",
      "--dialect",
      "gemini-bifrost",
      "--dialect",
      "openai",
    );
    expect(result.stderr).toBe("");
    expect(result.lines).toEqual([
      "toolwright check: 10 schemas under gemini-bifrost and openai: no findings",
    ]);
    expect(result.status).toBe(0);
  });

  it("expands a glob itself, and --verbose lists each schema on stderr", () => {
    const result = runCli("check", "test/check/fixtures/clean*.ts", "--verbose");
    expect(result.status).toBe(0);
    expect(result.lines).toEqual([
      "toolwright check: 10 schemas under gemini-bifrost: no findings",
    ]);
    const listed = result.stderr.trim().split("\n");
    expect(listed).toHaveLength(10);
    expect(listed).toContain(
      "checking test/check/fixtures/clean.ts: shop / orders / lookup.parameters",
    );
    expect(listed).toContain("checking test/check/fixtures/clean-v3.ts: recipes / shout.returns");
  });

  it("text: exits 1 with one labelled line per finding and a summary", () => {
    const result = runCli("check", FINDINGS, "--require-describe");
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      ...expectedFindings().map(
        (f) => `${FINDINGS}: ${f.label}: [${f.code}] ${f.severity} ${f.path} — ${f.message}`,
      ),
      "toolwright check: 3 schemas under gemini-bifrost: 2 errors, 1 warning",
    ]);
  });

  it("json: exits 1 with the report as one JSON document", () => {
    const result = runCli("check", FINDINGS, "--require-describe", "--format", "json");
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      schemasChecked: 3,
      toolsChecked: 2,
      dialects: ["gemini-bifrost"],
      targets: [],
      requireDescribe: true,
      errorCount: 2,
      warningCount: 1,
      maxWarnings: null,
      modules: [FINDINGS],
      servers: [],
      findings: expectedFindings().map((f) => ({
        file: FINDINGS,
        line: f.name === "search" ? SEARCH_LINE : BETWEEN_LINE,
        server: null,
        label: f.label,
        agent: "shop",
        capability: "catalogue",
        owner: "catalogue",
        kind: "tool",
        name: f.name,
        schema: f.schema,
        code: f.code,
        severity: f.severity,
        path: f.path,
        dialect: "gemini-bifrost",
        dialects: ["gemini-bifrost"],
        message: f.message,
      })),
    });
  });

  it("github: exits 1 with one workflow annotation per finding, at the line defining the tool", () => {
    const lines = readFileSync(join(ROOT, FINDINGS), "utf8").split("\n");
    expect(lines[SEARCH_LINE - 1]).toBe("export const search = defineTool({");
    expect(lines[BETWEEN_LINE - 1]).toBe("export const between = defineTool({");
    const result = runCli("check", FINDINGS, "--require-describe", "--format", "github");
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      ...expectedFindings().map(
        (f) =>
          `::${f.severity} file=${FINDINGS},line=${f.name === "search" ? SEARCH_LINE : BETWEEN_LINE},title=toolwright [${f.code}] ${f.label}::${f.path} — ${f.message}`,
      ),
      "toolwright check: 3 schemas under gemini-bifrost: 2 errors, 1 warning",
    ]);
    expect(result.lines[0]).toMatch(/^::error file=[^,:]+,line=\d+,title=[^:]+::\$\.limit — /);
  });

  it("--max-warnings lets warnings pass up to the limit, never errors", () => {
    const fields = lintModelFacingSchema(notes.tools.add_note?.parameters, {
      requireDescribe: true,
    });
    expect(fields.map((f) => f.code)).toEqual(["missing-description", "missing-description"]);

    const none = runCli("check", WARNINGS, "--require-describe", "--max-warnings", "0");
    expect(none.status).toBe(1);
    expect(none.lines.at(-1)).toBe(
      "toolwright check: 1 schema under gemini-bifrost: 0 errors, 2 warnings (more than --max-warnings 0)",
    );

    const allowed = runCli("check", WARNINGS, "--require-describe", "--max-warnings", "2");
    expect(allowed.status).toBe(0);
    expect(allowed.lines).toEqual([
      ...fields.map(
        (f) =>
          `${WARNINGS}: notes / add_note.parameters: [${f.code}] warning ${f.path} — ${f.message}`,
      ),
      "toolwright check: 1 schema under gemini-bifrost: 0 errors, 2 warnings",
    ]);

    const over = runCli("check", WARNINGS, "--require-describe", "--max-warnings", "1");
    expect(over.status).toBe(1);
    expect(over.lines.at(-1)).toBe(
      "toolwright check: 1 schema under gemini-bifrost: 0 errors, 2 warnings (more than --max-warnings 1)",
    );

    expect(runCli("check", FINDINGS, "--max-warnings", "100").status).toBe(1);
    expect(runCli("check", WARNINGS).status).toBe(0);
  });

  it("warnings do not fail by default: they print, with the summary, and the exit code is 0", () => {
    const fields = lintModelFacingSchema(notes.tools.add_note?.parameters, {
      requireDescribe: true,
    });
    const result = runCli("check", WARNINGS, "--require-describe");
    expect(result.status).toBe(0);
    expect(result.lines).toEqual([
      ...fields.map(
        (f) =>
          `${WARNINGS}: notes / add_note.parameters: [${f.code}] warning ${f.path} — ${f.message}`,
      ),
      "toolwright check: 1 schema under gemini-bifrost: 0 errors, 2 warnings",
    ]);
    const json = JSON.parse(
      runCli("check", WARNINGS, "--require-describe", "--format", "json").stdout,
    );
    expect(json).toMatchObject({ ok: true, warningCount: 2, maxWarnings: null });
    const limited = JSON.parse(
      runCli("check", WARNINGS, "--require-describe", "--format", "json", "--max-warnings", "1")
        .stdout,
    );
    expect(limited).toMatchObject({ ok: false, warningCount: 2, maxWarnings: 1 });
  });

  it("--target gemini: unenforced-keyword warnings print and pass unless --max-warnings says", () => {
    const GEMINI = "test/check/fixtures/gemini-warnings.ts";
    const result = runCli("check", GEMINI, "--target", "gemini");
    expect(result.status).toBe(0);
    expect(result.lines.map((line) => line.replace(/ — .*/, ""))).toEqual([
      `${GEMINI}: drafts / save_draft.parameters: [unenforced-keyword] warning $.title`,
      `${GEMINI}: drafts / save_draft.parameters: [unenforced-keyword] warning $.body`,
      "toolwright check: 1 schema under gemini-json-schema: 0 errors, 2 warnings",
    ]);
    expect(runCli("check", GEMINI, "--target", "gemini", "--max-warnings", "0").status).toBe(1);
  });

  it("--target lints what the adapter sends: returns only for MCP, and only an object root", () => {
    const SHIPPED = "test/check/fixtures/shipped.ts";
    for (const target of ["openai", "anthropic", "gemini"]) {
      const result = runCli("check", SHIPPED, "--target", target);
      expect(result.lines.at(-1)).toMatch(/: no findings$/);
      expect(result.status).toBe(0);
    }
    const mcp = runCli("check", SHIPPED, "--target", "mcp");
    expect(mcp.status).toBe(1);
    expect(mcp.lines.map((line) => line.replace(/ — .*/, ""))).toEqual([
      `${SHIPPED}: records / lookup.returns: [unrepresentable] error $.when`,
      "toolwright check: 4 schemas under mcp: 1 error, 0 warnings",
    ]);
    const both = runCli("check", SHIPPED, "--dialect", "openai-non-strict");
    expect(both.status).toBe(1);
    expect(both.lines.at(-1)).toBe(
      "toolwright check: 4 schemas under openai-non-strict: 3 errors, 0 warnings",
    );
  });

  it("sweeps a 1,000-tool module and reports the one tool with a finding", () => {
    const [finding] = lintModelFacingSchema(warehouse.tools.tool_500?.parameters);
    const started = performance.now();
    const result = runCli("check", "test/check/fixtures/many-tools.ts", "--require-describe");
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      `test/check/fixtures/many-tools.ts: warehouse / tool_500.parameters: [exclusive-numeric-bound] error $.size — ${finding?.message}`,
      "toolwright check: 2000 schemas under gemini-bifrost: 1 error, 0 warnings",
    ]);
  });

  it("stops on a circular capability graph and reports the tool names it shares", () => {
    const result = runCli("check", "test/check/fixtures/circular.ts");
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      "test/check/fixtures/circular.ts: outer / places / find: [duplicate-name] error $ — tool 'find' of capability 'places', toolbox 'places' has the same name as tool 'find' of capability 'people', toolbox 'people'; a host serves every tool and play of a capability set in one namespace, so rename one",
      "toolwright check: 2 schemas under gemini-bifrost: 1 error, 0 warnings",
    ]);
  });

  it("reports a schema getter that throws as a finding for that tool, and checks the rest", () => {
    const [finding] = lintModelFacingSchema(lazy.tools.ready?.parameters);
    const result = runCli("check", "test/check/fixtures/throwing-getter.ts", "--format", "github");
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      "::error file=test/check/fixtures/throwing-getter.ts,line=6,title=toolwright [schema-unreadable] lazy / unready.parameters::$ — reading parameters threw: schema registry not loaded",
      `::error file=test/check/fixtures/throwing-getter.ts,line=16,title=toolwright [exclusive-numeric-bound] lazy / ready.parameters::$.at — ${finding?.message}`,
      "toolwright check: 2 schemas under gemini-bifrost: 2 errors, 0 warnings",
    ]);
  });

  it("exits 2 and reports the error of a module that throws on import", () => {
    const result = runCli(
      "check",
      "test/check/fixtures/clean.ts",
      "test/check/fixtures/throws-on-import.ts",
    );
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "toolwright check: failed to import test/check/fixtures/throws-on-import.ts: Error: fixture exploded while importing\n",
    );
    const github = runCli("check", "test/check/fixtures/throws-on-import.ts", "--format", "github");
    expect(github.status).toBe(2);
    expect(github.lines).toEqual([
      "::error title=toolwright check::failed to import test/check/fixtures/throws-on-import.ts: Error: fixture exploded while importing",
    ]);
  });

  it("exits 2 for a module with no toolwright exports, and for a glob of only such modules", () => {
    const single = runCli("check", "test/check/fixtures/no-exports.ts");
    expect(single.status).toBe(2);
    expect(single.stderr).toBe(
      "toolwright check: test/check/fixtures/no-exports.ts exports no toolbox, playbook, capability, agent or tool definition\n",
    );
    const glob = runCli("check", "test/check/fixtures/no-*.ts");
    expect(glob.status).toBe(2);
    expect(glob.stderr).toBe(
      "toolwright check: none of the 1 module(s) matching 'test/check/fixtures/no-*.ts' exports a toolbox, playbook, capability, agent or tool definition\n",
    );
  });

  it("a glob that also matches modules without toolwright exports checks the others", () => {
    const result = runCli("check", "test/check/fixtures/{clean,no-exports}.ts", "--verbose");
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      "skipping test/check/fixtures/no-exports.ts: no toolwright exports",
    );
  });

  it("exits 2 for a glob that matches nothing and for a missing file", () => {
    const glob = runCli("check", "test/check/fixtures/**/*.nothing");
    expect(glob.status).toBe(2);
    expect(glob.stderr).toBe(
      "toolwright check: no files match 'test/check/fixtures/**/*.nothing'\n",
    );
    const missing = runCli("check", "test/check/fixtures/absent.ts");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("toolwright check: no such file: test/check/fixtures/absent.ts\n");
  });

  it("exits 2 for an unknown dialect, naming the valid ones", () => {
    const result = runCli("check", FINDINGS, "--dialect", "gemini-bifrost", "--dialect", "claude");
    expect(result.status).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe(
      `toolwright check: unknown dialect 'claude'; valid dialects: ${LINT_DIALECT_NAMES.join(", ")}`,
    );
  });

  it("--target checks an adapter's dialect, tool names and request budget", () => {
    const TARGETS = "test/check/fixtures/targets.ts";
    const result = runCli("check", TARGETS, "--target", "anthropic-strict");
    expect(result.status).toBe(1);
    expect(result.lines.map((line) => line.replace(/ — .*/, ""))).toEqual([
      `${TARGETS}: notes / notes.find.parameters: [numeric-bound] error $.limit`,
      `${TARGETS}: notes / notes.find: [invalid-tool-name] error $`,
      `${TARGETS}: notes / (request): [request-budget] error $`,
      "toolwright check: 21 schemas under anthropic-strict: 3 errors, 0 warnings",
    ]);
    expect(runCli("check", TARGETS, "--target", "mcp").status).toBe(0);
    expect(runCli("check", TARGETS, "--target", "claude").stderr).toContain(
      "unknown target 'claude'; valid targets: openai, openai-strict,",
    );
  });

  it("text groups one rule's findings on many fields of one schema; json keeps each", () => {
    const BOUNDS = "test/check/fixtures/many-bounds.ts";
    const result = runCli("check", BOUNDS, "--target", "anthropic-strict");
    expect(result.status).toBe(1);
    expect(result.lines.map((line) => line.replace(/ — .*/, ""))).toEqual([
      `${BOUNDS}: ranges / range.parameters: [numeric-bound] error 4 paths ($.from, $.to, $.step, $.pad)`,
      `${BOUNDS}: ranges / range.parameters: [string-length-bound] error $.label`,
      "toolwright check: 1 schema under anthropic-strict: 5 errors, 0 warnings",
    ]);
    const json = JSON.parse(
      runCli("check", BOUNDS, "--target", "anthropic-strict", "--format", "json").stdout,
    );
    expect(json.findings).toHaveLength(5);
  });

  it("--ledger prints what a lowering target changes, without changing the exit code", () => {
    const BOUNDS = "test/check/fixtures/many-bounds.ts";
    const result = runCli("check", BOUNDS, "--target", "anthropic-strict", "--ledger");
    expect(result.status).toBe(1);
    const ledger = result.lines.filter((line) => line.includes("[ledger "));
    expect(ledger[0]).toBe(
      `${BOUNDS}: ranges / range.parameters: [ledger anthropic-strict] moved $.from — minimum 0 moved into the description`,
    );
    expect(ledger).toHaveLength(5);
    const json = JSON.parse(
      runCli("check", BOUNDS, "--target", "anthropic-strict", "--ledger", "--format", "json")
        .stdout,
    );
    expect(json.ledger).toHaveLength(5);
    expect(json.ledger[4]).toMatchObject({ path: "$.label", kind: "moved" });
  });

  it("exits 2 for other usage errors", () => {
    expect(runCli("check").status).toBe(2);
    expect(runCli("check", FINDINGS, "--format", "xml").stderr).toContain("unknown format 'xml'");
    expect(runCli("check", FINDINGS, "--max-warnings", "-1").status).toBe(2);
    expect(runCli("check", FINDINGS, "--max-warnings", "lots").status).toBe(2);
    expect(runCli("check", FINDINGS, "--fix").stderr).toContain("--fix");
    expect(runCli("lint").status).toBe(2);
    expect(runCli().status).toBe(2);
  });

  it("--help prints the usage and exits 0", () => {
    const result = runCli("check", "--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Usage: toolwright check <module or glob>... [options]");
    expect(result.stdout).toContain(
      "Exit codes: 0 clean or warnings only, 1 errors (or more warnings than --max-warnings),\n2 usage or load error.",
    );
    expect(result.stdout).toContain(
      "--max-warnings <n>    Fail on more than n warnings (default: no limit;",
    );
    // Run as the bin is: the file itself, through its shebang.
    const direct = run(CLI, ["--help"]);
    expect(direct.status).toBe(0);
    expect(direct.stdout).toContain("check <module or glob>...");
  });
});

describe("toolwright check never lies", () => {
  it("--version prints the package's version", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    for (const args of [["--version"], ["-v"], ["check", "--version"]]) {
      const result = runCli(...args);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
  });

  it("loads .mts modules", () => {
    const result = runCli("check", "test/check/fixtures/clean-esm.mts");
    expect(result.stderr).toBe("");
    expect(result.lines).toEqual(["toolwright check: 1 schema under gemini-bifrost: no findings"]);
    expect(result.status).toBe(0);
  });

  it('loads .ts and .cts modules of a CommonJS package (no "type": "module")', () => {
    const dir = project("commonjs", {
      "package.json": JSON.stringify({ name: "cjs-tools", version: "1.0.0" }),
      "tools.ts": cleanToolbox("esmSyntax"),
      "more.cts": `const { defineTool, toolbox } = require("toolwright") as typeof import("toolwright");
const { z } = require("zod") as typeof import("zod");

module.exports.required = toolbox("required", "Tools", {
  echo: defineTool({
    description: "Echo a text",
    parameters: z.object({ text: z.string().describe("What to echo") }),
    execute: ({ text }) => text,
  }),
});
`,
    });
    const result = runCli("check", `${dir}/tools.ts`, `${dir}/more.cts`);
    expect(result.stderr).toBe("");
    expect(result.lines).toEqual(["toolwright check: 2 schemas under gemini-bifrost: no findings"]);
    expect(result.status).toBe(0);
  });

  it("honours tsconfig paths (JSONC, through extends) from --tsconfig", () => {
    const rootPaths = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8")).compilerOptions
      .paths as Record<string, string[]>;
    const paths = Object.fromEntries(
      Object.entries(rootPaths).map(([name, [target]]) => [name, [join(ROOT, target as string)]]),
    );
    const dir = project("aliases", {
      "tsconfig.base.json": JSON.stringify({
        compilerOptions: { baseUrl: ".", paths: { ...paths, "@shared/*": ["./lib/*"] } },
      }),
      "tsconfig.json":
        '{\n  // JSON with comments, as tsc reads it\n  "extends": "./tsconfig.base.json",\n}\n',
      "lib/schemas.ts":
        'import { z } from "zod";\nexport const limit = z.number().int().positive().describe("How many");\n',
      "tools.ts": `import { defineTool, toolbox } from "toolwright";
import { z } from "zod";
import { limit } from "@shared/schemas";

export const aliased = toolbox("aliased", "Tools", {
  list: defineTool({
    description: "List things",
    parameters: z.object({ limit }),
    execute: () => [],
  }),
});
`,
    });
    const result = runCli("check", `${dir}/tools.ts`, "--tsconfig", `${dir}/tsconfig.json`);
    expect(result.lines[0]).toMatch(/aliased \/ list\.parameters: \[exclusive-numeric-bound\]/);
    expect(result.status).toBe(1);
    const missing = runCli("check", `${dir}/tools.ts`, "--tsconfig", `${dir}/absent.json`);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`cannot read ${dir}/absent.json`);
  });

  it("exits 2, naming the module, when a module ends the process while loading", () => {
    const result = runCli("check", "test/check/fixtures/clean.ts", "test/check/fixtures/exits.ts");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      "toolwright check: test/check/fixtures/exits.ts did not finish loading: the process ended (exit code 0) while importing it",
    );
  });

  it("exits 2, naming the module, when a top-level await never settles", () => {
    const result = runCli("check", "test/check/fixtures/never-settles.ts", "--format", "github");
    expect(result.status).toBe(2);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(
      /^::error title=toolwright check::test\/check\/fixtures\/never-settles\.ts did not finish loading/,
    );
  });

  it("exits 2 at --import-timeout when a module's import hangs on a live timer", () => {
    const started = performance.now();
    const result = runCli("check", "test/check/fixtures/hangs.ts", "--import-timeout", "3000");
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      "toolwright check: test/check/fixtures/hangs.ts did not finish loading within 3000 ms (--import-timeout)",
    );
    expect(runCli("check", "test/check/fixtures/hangs.ts", "--import-timeout", "0").status).toBe(2);
  });

  it("reports and ends when a loaded module leaves a timer running", () => {
    const started = performance.now();
    const result = runCli("check", "test/check/fixtures/live-timer.ts");
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(result.lines).toEqual(["toolwright check: 1 schema under gemini-bifrost: no findings"]);
    expect(result.status).toBe(0);
  });

  it("sends what a module prints to stderr, so --format json stays one JSON document", () => {
    const result = runCli("check", "test/check/fixtures/prints.ts", "--format", "json");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: true,
      modules: ["test/check/fixtures/prints.ts"],
    });
    expect(result.stderr).toContain("module output on stdout");
    expect(result.stderr).toContain("module output on stderr");
  });

  it("with several dialects, names them on each line and prints a shared finding once", () => {
    const result = runCli(
      "check",
      FINDINGS,
      "--require-describe",
      "--dialect",
      "gemini-bifrost",
      "--dialect",
      "openai",
    );
    expect(result.status).toBe(1);
    const printed = result.lines.slice(0, -1);
    expect(new Set(printed).size).toBe(printed.length);
    expect(printed.filter((line) => line.includes("[missing-description]"))).toEqual([
      expect.stringMatching(
        /search\.returns: \[missing-description\] .* \(gemini-bifrost, openai\)$/,
      ),
    ]);
    expect(printed.find((line) => line.includes("[tuple]"))).toMatch(/ \(gemini-bifrost\)$/);
    expect(result.lines.at(-1)).toMatch(/under gemini-bifrost and openai: \d+ errors?, 1 warning$/);
  });
});
