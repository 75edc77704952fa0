/**
 * Type-checking cost: modules of 50, 200 and 500 tools written four ways, each
 * checked by `tsc --noEmit --extendedDiagnostics`. Every tool has a 5-field
 * `parameters` and a 2-field `returns`, with field names of its own. Then the
 * declaration file of an exported 200-tool toolbox: that it is emitted at all (no
 * TS7056, "exceeds the maximum length the compiler will serialize") and its size.
 *
 * The modules are generated under the OS temp directory (not under `bench/`, which
 * the repository's tsconfig and Biome both include), with a `node_modules` symlink
 * to the repository's and `toolwright` mapped to the built `index.d.ts` (see
 * `build.ts`): what a consumer's compiler sees.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { builtEntry } from "./build";
import { repoRoot } from "./environment";
import { formatRatio } from "./harness";
import { atMost, below, type Goal, spreadOf } from "./ratio";
import { ratioRow, type Section, type SummaryRow, table } from "./report";

/** The four ways of writing the same tools. */
const styles = {
  toolwright: "toolwright `defineTool` + `toolbox`",
  ai: "AI SDK `tool()` (ai@6)",
  mcp: "MCP SDK `McpServer.registerTool`",
  plain: "plain `ToolDefinition` literals + `toolbox`",
  mcpObject: "MCP SDK `registerTool` with `z.object` schemas",
  floor: "plain Zod objects, `execute` annotated with `z.output`/`z.input` (the floor)",
} as const;
type Style = keyof typeof styles;

const sizes = [50, 200, 500] as const;

function parametersShape(i: number): string {
  return `{
    query${i}: z.string().describe("What to search for"),
    limit${i}: z.number().int(),
    cursor${i}: z.string().optional(),
    tags${i}: z.array(z.string()),
    mode${i}: z.enum(["fast", "thorough"]),
  }`;
}

function returnsShape(i: number): string {
  return `{ total${i}: z.number(), items${i}: z.array(z.string()) }`;
}

function result(i: number): string {
  return `{ total${i}: limit${i}, items${i}: [query${i}] }`;
}

/** `execute` of an MCP SDK handler: the result as text and as `structuredContent`. */
function mcpHandler(i: number): string {
  return `async ({ query${i}, limit${i} }) => {
    const value = ${result(i)};
    return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
  }`;
}

function mcpTool(i: number, wrap: (shape: string) => string): string {
  return `server.registerTool(
  "tool${i}",
  {
    description: "Tool ${i}",
    inputSchema: ${wrap(parametersShape(i))},
    outputSchema: ${wrap(returnsShape(i))},
  },
  ${mcpHandler(i)},
);`;
}

/** One tool written in each style; `i` makes its names and field names its own. */
const toolSources: Record<Style, (i: number) => string> = {
  toolwright: (i) => `export const tool${i} = defineTool({
  description: "Tool ${i}",
  parameters: z.object(${parametersShape(i)}),
  returns: z.object(${returnsShape(i)}),
  execute: async ({ query${i}, limit${i} }) => (${result(i)}),
});`,
  ai: (i) => `export const tool${i} = tool({
  description: "Tool ${i}",
  inputSchema: z.object(${parametersShape(i)}),
  outputSchema: z.object(${returnsShape(i)}),
  execute: async ({ query${i}, limit${i} }) => (${result(i)}),
});`,
  mcp: (i) => mcpTool(i, (shape) => shape),
  plain: (i) => `export const tool${i}: ToolDefinition = {
  description: "Tool ${i}",
  parameters: z.object(${parametersShape(i)}),
  returns: z.object(${returnsShape(i)}),
  execute: async (args) => {
    const { query${i}, limit${i} } = args as { query${i}: string; limit${i}: number };
    return ${result(i)};
  },
};`,
  mcpObject: (i) => mcpTool(i, (shape) => `z.object(${shape})`),
  // The same compile-time guarantee as `defineTool` (typed arguments, a checked result)
  // with nothing but Zod: the floor toolwright is held to.
  floor: (i) => `const parameters${i} = z.object(${parametersShape(i)});
const returns${i} = z.object(${returnsShape(i)});
export const tool${i} = {
  description: "Tool ${i}",
  parameters: parameters${i},
  returns: returns${i},
  execute: async ({ query${i}, limit${i} }: z.output<typeof parameters${i}>): Promise<
    z.input<typeof returns${i}>
  > => (${result(i)}),
};`,
};

