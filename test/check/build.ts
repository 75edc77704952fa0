/**
 * The end-to-end tests run the real built CLI in a child process. Other work rebuilds (and
 * cleans) `dist/` at any time, so the tests build their own copy with the repository's
 * tsup config (every entry, ESM, no declarations) into a private directory
 * under `node_modules/.cache`, where the CLI resolves its dependencies as `dist/` would.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Options } from "tsup";
import config, { entries } from "../../tsup.config";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUT_DIR = join(ROOT, "node_modules/.cache/toolwright-check-e2e", String(process.pid));

/** The built CLI, once {@link buildCli} has run. */
export const CLI = join(OUT_DIR, "cli.js");

/**
 * Builds the CLI exactly as `npm run build` does, into a private directory, with every
 * entry it imports as a sibling file.
 */
export async function buildCli(): Promise<string> {
  const base = config as Options;
  await build({
    ...base,
    config: false,
    entry: Object.fromEntries(entries.map((entry) => [entry.name, join(ROOT, entry.source)])),
    outDir: OUT_DIR,
    format: ["esm"],
    dts: false,
    sourcemap: false,
    clean: true,
    silent: true,
  });
  return CLI;
}

/** Removes the private build. */
export function removeCli(): void {
  rmSync(OUT_DIR, { recursive: true, force: true });
}

/** What one run of a command printed and how it exited. */
export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout split into lines, without the trailing empty one. */
  readonly lines: string[];
}

/** Runs `node dist/cli.js <args>` from the repository root. */
export function runCli(...args: string[]): Run {
  return run(process.execPath, [CLI, ...args]);
}

/** Runs a command from the repository root and collects its output. */
export function run(command: string, args: readonly string[]): Run {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    lines: result.stdout
      .split("\n")
      .filter((line, index, all) => line !== "" || index < all.length - 1),
  };
}
