/**
 * Type-checking cost: modules of 50, 200 and 500 tools written four ways, each
 * checked by `tsc --noEmit --extendedDiagnostics`. Every tool has a 5-field
 * `parameters` and a 2-field `returns`, with field names of its own.
 *
 * The modules are generated under the OS temp directory (not under `bench/`, which
 * the repository's tsconfig and Biome both include), with a `node_modules` symlink
 * to the repository's and `toolwright` mapped to the built `index.d.ts` (see
 * `build.ts`): what a consumer's compiler sees.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { ensureBuilt, packageEntries } from "./build";
import { repoRoot } from "./environment";
import { formatRatio } from "./harness";
import { type Section, type SummaryRow, table } from "./report";

/** The four ways of writing the same tools. */
const styles = {
  toolwright: "toolwright `defineTool` + `toolbox`",
  ai: "AI SDK `tool()` (ai@6)",
  mcp: "MCP SDK `McpServer.registerTool`",
  plain: "plain `ToolDefinition` literals + `toolbox`",
  mcpObject: "MCP SDK `registerTool` with `z.object` schemas",
  zodInfer: "literals + `z.output`/`z.input` written by hand",
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

function toolSource(style: Style, i: number): string {
  const args = `{ query${i}, limit${i} }`;
  switch (style) {
    case "toolwright":
      return `export const tool${i} = defineTool({
  description: "Tool ${i}",
  parameters: z.object(${parametersShape(i)}),
  returns: z.object(${returnsShape(i)}),
  execute: async (${args}) => (${result(i)}),
});`;
    case "ai":
      return `export const tool${i} = tool({
  description: "Tool ${i}",
  inputSchema: z.object(${parametersShape(i)}),
  outputSchema: z.object(${returnsShape(i)}),
  execute: async (${args}) => (${result(i)}),
});`;
    case "mcp":
      return `server.registerTool(
  "tool${i}",
  {
    description: "Tool ${i}",
    inputSchema: ${parametersShape(i)},
    outputSchema: ${returnsShape(i)},
  },
  async (${args}) => {
    const value = ${result(i)};
    return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
  },
);`;
    case "plain":
      return `export const tool${i}: ToolDefinition = {
  description: "Tool ${i}",
  parameters: z.object(${parametersShape(i)}),
  returns: z.object(${returnsShape(i)}),
  execute: async (args) => {
    const ${args} = args as { query${i}: string; limit${i}: number };
    return ${result(i)};
  },
};`;
    case "mcpObject":
      return `server.registerTool(
  "tool${i}",
  {
    description: "Tool ${i}",
    inputSchema: z.object(${parametersShape(i)}),
    outputSchema: z.object(${returnsShape(i)}),
  },
  async (${args}) => {
    const value = ${result(i)};
    return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
  },
);`;
    case "zodInfer":
      return `const parameters${i} = z.object(${parametersShape(i)});
const returns${i} = z.object(${returnsShape(i)});
export const tool${i}: ToolDefinition = {
  description: "Tool ${i}",
  parameters: parameters${i},
  returns: returns${i},
  execute: async (args) => {
    const ${args} = args as z.output<typeof parameters${i}>;
    const value: z.input<typeof returns${i}> = ${result(i)};
    return value;
  },
};`;
    default:
      return style satisfies never;
  }
}

function moduleSource(style: Style, count: number): string {
  const indices = Array.from({ length: count }, (_, i) => i);
  const record = `{ ${indices.map((i) => `tool${i}`).join(", ")} }`;
  const mcpHead = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n\nexport const server = new McpServer({ name: "bench", version: "1.0.0" });`;
  const literalHead = `import { type ToolDefinition, toolbox } from "toolwright";\nimport { z } from "zod";`;
  const head = {
    toolwright: `import { defineTool, toolbox } from "toolwright";\nimport { z } from "zod";`,
    ai: `import { tool } from "ai";\nimport { z } from "zod";`,
    mcp: mcpHead,
    plain: literalHead,
    mcpObject: mcpHead,
    zodInfer: literalHead,
  }[style];
  const box = `export const box = toolbox("bench", "Generated tools", ${record});`;
  const tail = {
    toolwright: box,
    ai: `export const tools = ${record};`,
    mcp: "",
    plain: box,
    mcpObject: "",
    zodInfer: box,
  }[style];
  return [head, ...indices.map((i) => toolSource(style, i)), tail, ""].join("\n\n");
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

function check(dir: string, style: Style, size: number): Diagnostics {
  const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  const run = spawnSync(process.execPath, [tsc, "-p", dir, "--extendedDiagnostics"], {
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
  });
  const output = `${run.stdout}\n${run.stderr}`;
  const errorLines = output.split("\n").filter((line) => /error TS\d+/.test(line));
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

function tsconfig(toolwrightTypes: string): string {
  return JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023"],
        module: "ESNext",
        moduleResolution: "Bundler",
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        types: ["node"],
        paths: { toolwright: [toolwrightTypes] },
      },
      files: ["index.ts"],
    },
    null,
    2,
  );
}

const thousands = (value: number) =>
  Number.isFinite(value) ? Math.round(value / 1000).toLocaleString("en-US") : "?";

/** Runs the type-checking benchmark (sequentially: one `tsc` at a time), printing as it goes. */
export async function runTypecheck(): Promise<Section> {
  ensureBuilt();
  const main = packageEntries().find((entry) => entry.specifier === "toolwright");
  if (!main) throw new Error('typecheck bench: package.json "exports" has no "." entry');
  const root = mkdtempSync(join(os.tmpdir(), "toolwright-bench-typecheck-"));
  const results: Diagnostics[] = [];
  try {
    for (const size of sizes) {
      for (const style of Object.keys(styles) as Style[]) {
        const dir = join(root, `${style}-${size}`);
        mkdirSync(dir);
        symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
        writeFileSync(join(dir, "tsconfig.json"), tsconfig(main.types));
        writeFileSync(join(dir, "index.ts"), moduleSource(style, size));
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
  } finally {
    if (!process.env.BENCH_KEEP_GENERATED) rmSync(root, { recursive: true, force: true });
    else console.log(`generated modules kept in ${root}`);
  }
  return report(results);
}

function report(results: readonly Diagnostics[]): Section {
  const get = (style: Style, size: number) =>
    results.find((r) => r.style === style && r.size === size);
  const parts: string[] = [];
  const summary: SummaryRow[] = [];
  for (const size of sizes.filter((s) => s > 0)) {
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
    const body = table(
      [
        "written as",
        "instantiations",
        "toolwright / this",
        "types",
        "check time",
        "memory",
        "too deep / errors",
      ],
      rows,
    );
    parts.push(`#### ${size} tools\n\n${body}`);
    console.log(`\n${size} tools\n${body}`);
    for (const peer of ["ai", "mcp", "mcpObject", "zodInfer"] as const) {
      const other = get(peer, size);
      if (ours && other) {
        summary.push({
          area: "Type-checking",
          figure: `instantiations, toolwright / ${styles[peer]} (${size} tools)`,
          value: formatRatio(ours.instantiations / other.instantiations),
          goal: peer === "ai" || peer === "mcp" ? "< 1×" : undefined,
        });
      }
    }
  }
  const growthRows = (Object.keys(styles) as Style[]).map((style) => {
    const at = (size: number) => get(style, size)?.instantiations ?? Number.NaN;
    const early = (at(200) - at(50)) / 150;
    const late = (at(500) - at(200)) / 300;
    return [
      styles[style],
      early.toFixed(0),
      late.toFixed(0),
      formatRatio(late / early),
      `${thousands(at(50) - 50 * early)}k`,
    ];
  });
  const growth = table(
    ["written as", "per tool, 50→200", "per tool, 200→500", "ratio (1× = linear)", "fixed cost"],
    growthRows,
  );
  console.log(`\nGrowth: marginal instantiations per tool\n${growth}`);
  for (const style of ["toolwright", "ai", "mcp"] as const) {
    const row = growthRows[(Object.keys(styles) as Style[]).indexOf(style)];
    summary.push({
      area: "Type-checking",
      figure: `growth: per-tool instantiations 200→500 / 50→200 (${styles[style]})`,
      value: row?.[3] ?? "?",
      goal: style === "toolwright" ? "≈ 1× (linear)" : undefined,
    });
  }
  const deep = results.filter((r) => r.tooDeep).map((r) => `${r.style} × ${r.size}`);
  summary.push({
    area: "Type-checking",
    figure: '"Type instantiation is excessively deep" at any size',
    value: deep.length ? deep.join(", ") : "none",
    goal: "none for toolwright",
  });
  const broken = results.filter((r) => r.errors > 0 && !r.tooDeep);
  const brokenNote = broken.length
    ? `\n\nModules with type errors (figures less meaningful): ${broken.map((r) => `${r.style} × ${r.size}: ${r.firstError}`).join("; ")}`
    : "";
  return {
    behind: behindNotes(results),
    title: "Type-checking cost",
    markdown: [
      "Each tool: a 5-field `parameters` (string with a description, int, optional string, string " +
        "array, enum) and a 2-field `returns`, field names unique per tool, an `execute` that " +
        "destructures two arguments and returns a value of the `returns` type. One module per style " +
        "and size, checked alone by `tsc --noEmit --extendedDiagnostics` (strict, skipLibCheck, " +
        "moduleResolution bundler, Zod 4 classic). toolwright is imported from its built " +
        "`index.d.ts` (tsup, this run), as a consumer sees it. Check time and memory are single runs; " +
        "instantiation and type counts are deterministic. Two reference rows beside the four styles: " +
        "the MCP SDK given `z.object` schemas instead of its idiomatic raw shapes, and plain literals " +
        "whose `execute` spells `z.output`/`z.input` by hand (the cost of Zod's own inference, the " +
        "type-level floor for a tool that checks both sides).",
      ...parts,
      `#### Growth\n\nMarginal instantiations per added tool between 50 and 200 tools and between 200 and 500; their ratio is 1× when the cost grows linearly. Fixed cost: what the first use of the library costs, extrapolated to zero tools.\n\n${growth}${brokenNote}`,
    ].join("\n\n"),
    summary,
  };
}

