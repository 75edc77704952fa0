/**
 * Prints, per dialect, how its lint agrees with the provider path it describes: agree / false
 * positive / false negative, counted per unit (the root or one root property of a tool's
 * parameters), for three inputs: the evidence corpus as written (test/lint/corpus, Zod), the
 * same corpus as JSON Schema (each instance projected as the dialect's path receives it, linted
 * through the JSON Schema view), and the listings of three real MCP servers (started locally
 * over stdio from node_modules). Each path is judged by its real converter, SDK helper and
 * request path (test/lint/evidence). lint/README.md keeps the three tables.
 *
 * Run: npx tsx tools/dialect-evidence.ts [--node22] [--cases]
 * --node22 runs the same under the Node 22 leg (test/node22: its Node and its newer openai and
 * @google/genai majors; `npm ci --prefix test/node22` installs it). --cases lists every
 * disagreement with both sides' reasons.
 *
 * @module
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type DialectEvidence, dialectEvidence } from "../test/lint/evidence/evidence.js";
import {
  type EvidenceInput,
  jsonInput,
  listingInput,
  zodInput,
} from "../test/lint/evidence/inputs.js";
import { realListings } from "../test/lint/evidence/real-listings.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NODE22 = join(ROOT, "test/node22/node_modules/.bin/node");
const LEG_TSCONFIG = join(ROOT, "test/lint/evidence/tsconfig.node22.json");
/** Set by `--node22` for the child it starts: the SDKs come from the Node 22 leg. */
const LEG = process.env.TOOLWRIGHT_EVIDENCE_LEG === "node22" ? "node22" : "root";

/** The SDK versions the oracles ran against. */
export function sdkVersions(leg: "root" | "node22" = LEG): string {
  const base =
    leg === "node22" ? join(ROOT, "test/node22/node_modules") : join(ROOT, "node_modules");
  const version = (name: string) =>
    (JSON.parse(readFileSync(join(base, name, "package.json"), "utf8")) as { version: string })
      .version;
  const names = ["openai", "@anthropic-ai/sdk", "@google/genai"];
  return names.map((name) => `${name} ${version(name)}`).join(", ");
}

/** The three inputs, in the order they are printed, each with its title. */
export const INPUT_TITLES = {
  zod: "Zod input (the corpus as written):",
  json: "JSON Schema input (the corpus, projected):",
  mcp: "Real MCP server listings:",
} as const;

/** The three inputs: the corpus as Zod and as JSON Schema, and the real servers' listings. */
export async function evidenceInputs(): Promise<Record<keyof typeof INPUT_TITLES, EvidenceInput>> {
  return { zod: zodInput(), json: jsonInput(), mcp: listingInput(await realListings()) };
}

/** One input's block: its title, what it holds, and its table, one line per dialect and level. */
export function evidenceTable(
  title: string,
  results: readonly DialectEvidence[],
  caption: string,
): string[] {
  return [
    title,
    "",
    caption,
    "",
    "| Dialect | Level | Units | Oracle flags | Agree | False positive | False negative |",
    "| ------- | ----- | ----: | -----------: | ----: | -------------: | -------------: |",
    ...results.map(
      (r) =>
        `| \`${r.dialect}\` | ${r.level} | ${r.units} | ${r.flagged} | ${r.agree} | ${r.falsePositives} | ${r.falseNegatives} |`,
    ),
  ];
}

/** Whether the Node 22 leg is installed. */
export const hasNode22Leg = (): boolean => existsSync(NODE22);

/** Runs this script under the Node 22 leg and returns what it printed. */
export function runNode22Leg(args: readonly string[] = []): Promise<string> {
  // Without NODE_OPTIONS: nothing of this runtime's loaders reaches Node 22.
  const { NODE_OPTIONS: _loaders, ...inherited } = process.env;
  const env = { ...inherited, TOOLWRIGHT_EVIDENCE_LEG: "node22", TSX_TSCONFIG_PATH: LEG_TSCONFIG };
  const script = fileURLToPath(import.meta.url);
  return new Promise((done, fail) => {
    execFile(
      NODE22,
      ["--import", "tsx", script, ...args],
      { cwd: ROOT, env, timeout: 300_000 },
      (error, out, err) => {
        if (error === null) done(out);
        else fail(new Error(`the Node 22 evidence leg failed:\n${out}\n${err}`));
      },
    );
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--node22")) {
    process.stdout.write(await runNode22Leg(args.filter((arg) => arg !== "--node22")));
    return;
  }
  const inputs = await evidenceInputs();
  console.log(`Node ${process.versions.node}; ${sdkVersions()}`);
  const printed: DialectEvidence[][] = [];
  for (const [key, title] of Object.entries(INPUT_TITLES)) {
    const input = inputs[key as keyof typeof INPUT_TITLES];
    const results = await dialectEvidence(input.subjectsOf);
    printed.push(results);
    console.log("");
    for (const line of evidenceTable(title, results, input.caption)) console.log(line);
  }
  if (!args.includes("--cases")) return;
  for (const [i, title] of Object.values(INPUT_TITLES).entries()) {
    for (const line of disagreementLines(printed[i] ?? [], `${title} `)) console.log(line);
  }
}

/** Each disagreement of `results`, with both sides' reasons, as lines after a blank one. */
export function disagreementLines(results: readonly DialectEvidence[], prefix = ""): string[] {
  return results.flatMap((result) =>
    result.disagreements.flatMap((d) => [
      "",
      `${prefix}${result.dialect} (${result.level}) ${d.kind}: ${d.subject} ${d.unit}`,
      `  lint:   ${d.lint.join("; ") || "-"}`,
      `  oracle: ${d.oracle.join("; ") || "-"}`,
    ]),
  );
}

const script = process.argv[1];
if (script !== undefined && import.meta.url === pathToFileURL(resolve(script)).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  });
}
