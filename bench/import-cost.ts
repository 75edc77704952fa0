/**
 * Import cost: cold `import` time of each package entry in a fresh Node process
 * against importing `zod` alone, and the bundled size of each entry (minified, with
 * Zod and the SDKs external), plus the check that `toolwright/lint` pulls in neither
 * `zod-to-json-schema` nor any runtime `src/` module.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { buildDir, ensureBuilt, packageEntries } from "./build";
import { repoRoot } from "./environment";
import { formatRatio, median } from "./harness";
import { type Section, type SummaryRow, table } from "./report";

interface Manifest {
  readonly peerDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as Manifest;

const samples = 7;

/** A specifier to import: a package name, or a file of the benchmark build. */
interface Importable {
  readonly label: string;
  readonly target: string;
}

function importOnce({ label, target }: Importable): number {
  // CPU time of the child around the import: on a busy machine, other processes' time
  // does not count. The files are in the OS cache after the first round.
  const script = `const s = process.cpuUsage(); await import(${JSON.stringify(target)}); const u = process.cpuUsage(s); process.stdout.write(String((u.user + u.system) * 1000));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`importing ${label} failed: ${run.stderr.slice(0, 400)}`);
  return Number(run.stdout) / 1e6;
}

/** Median cold import time in ms per label, samples interleaved across specifiers. */
function coldImports(list: readonly Importable[]): Map<string, number> {
  const times = new Map<string, number[]>(list.map((item) => [item.label, []]));
  for (const item of list) importOnce(item); // fill the OS file cache
  for (let i = 0; i < samples; i++) {
    for (const item of list) times.get(item.label)?.push(importOnce(item));
  }
  return new Map([...times].map(([label, values]) => [label, median(values)]));
}

const external = [
  ...new Set([
    "zod",
    ...Object.keys(manifest.peerDependencies ?? {}),
    "@modelcontextprotocol/sdk",
    "ai",
    "openai",
    "@anthropic-ai/sdk",
    "@google/genai",
  ]),
].flatMap((name) => [name, `${name}/*`]);

interface Bundle {
  readonly minified: number;
  readonly gzip: number;
  /** Every module esbuild read. */
  readonly inputs: string[];
  /** The modules that left bytes in the output (tree-shaking aside). */
  readonly kept: string[];
}

