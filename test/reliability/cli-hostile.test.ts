/**
 * `toolwright check` against hostile input (issue 21): a tsconfig that is a FIFO, modules
 * that spawn children or speak on the IPC channel, a glob that backtracks, and numbers out
 * of range. The CLI runs as the built bin in a child process, asynchronously and with a
 * kill timer, so that a test of a hang stops by itself and fails instead of hanging.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileGlob, expandBraces, matchGlob } from "../../src/check/cli/glob-match";
import { runCheck } from "../../src/check/cli/run-check";
import { buildCli, CLI, ROOT, removeCli } from "../check/build";
import { gone, isRunning } from "../processes";

beforeAll(buildCli, 120_000);
afterAll(removeCli);

/** Far above what the fixed CLI needs (a second or two); only a hang reaches it. */
const KILL_AFTER = 20_000;
/** The vitest timeout of a test that runs the CLI: above {@link KILL_AFTER}, so it fails, not hangs. */
const TEST_TIMEOUT = 60_000;

const CLEAN = join(ROOT, "test/check/fixtures/clean.ts");
const FINDINGS = join(ROOT, "test/check/fixtures/findings.ts");

const TEMP = mkdtempSync(join(tmpdir(), "toolwright-cli-hostile-"));
afterAll(() => rmSync(TEMP, { recursive: true, force: true }));

/** A new empty folder under the run's temporary folder. */
function folder(name: string): string {
  return mkdtempSync(join(TEMP, `${name}-`));
}

/**
 * Writes a module under the temporary folder that re-exports `fixture` (by absolute path,
 * so toolwright and zod resolve from the repository) after running `code` at import.
 */
function hostileModule(name: string, fixture: string, code: string): string {
  const file = join(folder(name), "tools.ts");
  writeFileSync(file, `export * from ${JSON.stringify(fixture)};\n${code}\n`);
  return file;
}

function mkfifo(path: string): string {
  execFileSync("mkfifo", [path]);
  return path;
}

/** How one CLI run ended; `killed` when it was still running at {@link KILL_AFTER}. */
interface CliRun {
  readonly status: number | null;
  readonly killed: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built CLI from `cwd`. Resolves when it exits, or kills it at {@link KILL_AFTER}:
 * a hang is a failed assertion on `killed`, never a test that does not end.
 */
function runCliIn(cwd: string, ...args: string[]): Promise<CliRun> {
  return new Promise((settle) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1" },
    });
    let stdout = "";
    let stderr = "";
    let killed = false;
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, KILL_AFTER);
    child.on("exit", (status) => {
      clearTimeout(timer);
      // The CLI's own output is complete at its exit, whoever else holds the pipes.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        settle({ status, killed, stdout, stderr });
      }, 200);
    });
  });
}

const PARSED = "the command line was valid";

/** Runs `toolwright check` in-process for a usage error, collecting stderr. */
async function usage(...argv: string[]) {
  const stderr: string[] = [];
  const code = await runCheck(argv, {
    cwd: process.cwd(),
    stdout: () => {},
    stderr: (line) => stderr.push(line),
    relay: () => {},
    script: "",
    // Reached only when the command line was valid.
    importCheck: async () => ({ problem: PARSED }),
  });
  return { code, stderr: stderr.join("\n") };
}

describe("numeric options are validated against their range", () => {
  it("--import-timeout above 2^31-1 ms (a timer would fire at once) is a usage error naming its range", async () => {
    const result = await usage("check", "x.ts", "--import-timeout", "3000000000");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--import-timeout");
    expect(result.stderr).toContain("1 to 2147483647");
    expect((await usage("check", "x.ts", "--import-timeout", "2147483647")).stderr).toContain(
      PARSED,
    );
  });

  it("--max-warnings beyond a safe integer is a usage error naming its range", async () => {
    const result = await usage("check", "x.ts", "--max-warnings", "99999999999999999999");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--max-warnings");
    expect(result.stderr).toContain(`0 to ${Number.MAX_SAFE_INTEGER}`);
  });
});

