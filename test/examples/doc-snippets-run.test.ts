/**
 * Every TypeScript block of the README, lint/README.md and docs/ runs as a user would run
 * it (`npx tsx block.ts`), each in a process of its own, against the built package
 * (dist/), beside the named modules it imports. A block ends cleanly (exit 0), unless a
 * `<!-- runs until: … -->` comment above it says otherwise: `the network` for a block that
 * calls a hosted model (snippet-runner.ts refuses every host but loopback, and the block
 * must have asked for one), or the error a block shows being thrown, which must be what
 * ends it. readme-snippets.test.ts type-checks the same blocks.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allSnippets, ROOT, type Snippet } from "./doc-snippets";

const PROJECT = join(ROOT, "node_modules", ".cache", `doc-snippets-run-${process.pid}`);
const RUNNER = join(ROOT, "test", "examples", "snippet-runner.ts");
// A block that has not ended by then hangs: a failure, not a wait.
const HANG_MS = 60_000;

interface Run {
  readonly status: number | null;
  readonly stderr: string;
  /** The non-loopback hosts the block tried to reach. */
  readonly refused: string[];
}

const all = allSnippets();

/** Each block as a file of an ESM project in which `toolwright` is this package. */
function writeProject(): void {
  rmSync(PROJECT, { recursive: true, force: true });
  mkdirSync(join(PROJECT, "node_modules"), { recursive: true });
  writeFileSync(join(PROJECT, "package.json"), JSON.stringify({ type: "module" }));
  // A tsconfig of its own, so tsx does not take the repository's "paths" to src/.
  writeFileSync(join(PROJECT, "tsconfig.json"), JSON.stringify({ compilerOptions: {} }));
  symlinkSync(ROOT, join(PROJECT, "node_modules", "toolwright"), "dir");
  for (const snippet of all) writeFileSync(join(PROJECT, snippet.file), snippet.code);
}

function run(snippet: Snippet): Promise<Run> {
  const log = join(PROJECT, `${snippet.file}.network.log`);
  writeFileSync(log, "");
  const child = spawn(process.execPath, ["--import", "tsx", RUNNER, snippet.file], {
    cwd: PROJECT,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      DOC_SNIPPET_NETWORK_LOG: log,
      // The SDKs refuse to start without a key; no request with it leaves the machine.
      OPENAI_API_KEY: "sk-test",
      ANTHROPIC_API_KEY: "sk-ant-test",
      GEMINI_API_KEY: "test",
      GOOGLE_API_KEY: "test",
      AI_GATEWAY_API_KEY: "test",
      // What the blocks read from the environment, as a deployment would set it.
      MEETINGS_CLIENT_SECRET: "client-secret-for-tests",
    },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const hang = setTimeout(() => child.kill("SIGKILL"), HANG_MS);
  return new Promise((resolve) => {
    child.on("close", (status) => {
      clearTimeout(hang);
      const refused = readFileSync(log, "utf8").split("\n").filter(Boolean);
      resolve({ status, stderr, refused });
    });
  });
}

describe("documentation blocks run", () => {
  beforeAll(writeProject);
  afterAll(() => rmSync(PROJECT, { recursive: true, force: true }));

  it.each(all.map((snippet) => [`${snippet.source}:${snippet.line} (${snippet.file})`, snippet]))(
    "%s",
    async (_label, snippet) => {
      const result = await run(snippet as Snippet);
      const until = (snippet as Snippet).runsUntil;
      if (until === undefined) {
        expect(result.status, result.stderr).toBe(0);
        expect(result.refused).toEqual([]);
      } else if (until === "the network") {
        expect(result.refused, result.stderr).not.toEqual([]);
      } else {
        expect(result.refused).toEqual([]);
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain(until);
      }
    },
    HANG_MS + 10_000,
  );
});