async function bundle(contents: string): Promise<Bundle> {
  const result = await build({
    stdin: { contents, resolveDir: repoRoot, loader: "ts", sourcefile: "bench-entry.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external,
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const metafile = result.metafile as Metafile;
  const output = Object.values(metafile.outputs)[0];
  return {
    minified: code.byteLength,
    gzip: gzipSync(code).byteLength,
    inputs: Object.keys(metafile.inputs),
    kept: Object.entries(output?.inputs ?? {})
      .filter(([, info]) => info.bytesInOutput > 0)
      .map(([path]) => path),
  };
}

/** The original sources of the dist files a bundle read, from their source maps. */
function originalSources(inputs: readonly string[]): string[] {
  return inputs.flatMap((input) => {
    const map = join(repoRoot, `${input}.map`);
    if (!input.startsWith(buildDir) || !existsSync(map)) return [input];
    const { sources } = JSON.parse(readFileSync(map, "utf8")) as { sources: string[] };
    return sources.map((source) => relative(repoRoot, join(repoRoot, buildDir, source)));
  });
}

function forbiddenInLint(paths: readonly string[]): string[] {
  return paths.filter((path) => path.includes("zod-to-json-schema") || /(^|\/)src\//.test(path));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Runs the import-cost benchmark, printing as it goes. */
export async function runImportCost(): Promise<Section> {
  ensureBuilt();
  const list = packageEntries();
  const adapters = existsSync(join(repoRoot, "src", "adapters"))
    ? readdirSync(join(repoRoot, "src", "adapters"))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => f.slice(0, -3))
    : [];
  const unexported = adapters.filter(
    (name) => !list.some((e) => e.specifier === `toolwright/${name}`),
  );

  const peers = ["@modelcontextprotocol/sdk/server/mcp.js", "ai"];
  const importables: Importable[] = [
    { label: "zod", target: "zod" },
    ...list.map((e) => ({ label: e.specifier, target: pathToFileURL(e.file).href })),
    ...peers.map((p) => ({ label: p, target: p })),
  ];
  const times = coldImports(importables);
  const zodMs = times.get("zod") ?? Number.NaN;
  const timeRows = importables.map(({ label }) => {
    const ms = times.get(label) ?? Number.NaN;
    const role = label === "zod" ? "baseline" : peers.includes(label) ? "peer" : "toolwright";
    const above =
      ms >= zodMs ? `${(ms - zodMs).toFixed(1)} ms` : "less than zod (does not load it)";
    return [`\`${label}\``, role, `${ms.toFixed(1)} ms`, formatRatio(ms / zodMs), above];
  });
  const timeTable = table(
    ["import", "", "cold import (median)", "× zod alone", "above zod"],
    timeRows,
  );
  console.log(`\n${timeTable}`);

  const sizeRows: string[][] = [];
  const summary: SummaryRow[] = [];
  let lintCheck = "";
  for (const { specifier, file } of list) {
    const result = await bundle(`export * from ${JSON.stringify(file)};`);
    const own = result.inputs.filter((input) => input.startsWith(buildDir));
    const ownBytes = own.reduce((sum, input) => sum + statSync(join(repoRoot, input)).size, 0);
    const bundled = result.kept
      .filter((input) => !input.startsWith(buildDir) && input.includes("node_modules/"))
      .map((input) => input.split("node_modules/")[1]?.split("/")[0]);
    sizeRows.push([
      `\`${specifier}\``,
      `${kb(statSync(file).size)} (${kb(ownBytes)} with its chunks)`,
      kb(result.minified),
      kb(result.gzip),
      [...new Set(bundled)].join(", ") || "none",
    ]);
    summary.push({
      area: "Import cost",
      figure: `\`${specifier}\` bundle, minified + gzip (Zod, SDKs external)`,
      value: kb(result.gzip),
    });
    if (specifier === "toolwright/lint") {
      const fromDist = forbiddenInLint(originalSources(result.inputs));
      const fromSource = await bundle(`export * from "./lint/index.ts";`);
      const fromSourceBad = forbiddenInLint(fromSource.inputs);
      const bad = [...new Set([...fromDist, ...fromSourceBad])];
      const verdict = bad.length === 0 ? "PASS" : "FAIL";
      lintCheck =
        `**${verdict}**: the \`toolwright/lint\` bundle pulls in ${bad.length === 0 ? "neither `zod-to-json-schema` nor any runtime `src/` module" : `forbidden modules: ${bad.join(", ")}`} ` +
        `(checked on esbuild's metafile inputs when bundling \`lint/index.ts\` (${fromSource.inputs.length} modules) and, through their source maps, the built files of \`toolwright/lint\`).`;
      console.log(`\n${lintCheck.replaceAll("**", "")}`);
      summary.push({
        area: "Import cost",
        figure: "`toolwright/lint` free of `zod-to-json-schema` and runtime `src/`",
        value: verdict,
        goal: "PASS",
      });
    }
  }
  for (const name of unexported) {
    const result = await bundle(`export * from "./src/adapters/${name}.ts";`);
    sizeRows.push([
      `\`src/adapters/${name}.ts\` (not in "exports")`,
      "not built",
      kb(result.minified),
      kb(result.gzip),
      "(from source)",
    ]);
  }
  const sizeTable = table(
    [
      "entry",
      "built file (ESM)",
      "bundled, minified",
      "minified + gzip",
      "dependencies in the bundle",
    ],
    sizeRows,
  );
  console.log(`\n${sizeTable}`);
  for (const { specifier } of list) {
    const ms = times.get(specifier);
    if (ms !== undefined) {
      summary.push({
        area: "Import cost",
        figure: `cold import of \`${specifier}\` / \`zod\` alone`,
        value: formatRatio(ms / zodMs),
      });
    }
  }
  const externals = [...new Set(["zod", ...Object.keys(manifest.peerDependencies ?? {})])].map(
    (n) => `\`${n}\``,
  );
  return {
    title: "Import cost",
    markdown: [
      `Cold import: a fresh \`node\` process per sample importing one entry (the ESM file package.json "exports" names, from a build made by this run), timed as the CPU time (user + system) the process spends in the \`import()\`; median of ${samples}, samples interleaved. Every toolwright entry loads Zod, so "above zod" is toolwright's own share; an adapter entry also loads its SDK.`,
      timeTable,
      `Bundled size: esbuild (minify, ESM, platform node) of \`export * from "<entry>"\`, with ${externals.join(", ")} external; \`zod-to-json-schema\` (a dependency) is bundled. "Built file" is what tsup emitted for the entry, alone and with the shared chunks it imports.`,
      sizeTable,
      lintCheck,
    ].join("\n\n"),
    summary,
  };
}