describe("a tsconfig that is not a regular file is refused, never read", () => {
  // Where the FIFO is, how the CLI reaches it, and what it says: each a way the probes found.
  const reaches: [string, (dir: string) => { cwd: string; args: string[]; said: string }][] = [
    [
      "given with --tsconfig",
      (dir) => {
        const fifo = mkfifo(join(dir, "tsconfig.json"));
        const said = `cannot read ${fifo}: not a regular file: ${fifo}`;
        return { cwd: ROOT, args: ["--tsconfig", fifo], said };
      },
    ],
    [
      "found as the nearest tsconfig.json",
      (dir) => {
        const fifo = mkfifo(join(dir, "tsconfig.json"));
        return { cwd: dir, args: [], said: `not a regular file: ${fifo}` };
      },
    ],
    [
      "reached through extends",
      (dir) => {
        const fifo = mkfifo(join(dir, "base.json"));
        writeFileSync(join(dir, "tsconfig.json"), '{ "extends": "./base.json" }');
        return { cwd: dir, args: [], said: `not a regular file: ${fifo}` };
      },
    ],
  ];

  it.each(reaches)(
    "%s",
    async (label, reach) => {
      const { cwd, args, said } = reach(folder(`fifo-${label.replaceAll(" ", "-")}`));
      const result = await runCliIn(cwd, "check", CLEAN, ...args);
      expect(result.killed).toBe(false);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(said);
    },
    TEST_TIMEOUT,
  );

  it(
    "a tsconfig larger than the limit is refused by its size",
    async () => {
      const dir = folder("huge");
      writeFileSync(join(dir, "tsconfig.json"), `{}${" ".repeat(5 * 1024 * 1024)}`);
      const result = await runCliIn(dir, "check", CLEAN);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/is larger than the limit of \d+ bytes/);
    },
    TEST_TIMEOUT,
  );
});

