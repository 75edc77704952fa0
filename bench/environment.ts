/**
 * The machine and the package versions a run measured, read from `node_modules`
 * rather than from the ranges in package.json.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";

/** The repository root (this file lives in `bench/`). */
export const repoRoot = join(import.meta.dirname, "..");

const measuredPackages = [
  "zod",
  "zod-to-json-schema",
  "@modelcontextprotocol/sdk",
  "ai",
  "typescript",
  "esbuild",
  "tsup",
] as const;

/** The version installed in the repository's `node_modules`, or `"missing"`. */
export function installedVersion(name: string): string {
  try {
    const manifest = readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8");
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return "missing";
  }
}

/** A Markdown block describing where and with what the run happened. */
export function describeEnvironment(): string {
  const own = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
    version: string;
  };
  const cpus = os.cpus();
  const lines = [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}`,
    `- Node.js ${process.version}`,
    `- toolwright ${own.version} (this checkout)`,
    ...measuredPackages.map((name) => `- ${name} ${installedVersion(name)}`),
  ];
  return lines.join("\n");
}
