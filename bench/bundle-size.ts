/**
 * Pay for what you use: the bytes a consumer's bundle carries for one tool, defined and
 * called, through toolwright's factories (with and without a tool set) beside the AI
 * SDK's `tool()` and the MCP SDK's `registerTool`, each bundled by esbuild (minified,
 * gzipped) with zod external and with zod bundled through `import * as z from "zod"`.
 * The zod-bundled figures are read against zod alone: a program that builds the same
 * schemas and parses with them, so what toolwright adds is the difference, which is at
 * most toolwright's own figure when zod tree-shakes as if toolwright were not there.
 *
 * Sizes, exact for a given lock file; the goals are issue 20's.
 *
 * @module
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { ensureBuilt } from "./build";
import { repoRoot } from "./environment";
import type { Section, SummaryRow } from "./report";
import { table } from "./report";

/** The schemas every program builds and parses with: zod's own share of each bundle. */
const SCHEMAS = `
const parameters = z.object({ city: z.string().describe("A city"), days: z.number().int().min(1).max(7) });
const returns = z.object({ forecast: z.string() });
const args = { city: "Oslo", days: 2 };`;

/** One consumer program: what it imports and does, written as a user would. */
interface Program {
  readonly name: string;
  readonly code: string;
  /** toolwright's goal for it, in gzipped bytes, with zod external; none for a peer. */
  readonly goal?: number;
}

const PROGRAMS: readonly Program[] = [
  {
    name: "zod alone (the same schemas, parsed)",
    code: `import * as z from "zod";${SCHEMAS}
console.log(returns.parse({ forecast: parameters.parse(args).city }));`,
  },
  {
    name: "AI SDK tool() + execute",
    code: `import { tool } from "ai";
import * as z from "zod";${SCHEMAS}
const forecast = tool({ description: "Forecast", inputSchema: parameters, outputSchema: returns,
  execute: async ({ city }) => ({ forecast: city }) });
console.log(await forecast.execute?.(parameters.parse(args), { toolCallId: "1", messages: [] }));`,
  },
  {
    name: "MCP SDK McpServer.registerTool",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";${SCHEMAS}
const server = new McpServer({ name: "n", version: "1" });
server.registerTool("forecast", { description: "Forecast", inputSchema: parameters.shape, outputSchema: returns.shape },
  async ({ city }) => ({ content: [], structuredContent: { forecast: city } }));
console.log(server);`,
  },
  {
    name: "toolwright defineTool + toolbox + capability + Toolbox.execute",
    goal: 4 * 1024,
    code: `import { capability, defineTool, toolbox } from "toolwright";
import * as z from "zod";${SCHEMAS}
const weather = capability({ name: "weather", description: "Weather",
  toolbox: toolbox("weather", "Weather tools", {
    forecast: defineTool({ description: "Forecast", parameters, returns, execute: async ({ city }) => ({ forecast: city }) }),
  }) });
console.log(await weather.toolbox.execute("forecast", args));`,
  },
  {
    name: "toolwright + toolSet + set.call",
    goal: 12 * 1024,
    code: `import { capability, defineTool, toolbox, toolSet } from "toolwright";
import * as z from "zod";${SCHEMAS}
const weather = capability({ name: "weather", description: "Weather",
  toolbox: toolbox("weather", "Weather tools", {
    forecast: defineTool({ description: "Forecast", parameters, returns, execute: async ({ city }) => ({ forecast: city }) }),
  }) });
console.log(await toolSet([weather]).call("forecast", args));`,
  },
];

interface Size {
  readonly minified: number;
  readonly gzip: number;
}

/** esbuild's minified ESM bundle of `code`, with `toolwright` from the build in `dist`. */
async function bundled(code: string, dist: string, zod: "external" | "bundled"): Promise<Size> {
  const result = await build({
    stdin: { contents: code, resolveDir: repoRoot, loader: "ts", sourcefile: "consumer.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    target: "node20",
    alias: { toolwright: `${dist}/index.js` },
    external: zod === "external" ? ["zod", "zod/*"] : [],
    write: false,
    logLevel: "silent",
  });
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: output.byteLength, gzip: gzipSync(output).byteLength };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

/** Every program with zod external and bundled, the goals checked against the figures. */
export async function runBundleSize(): Promise<Section> {
  const dist = ensureBuilt();
  const sizes = await Promise.all(
    PROGRAMS.map(async (program) => ({
      program,
      external: await bundled(program.code, dist, "external"),
      withZod: await bundled(program.code, dist, "bundled"),
    })),
  );
  const zodAlone = sizes[0]?.withZod.gzip ?? 0;
  const rows = sizes.map(({ program, external, withZod }) => [
    program.name,
    kb(external.minified),
    kb(external.gzip),
    kb(withZod.gzip),
    program === PROGRAMS[0] ? "baseline" : `+${kb(withZod.gzip - zodAlone)}`,
  ]);
  const summary: SummaryRow[] = sizes.flatMap(({ program, external, withZod }): SummaryRow[] => {
    if (program.goal === undefined) return [];
    const added = withZod.gzip - zodAlone;
    return [
      {
        area: "Bundle size",
        figure: `${program.name}, gzip, zod external`,
        value: kb(external.gzip),
        spread: "none (a size)",
        goal: `≤ ${kb(program.goal)}`,
        meets: external.gzip <= program.goal ? "yes" : "no",
      },
      {
        // Zod tree-shakes as if toolwright were not there: bundling zod adds no more than
        // toolwright's own bytes (gzip over the whole bundle only makes it smaller).
        area: "Bundle size",
        figure: `${program.name}, gzip, zod bundled, beyond zod alone`,
        value: `+${kb(added)}`,
        spread: "none (a size)",
        goal: `≤ +${kb(external.gzip)} (toolwright's own, zod external)`,
        meets: added <= external.gzip ? "yes" : "no",
      },
    ];
  });
  const markdown = [
    'Each program defines one tool with the same `z.object` schemas and calls it once, as a user writes it; esbuild bundles it (minify, ESM, platform node), toolwright from a build made by this run. With zod bundled, the program imports `* as z from "zod"`; the last column is what it adds to zod alone.',
    table(
      [
        "program",
        "minified, zod external",
        "gzip, zod external",
        "gzip, zod bundled",
        "beyond zod alone (gzip)",
      ],
      rows,
    ),
  ].join("\n\n");
  console.log(`\n${markdown}`);
  return { title: "Bundle size", markdown, summary };
}