function moduleSource(style: Style, count: number): string {
  const indices = Array.from({ length: count }, (_, i) => i);
  const record = `{ ${indices.map((i) => `tool${i}`).join(", ")} }`;
  const mcpHead = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n\nexport const server = new McpServer({ name: "bench", version: "1.0.0" });`;
  const head = {
    toolwright: `import { defineTool, toolbox } from "toolwright";\nimport { z } from "zod";`,
    ai: `import { tool } from "ai";\nimport { z } from "zod";`,
    mcp: mcpHead,
    plain: `import { type ToolDefinition, toolbox } from "toolwright";\nimport { z } from "zod";`,
    mcpObject: mcpHead,
    floor: `import { z } from "zod";`,
  }[style];
  const box = `export const box = toolbox("bench", "Generated tools", ${record});`;
  const tail = {
    toolwright: box,
    ai: `export const tools = ${record};`,
    mcp: "",
    plain: box,
    mcpObject: "",
    floor: `export const tools = ${record};`,
  }[style];
  return [head, ...indices.map((i) => toolSources[style](i)), tail, ""].join("\n\n");
}

interface Diagnostics {
  readonly style: Style;
  readonly size: number;
  readonly instantiations: number;
  readonly types: number;
  readonly checkSeconds: number;
  readonly memoryKb: number;
  readonly errors: number;
  readonly tooDeep: boolean;
  readonly firstError: string;
}

function number(output: string, label: string): number {
  const match = new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(output);
  return match ? Number(match[1]) : Number.NaN;
}

/** Runs the repository's `tsc` over the project in `dir`; stdout and stderr together. */
function tsc(dir: string): string {
  const bin = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  const run = spawnSync(process.execPath, [bin, "-p", dir, "--extendedDiagnostics"], {
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
  });
  return `${run.stdout}\n${run.stderr}`;
}

function errorLinesOf(output: string): string[] {
  return output.split("\n").filter((line) => /error TS\d+/.test(line));
}

function check(dir: string, style: Style, size: number): Diagnostics {
  const output = tsc(dir);
  const errorLines = errorLinesOf(output);
  return {
    style,
    size,
    instantiations: number(output, "Instantiations"),
    types: number(output, "Types"),
    checkSeconds: number(output, "Check time"),
    memoryKb: number(output, "Memory used"),
    errors: errorLines.length,
    tooDeep: /TS2589|excessively deep/.test(output),
    firstError: errorLines[0]?.trim() ?? "",
  };
}

/** `emit`: write declarations only (to `out/`), as a library built with `declaration: true` does. */
function tsconfig(toolwrightTypes: string, emit = false): string {
  const output = emit
    ? { declaration: true, emitDeclarationOnly: true, outDir: "out" }
    : { noEmit: true };
  return JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023"],
        module: "ESNext",
        moduleResolution: "Bundler",
        strict: true,
        skipLibCheck: true,
        ...output,
        types: ["node"],
        paths: { toolwright: [toolwrightTypes] },
      },
      files: ["index.ts"],
    },
    null,
    2,
  );
}

/** One generated module of `size` tools in `style`, in a directory of its own under `root`. */
function writeModule(
  root: string,
  name: string,
  style: Style,
  size: number,
  config: string,
): string {
  const dir = join(root, name);
  mkdirSync(dir);
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  writeFileSync(join(dir, "tsconfig.json"), config);
  writeFileSync(join(dir, "index.ts"), moduleSource(style, size));
  return dir;
}

/** What declaration emit of one module produced. */
interface Emitted {
  readonly style: Style;
  /** Size of `index.d.ts` in bytes, or `undefined` when none was written. */
  readonly bytes: number | undefined;
  /** TS7056: an inferred type longer than the compiler will serialize. */
  readonly tooLong: boolean;
  readonly errors: number;
  readonly firstError: string;
}

/** The styles whose declaration file is measured, and the size it is measured at. */
const emitted = { styles: ["toolwright", "floor"] as const, size: 200 };

function emitDeclarations(root: string, toolwrightTypes: string, style: Style): Emitted {
  const config = tsconfig(toolwrightTypes, true);
  const dir = writeModule(root, `${style}-${emitted.size}-emit`, style, emitted.size, config);
  const output = tsc(dir);
  const errorLines = errorLinesOf(output);
  let bytes: number | undefined;
  try {
    bytes = statSync(join(dir, "out", "index.d.ts")).size;
  } catch {
    bytes = undefined; // nothing was written: the errors say why
  }
  const tooLong = /TS7056/.test(output);
  return { style, bytes, tooLong, errors: errorLines.length, firstError: errorLines[0] ?? "" };
}

const thousands = (value: number) =>
  Number.isFinite(value) ? Math.round(value / 1000).toLocaleString("en-US") : "?";

/** Runs the type-checking benchmark (sequentially: one `tsc` at a time), printing as it goes. */
export async function runTypecheck(): Promise<Section> {
  const main = builtEntry("toolwright");
  const root = mkdtempSync(join(os.tmpdir(), "toolwright-bench-typecheck-"));
  const results: Diagnostics[] = [];
  const declarations: Emitted[] = [];
  try {
    for (const size of sizes) {
      for (const style of Object.keys(styles) as Style[]) {
        const dir = writeModule(root, `${style}-${size}`, style, size, tsconfig(main.types));
        const diagnostics = check(dir, style, size);
        results.push(diagnostics);
        console.log(
          `  tsc ${style} × ${size}: ${diagnostics.instantiations} instantiations, ${diagnostics.checkSeconds}s check` +
            (diagnostics.errors
              ? `, ${diagnostics.errors} errors (${diagnostics.firstError})`
              : ""),
        );
      }
    }
    for (const style of emitted.styles) {
      const result = emitDeclarations(root, main.types, style);
      declarations.push(result);
      console.log(
        `  tsc --declaration ${style} × ${emitted.size}: ${result.bytes ?? "no"} bytes of .d.ts` +
          (result.errors ? `, ${result.errors} errors (${result.firstError})` : ""),
      );
    }
  } finally {
    if (!process.env.BENCH_KEEP_GENERATED) rmSync(root, { recursive: true, force: true });
    else console.log(`generated modules kept in ${root}`);
  }
  return report(results, declarations);
}

type Lookup = (style: Style, size: number) => Diagnostics | undefined;

const lookup =
  (results: readonly Diagnostics[]): Lookup =>
  (style, size) =>
    results.find((r) => r.style === style && r.size === size);

/** The peers toolwright's instantiations are held against, and the goal where the issue sets one. */
const peerGoals: Record<Exclude<Style, "toolwright" | "plain">, Goal | undefined> = {
  ai: below(1),
  mcp: below(1),
  mcpObject: undefined,
  floor: atMost(1.1),
};

/** A ratio of two exact counts: no spread, and a verdict that is a plain comparison. */
function countRatioRow(figure: string, ratio: number, goal?: Goal): SummaryRow {
  const row = ratioRow("Type-checking", figure, spreadOf([ratio]), goal);
  return { ...row, spread: "none (exact counts)" };
}

function sizeTable(get: Lookup, size: number): string {
  const ours = get("toolwright", size);
  const rows = (Object.keys(styles) as Style[]).map((style) => {
    const r = get(style, size);
    if (!r) return [styles[style], "?", "?", "?", "?", "?", "?"];
    return [
      styles[style],
      `${thousands(r.instantiations)}k`,
      ours ? formatRatio(ours.instantiations / r.instantiations) : "?",
      `${thousands(r.types)}k`,
      `${r.checkSeconds.toFixed(2)} s`,
      `${Math.round(r.memoryKb / 1024)} MB`,
      r.tooDeep ? "**yes**" : r.errors > 0 ? `no (${r.errors} errors)` : "no",
    ];
  });
  const header = ["written as", "instantiations", "toolwright / this", "types"];
  return table([...header, "check time", "memory", "too deep / errors"], rows);
}

function sizeSummary(get: Lookup, size: number): SummaryRow[] {
  const ours = get("toolwright", size);
  return (Object.keys(peerGoals) as (keyof typeof peerGoals)[]).flatMap((peer) => {
    const other = get(peer, size);
    if (!ours || !other) return [];
    const figure = `instantiations, toolwright / ${styles[peer]} (${size} tools)`;
    return [countRatioRow(figure, ours.instantiations / other.instantiations, peerGoals[peer])];
  });
}

/** Marginal instantiations per added tool, 50→200 and 200→500, and their ratio, per style. */
function growthRows(get: Lookup): { style: Style; cells: string[]; ratio: number }[] {
  return (Object.keys(styles) as Style[]).map((style) => {
    const at = (size: number) => get(style, size)?.instantiations ?? Number.NaN;
    const early = (at(200) - at(50)) / 150;
    const late = (at(500) - at(200)) / 300;
    const cells = [
      styles[style],
      early.toFixed(0),
      late.toFixed(0),
      formatRatio(late / early),
      `${thousands(at(50) - 50 * early)}k`,
    ];
    return { style, cells, ratio: late / early };
  });
}

function growthSection(get: Lookup): { markdown: string; summary: SummaryRow[] } {
  const rows = growthRows(get);
  const growth = table(
    ["written as", "per tool, 50→200", "per tool, 200→500", "ratio (1× = linear)", "fixed cost"],
    rows.map((row) => row.cells),
  );
  console.log(`\nGrowth: marginal instantiations per tool\n${growth}`);
  const summary = rows
    .filter((row) => ["toolwright", "floor", "ai", "mcp"].includes(row.style))
    .map((row) => {
      const figure = `growth: per-tool instantiations 200→500 / 50→200 (${styles[row.style]})`;
      const goal = row.style === "toolwright" ? { goal: "≈ 1× (linear)" } : {};
      return { ...countRatioRow(figure, row.ratio), ...goal };
    });
  const markdown =
    "#### Growth\n\nMarginal instantiations per added tool between 50 and 200 tools and between " +
    "200 and 500; their ratio is 1× when the cost grows linearly. Fixed cost: the instantiations " +
    `at 50 tools less 50 times the marginal cost, extrapolated to zero tools.\n\n${growth}`;
  return { markdown, summary };
}

function errorSummary(results: readonly Diagnostics[]): { markdown: string; row: SummaryRow } {
  const deep = results.filter((r) => r.tooDeep).map((r) => `${r.style} × ${r.size}`);
  const ourDeep = results.some((r) => r.style === "toolwright" && r.tooDeep);
  const broken = results.filter((r) => r.errors > 0 && !r.tooDeep);
  const markdown = broken.length
    ? `Modules with type errors: ${broken.map((r) => `${r.style} × ${r.size}: ${r.firstError}`).join("; ")}`
    : "";
  const row: SummaryRow = {
    area: "Type-checking",
    figure: '"Type instantiation is excessively deep" at any size',
    value: deep.length ? deep.join(", ") : "none",
    goal: "none for toolwright",
    meets: ourDeep ? "no" : "yes",
  };
  return { markdown, row };
}

const description =
  "Each tool: a 5-field `parameters` (string with a description, int, optional string, string " +
  "array, enum) and a 2-field `returns`, field names unique per tool, an `execute` that " +
  "destructures two arguments and returns a value of the `returns` type. One module per style " +
  "and size, checked alone by `tsc --noEmit --extendedDiagnostics` (strict, skipLibCheck, " +
  "moduleResolution bundler, Zod 4 classic). toolwright is imported from its built " +
  "`index.d.ts` (tsup, this run), as a consumer sees it. Check time and memory are single runs; " +
  "instantiation and type counts are exact, so their ratios have no spread. Two reference rows " +
  "beside the four styles: the MCP SDK given `z.object` schemas instead of its raw shapes, and " +
  "the floor: plain Zod objects whose `execute` is annotated with `z.output` of `parameters` " +
  "and `z.input` of `returns`, the same compile-time guarantee as `defineTool` with nothing but " +
  "Zod (goal: toolwright within 1.10× of it at every size).";

const declarationText =
  "A library that exports its tools is built with `declaration: true`, and the compiler writes " +
  "every exported tool's and toolbox's inferred type into its `.d.ts`. The module of " +
  `${emitted.size} tools above, toolbox exported, emitted by \`tsc --declaration ` +
  "--emitDeclarationOnly`: whether it is written at all (TS7056 is the compiler refusing an " +
  "inferred type too long to serialize) and how large it is, beside the floor's, whose " +
  "exported tools carry Zod's schema types.";

/** Declaration emit: a table, and the summary rows for toolwright's module. */
function declarationSection(declarations: readonly Emitted[]): {
  markdown: string;
  summary: SummaryRow[];
} {
  const kb = (bytes: number | undefined) =>
    bytes === undefined ? "not written" : `${(bytes / 1024).toFixed(1)} kB`;
  const rows = declarations.map((d) => [
    styles[d.style],
    kb(d.bytes),
    d.tooLong ? "**yes**" : "no",
    d.errors > 0 ? `${d.errors} (${d.firstError})` : "none",
  ]);
  const body = table(["written as", "index.d.ts", "TS7056", "errors"], rows);
  console.log(`\nDeclaration emit, ${emitted.size} tools\n${body}`);
  const ours = declarations.find((d) => d.style === "toolwright");
  if (!ours) return { markdown: "", summary: [] };
  const figure = `declaration emit of an exported ${emitted.size}-tool toolbox`;
  const written = ours.bytes !== undefined && ours.errors === 0 && !ours.tooLong;
  const summary: SummaryRow[] = [
    {
      area: "Type-checking",
      figure: `${figure}: TS7056 or another error`,
      value: ours.tooLong ? "TS7056" : ours.errors > 0 ? `${ours.errors} errors` : "none",
      goal: "none",
      meets: written ? "yes" : "no",
    },
    { area: "Type-checking", figure: `${figure}: size of index.d.ts`, value: kb(ours.bytes) },
  ];
  return {
    markdown: `#### Declaration emit, ${emitted.size} tools\n\n${declarationText}\n\n${body}`,
    summary,
  };
}

function report(results: readonly Diagnostics[], declarations: readonly Emitted[]): Section {
  const get = lookup(results);
  const parts: string[] = [];
  const summary: SummaryRow[] = [];
  for (const size of sizes) {
    const body = sizeTable(get, size);
    parts.push(`#### ${size} tools\n\n${body}`);
    console.log(`\n${size} tools\n${body}`);
    summary.push(...sizeSummary(get, size));
  }
  const growth = growthSection(get);
  const errors = errorSummary(results);
  const emit = declarationSection(declarations);
  return {
    title: "Type-checking cost",
    markdown: [description, ...parts, growth.markdown, emit.markdown, errors.markdown]
      .filter(Boolean)
      .join("\n\n"),
    summary: [...summary, ...growth.summary, ...emit.summary, errors.row],
  };
}
