/**
 * Import cost: cold `import` time of each package entry in a fresh Node process
 * against importing `zod` alone, and the bundled size of each entry (minified, with
 * Zod and the SDKs external), plus the check that `toolwright/lint` pulls in neither
 * `zod-to-json-schema` nor any runtime `src/` module.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { buildDir, ensureBuilt, type PackageEntry, packageEntries } from "./build";
import { repoRoot } from "./environment";
import { median } from "./harness";
import { formatWithSpread, ratioSpread } from "./ratio";
import { ratioRow, type Section, type SummaryRow, table } from "./report";

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

/**
 * Cold import times in ms per label, one sample per round, rounds interleaved across
 * specifiers so that sample `r` of every label ran side by side.
 */
function coldImports(list: readonly Importable[]): Map<string, number[]> {
  const times = new Map<string, number[]>(list.map((item) => [item.label, []]));
  for (const item of list) importOnce(item); // fill the OS file cache
  for (let i = 0; i < samples; i++) {
    for (const item of list) times.get(item.label)?.push(importOnce(item));
  }
  return times;
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

const peers = ["@modelcontextprotocol/sdk/server/mcp.js", "ai"];

/** Cold import of every entry and of two peers, against `zod` alone, sample by sample. */
function importTimes(list: readonly PackageEntry[]): { markdown: string; summary: SummaryRow[] } {
  const importables: Importable[] = [
    { label: "zod", target: "zod" },
    ...list.map((e) => ({ label: e.specifier, target: pathToFileURL(e.file).href })),
    ...peers.map((p) => ({ label: p, target: p })),
  ];
  const times = coldImports(importables);
  const zod = times.get("zod") ?? [];
  const zodMs = median(zod);
  const rows = importables.map(({ label }) => {
    const ms = median(times.get(label) ?? []);
    const role = label === "zod" ? "baseline" : peers.includes(label) ? "peer" : "toolwright";
    const ratio =
      label === "zod" ? "baseline" : formatWithSpread(ratioSpread(times.get(label) ?? [], zod));
    return [`\`${label}\``, role, `${ms.toFixed(1)} ms`, ratio, `${(ms - zodMs).toFixed(1)} ms`];
  });
  const body = table(
    ["import", "", "cold import (median)", "× zod alone, per sample", "median − zod's median"],
    rows,
  );
  console.log(`\n${body}`);
  const summary = list.map(({ specifier }) =>
    ratioRow(
      "Import cost",
      `cold import of \`${specifier}\` / \`zod\` alone`,
      ratioSpread(times.get(specifier) ?? [], zod),
    ),
  );
  const markdown =
    `Cold import: a fresh \`node\` process per sample importing one entry (the ESM file package.json "exports" names, from a build made by this run), timed as the CPU time (user + system) the process spends in the \`import()\`; ${samples} samples per import, interleaved, after one unmeasured round. × zod alone divides each sample by \`zod\`'s sample of the same round: the median of those ratios, with their interquartile range and extremes.\n\n` +
    body;
  return { markdown, summary };
}

/**
 * The check that `toolwright/lint` pulls in neither `zod-to-json-schema` nor any
 * runtime `src/` module, on its source (resolved through tsconfig "paths", as the
 * repository maps the specifier) and on its built files (through their source maps).
 */
async function lintIsolation(built: Bundle): Promise<{ markdown: string; row: SummaryRow }> {
  const fromDist = forbiddenInLint(originalSources(built.inputs));
  const fromSource = await bundle(`export * from "toolwright/lint";`);
  const bad = [...new Set([...fromDist, ...forbiddenInLint(fromSource.inputs)])];
  const verdict = bad.length === 0 ? "PASS" : "FAIL";
  const found =
    bad.length === 0
      ? "neither `zod-to-json-schema` nor any runtime `src/` module"
      : `forbidden modules: ${bad.join(", ")}`;
  const markdown =
    `**${verdict}**: the \`toolwright/lint\` bundle pulls in ${found} ` +
    `(esbuild's metafile inputs when bundling the \`toolwright/lint\` source, ${fromSource.inputs.length} modules, and, through their source maps, the built files of \`toolwright/lint\`).`;
  console.log(`\n${markdown.replaceAll("**", "")}`);
  const row: SummaryRow = {
    area: "Import cost",
    figure: "`toolwright/lint` free of `zod-to-json-schema` and runtime `src/`",
    value: verdict,
    goal: "PASS",
    meets: verdict === "PASS" ? "yes" : "no",
  };
  return { markdown, row };
}

/** One entry's bundle: its table row, its summary row, and the bundle itself. */
async function entrySize({ specifier, file }: PackageEntry) {
  const result = await bundle(`export * from ${JSON.stringify(file)};`);
  const own = result.inputs.filter((input) => input.startsWith(buildDir));
  const ownBytes = own.reduce((sum, input) => sum + statSync(join(repoRoot, input)).size, 0);
  const bundled = result.kept
    .filter((input) => !input.startsWith(buildDir) && input.includes("node_modules/"))
    .map((input) => input.split("node_modules/")[1]?.split("/")[0]);
  const cells = [
    `\`${specifier}\``,
    `${kb(statSync(file).size)} (${kb(ownBytes)} with its chunks)`,
    kb(result.minified),
    kb(result.gzip),
    [...new Set(bundled)].join(", ") || "none",
  ];
  const row: SummaryRow = {
    area: "Import cost",
    figure: `\`${specifier}\` bundle, minified + gzip (Zod, SDKs external)`,
    value: kb(result.gzip),
  };
  return { cells, row, result };
}

async function bundleSizes(
  list: readonly PackageEntry[],
): Promise<{ markdown: string; summary: SummaryRow[] }> {
  const rows: string[][] = [];
  const summary: SummaryRow[] = [];
  let lintCheck = "";
  for (const entry of list) {
    const { cells, row, result } = await entrySize(entry);
    rows.push(cells);
    summary.push(row);
    if (entry.specifier !== "toolwright/lint") continue;
    const isolation = await lintIsolation(result);
    lintCheck = isolation.markdown;
    summary.push(isolation.row);
  }
  const body = table(
    [
      "entry",
      "built file (ESM)",
      "bundled, minified",
      "minified + gzip",
      "dependencies in the bundle",
    ],
    rows,
  );
  console.log(`\n${body}`);
  const externals = [...new Set(["zod", ...Object.keys(manifest.peerDependencies ?? {})])];
  const markdown = [
    `Bundled size: esbuild (minify, ESM, platform node) of \`export * from "<entry>"\`, with ${externals.map((n) => `\`${n}\``).join(", ")} external (\`zod-to-json-schema\` among the peers: it is loaded on demand, for Zod 3 projection only, as are toolwright's own converters, which no bundle here contains). "Built file" is what tsup emitted for the entry, alone and with the shared chunks it imports. Sizes are exact.`,
    body,
    lintCheck,
  ].join("\n\n");
  return { markdown, summary };
}

/** Runs the import-cost benchmark, printing as it goes. */
export async function runImportCost(): Promise<Section> {
  ensureBuilt();
  const list = packageEntries();
  const times = importTimes(list);
  const sizes = await bundleSizes(list);
  return {
    title: "Import cost",
    markdown: [times.markdown, sizes.markdown].join("\n\n"),
    summary: [...sizes.summary, ...times.summary],
  };
}