function behindNotes(results: readonly Diagnostics[]): string[] {
  const notes: string[] = [];
  const get = (style: Style, size: number) =>
    results.find((r) => r.style === style && r.size === size);
  for (const peer of ["ai", "mcp"] as const) {
    const lost = sizes.filter((size) => {
      const ours = get("toolwright", size);
      const other = get(peer, size);
      return ours && other && ours.instantiations >= other.instantiations;
    });
    if (lost.length === 0) continue;
    const at = lost.at(-1) as number;
    const ours = get("toolwright", at) as Diagnostics;
    const other = get(peer, at) as Diagnostics;
    const floor = get("zodInfer", at);
    const object = get("mcpObject", at);
    let why = "";
    if (peer === "mcp") {
      why =
        " The SDK's idiomatic form takes a raw shape (`{ query: z.string(), … }`) and types the " +
        "handler's arguments with a plain mapped type over it: it never builds a `ZodObject` type, " +
        "never computes Zod's object output type (optional keys, defaults), and never checks the " +
        "handler's result against `outputSchema` (`structuredContent` is `Record<string, unknown>`)." +
        (object
          ? ` Given the same \`z.object\` schemas the SDK needs ${thousands(object.instantiations)}k; ` +
            `toolwright needs ${formatRatio(ours.instantiations / object.instantiations)} that.`
          : "") +
        (floor
          ? ` Spelling \`z.output\`/\`z.input\` by hand costs ${thousands(floor.instantiations)}k: ` +
            `toolwright is ${formatRatio(ours.instantiations / floor.instantiations)} Zod's own inference, ` +
            "so nearly all of its cost is Zod's, the rest being its conditional-type lookups " +
            "(`SchemaOutput`/`SchemaInput`, one indexed access per major)."
          : "");
    }
    notes.push(
      `Type-checking: toolwright needs more instantiations than ${styles[peer]} at ${lost.join(", ")} tools ` +
        `(${thousands(ours.instantiations)}k against ${thousands(other.instantiations)}k at ${at}).${why}`,
    );
  }
  const deep = results.filter((r) => r.style === "toolwright" && r.tooDeep);
  if (deep.length > 0) {
    notes.push(
      `Type-checking: "Type instantiation is excessively deep" for toolwright at ${deep.map((r) => r.size).join(", ")} tools.`,
    );
  }
  return notes;
}