describe("only the worker's own messages count, and others are ignored", () => {
  it(
    "a module that calls process.send('ready') at import (PM2 does) is checked as usual",
    async () => {
      const file = hostileModule("ready", CLEAN, 'process.send?.("ready");');
      const result = await runCliIn(ROOT, "check", file);
      expect(result.stderr).not.toContain("TypeError");
      expect(result.stdout).toMatch(
        /^toolwright check: \d+ schemas under gemini-bifrost: no findings\n$/,
      );
      expect(result.status).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    "a report-shaped message from a module is not taken for the report",
    async () => {
      const forged = {
        kind: "report",
        report: {
          findings: [],
          schemasChecked: 1,
          toolsChecked: 1,
          dialects: ["gemini-bifrost"],
          targets: [],
          ledger: [],
          requireDescribe: false,
          errorCount: 0,
          warningCount: 0,
        },
        modules: [],
      };
      const file = hostileModule(
        "forged-report",
        FINDINGS,
        `process.send?.(${JSON.stringify(forged)});`,
      );
      const result = await runCliIn(ROOT, "check", file);
      expect(result.stdout).toContain("[exclusive-numeric-bound]");
      expect(result.status).toBe(1);
    },
    TEST_TIMEOUT,
  );

  it(
    "a forged 'loaded' message does not stop --import-timeout",
    async () => {
      const file = hostileModule(
        "forged-loaded",
        CLEAN,
        `process.send?.({ kind: "loaded", file: ${JSON.stringify(CLEAN)} });
await new Promise(() => setInterval(() => {}, 1_000));`,
      );
      const result = await runCliIn(ROOT, "check", file, "--import-timeout", "2000");
      expect(result.killed).toBe(false);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("did not finish loading within 2000 ms (--import-timeout)");
    },
    TEST_TIMEOUT,
  );
});

/** Pids of the grandchildren the tests start, killed at the end whatever the outcome. */
const grandchildren: number[] = [];
afterAll(() => {
  for (const pid of grandchildren) if (isRunning(pid)) process.kill(pid, "SIGKILL");
});

/** A module that starts a two-minute grandchild with `options` and records its pid. */
function spawningModule(name: string, options: string): { file: string; pidFile: string } {
  const pidFile = join(folder(`${name}-pid`), "pid");
  const file = hostileModule(
    name,
    CLEAN,
    `import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120_000)"], ${options});
child.unref();
writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));`,
  );
  return { file, pidFile };
}

describe("a module's children neither hold the check open nor outlive it", () => {
  it(
    "a child with inherited stdio: the check reports and ends, and the child is killed",
    async () => {
      const { file, pidFile } = spawningModule("inherit", '{ stdio: "inherit" }');
      const result = await runCliIn(ROOT, "check", file);
      const pid = Number(readFileSync(pidFile, "utf8"));
      grandchildren.push(pid);
      expect(result.killed).toBe(false);
      expect(result.stdout).toMatch(/no findings\n$/);
      expect(result.status).toBe(0);
      expect(await gone(pid)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    "a detached child in a session of its own is killed too",
    async () => {
      const { file, pidFile } = spawningModule("detached", '{ detached: true, stdio: "ignore" }');
      const result = await runCliIn(ROOT, "check", file);
      const pid = Number(readFileSync(pidFile, "utf8"));
      grandchildren.push(pid);
      expect(result.status).toBe(0);
      expect(await gone(pid)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    "a detached child with inherited stdio does not hold the check open either",
    async () => {
      const { file, pidFile } = spawningModule(
        "detached-inherit",
        '{ detached: true, stdio: "inherit" }',
      );
      const result = await runCliIn(ROOT, "check", file);
      const pid = Number(readFileSync(pidFile, "utf8"));
      grandchildren.push(pid);
      expect(result.killed).toBe(false);
      expect(result.status).toBe(0);
      expect(await gone(pid)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    "a module that times out is killed with the children it started",
    async () => {
      const pidFile = join(folder("timeout-pid"), "pid");
      // No fixture to load first, so the child starts well within the timeout.
      const file = join(folder("timeout"), "tools.mjs");
      writeFileSync(
        file,
        `import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120_000)"], { stdio: "inherit" });
writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
await new Promise(() => {});`,
      );
      const result = await runCliIn(ROOT, "check", file, "--import-timeout", "2000");
      const pid = Number(readFileSync(pidFile, "utf8"));
      grandchildren.push(pid);
      expect(result.killed).toBe(false);
      expect(result.status).toBe(2);
      expect(await gone(pid)).toBe(true);
    },
    TEST_TIMEOUT,
  );
});

describe("globs match in linear time", () => {
  it(
    "*a*a*a*a*a*.ts against long names that almost match ends, matching nothing",
    async () => {
      const dir = folder("backtracking");
      for (const name of [`${"a".repeat(240)}.js`, `${"a".repeat(200)}b.tsx`]) {
        writeFileSync(join(dir, name), "");
      }
      const result = await runCliIn(dir, "check", "*a*a*a*a*a*.ts");
      expect(result.killed).toBe(false);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("no files match '*a*a*a*a*a*.ts'");
    },
    TEST_TIMEOUT,
  );
});

describe("the linear glob matcher keeps the glob syntax", () => {
  const matches = (pattern: string, path: string) =>
    expandBraces(pattern).some((each) => matchGlob(compileGlob(each), path));

  it("matches stars, ?, classes, braces and globstars as a shell does", () => {
    expect(matches("*a*a*.ts", "banana.ts")).toBe(true);
    expect(matches("*a*a*.ts", "bana.tsx")).toBe(false);
    expect(matches("?.ts", "é.ts")).toBe(true);
    expect(matches("[a-c]x[!y].ts", "bxz.ts")).toBe(true);
    expect(matches("[a-c]x[!y].ts", "bxy.ts")).toBe(false);
    expect(matches("src/{tools,lib/{a,b}}/*.ts", "src/lib/b/x.ts")).toBe(true);
    expect(matches("src/**/*.ts", "src/x.ts")).toBe(true);
    expect(matches("src/**/deep/**/*.ts", "src/a/b/deep/c/x.ts")).toBe(true);
    expect(matches("src/**/deep/*.ts", "src/a/b/deeper/x.ts")).toBe(false);
    expect(matches("*.ts", ".hidden.ts")).toBe(false);
    expect(matches(".*.ts", ".hidden.ts")).toBe(true);
  });

  it("refuses a glob whose braces expand past the limit", () => {
    expect(() => expandBraces("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}")).toThrow(
      RangeError,
    );
  });
});
