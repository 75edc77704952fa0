/**
 * The consumer matrix's fixtures: small projects, each a folder of an installed project
 * (so they share its node_modules), with its own package.json "type" and tsconfig.json.
 * A typed constant, not a folder of copies: every fixture compiles the same program
 * (consumers/program.ts) under another module system or another Zod.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type InstalledPackage, type InstallOptions, ROOT } from "./installed-package";
import { type PackedManifest, peerDependenciesOf } from "./project-lockfile";

const CONSUMERS = join(ROOT, "test", "package", "consumers");

/** A fixture's package.json "type" and its tsconfig.json module settings. */
export const MODULE_SYSTEMS = {
  "esm-bundler": { type: "module", module: "esnext", moduleResolution: "bundler" },
  "esm-nodenext": { type: "module", module: "nodenext", moduleResolution: "nodenext" },
  "cjs-node16": { type: "commonjs", module: "node16", moduleResolution: "node16" },
  "cjs-node10": { type: "commonjs", module: "commonjs", moduleResolution: "node10" },
} as const;

export type ModuleSystem = keyof typeof MODULE_SYSTEMS;

export const MODULE_SYSTEM_NAMES = Object.keys(MODULE_SYSTEMS) as ModuleSystem[];

/** One project to type-check with tsc and, for each of `programs`, run with node. */
export interface Fixture {
  /** Its folder, relative to the installed project. */
  readonly dir: string;
  readonly system: ModuleSystem;
  /** Its `.ts` files by name. */
  readonly sources: Readonly<Record<string, string>>;
  /** The compiled files to run, relative to `dir` (tsc writes them to out/). */
  readonly programs: readonly string[];
}

function consumerSource(name: string): string {
  return readFileSync(join(CONSUMERS, name), "utf8");
}

/**
 * consumers/program.ts, with its schemas written with `zod` or with `zod/v4`, and with
 * `hosts` consumers/hosts.ts, which uses every host entry.
 */
export function programFixture(
  dir: string,
  system: ModuleSystem,
  zod: "zod" | "zod/v4",
  hosts = false,
): Fixture {
  const program = consumerSource("program.ts").replace(/from "zod";/, `from "${zod}";`);
  const sources: Record<string, string> = hosts
    ? { "program.ts": program, "hosts.ts": consumerSource("hosts.ts") }
    : { "program.ts": program };
  return { dir, system, sources, programs: Object.keys(sources).map(compiledName) };
}

function compiledName(source: string): string {
  return `out/${source.replace(/\.ts$/, ".js")}`;
}

/** consumers/mcp-bounds.ts: the MCP SDK's client over `zod/v3` bounds and tuples. */
export function mcpFixture(dir: string): Fixture {
  return {
    dir,
    system: "esm-nodenext",
    sources: { "mcp-bounds.ts": consumerSource("mcp-bounds.ts") },
    programs: ["out/mcp-bounds.js"],
  };
}

/**
 * The README's quick start (the code block between `<!-- quick-start:begin -->` and
 * `<!-- quick-start:end -->`), beside the example modules it may import, type-checked
 * only.
 */
export function quickStartFixture(dir: string): Fixture {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block =
    /<!-- quick-start:begin -->[\s\S]*?```ts\n([\s\S]*?)```[\s\S]*?<!-- quick-start:end -->/.exec(
      readme,
    );
  if (block?.[1] === undefined) throw new Error("README.md has no quick-start code block");
  const examples = ["meeting-store.ts", "run-if-main.ts"].map((name) => [
    name,
    readFileSync(join(ROOT, "examples", name), "utf8"),
  ]);
  return {
    dir,
    system: "esm-nodenext",
    sources: { "quick-start.ts": block[1], ...Object.fromEntries(examples) },
    programs: [],
  };
}

/** The files a fixture's folder holds before tsc runs. */
export function fixtureFiles(fixture: Fixture): Record<string, string> {
  const { type, module, moduleResolution } = MODULE_SYSTEMS[fixture.system];
  const tsconfig = {
    compilerOptions: {
      module,
      moduleResolution,
      target: "es2022",
      lib: ["es2022"],
      types: ["node"],
      strict: true,
      // As most projects (and `tsc --init`) have it: the dependencies' own declarations
      // reach for DOM names and each other's types in ways no consumer can fix.
      skipLibCheck: true,
      rootDir: ".",
      outDir: "out",
    },
    include: ["*.ts"],
  };
  const files: Record<string, string> = {
    "package.json": `${JSON.stringify({ type }, null, 2)}\n`,
    "tsconfig.json": `${JSON.stringify(tsconfig, null, 2)}\n`,
    ...fixture.sources,
  };
  return Object.fromEntries(
    Object.entries(files).map(([name, text]) => [join(fixture.dir, name), text]),
  );
}

/**
 * A package of `.ts` tools for `toolwright check`, of either "type", whose tool module
 * imports a schema through tsconfig.json "paths" (`@schemas/note`), not a relative path.
 */
export function checkProjectFiles(
  dir: string,
  type: "module" | "commonjs",
): Record<string, string> {
  const tsconfig = {
    compilerOptions: {
      module: type === "module" ? "nodenext" : "node16",
      moduleResolution: type === "module" ? "nodenext" : "node16",
      strict: true,
      paths: { "@schemas/*": ["./src/schemas/*"] },
    },
    include: ["src"],
  };
  const files = {
    "package.json": `${JSON.stringify({ type }, null, 2)}\n`,
    "tsconfig.json": `${JSON.stringify(tsconfig, null, 2)}\n`,
    "src/schemas/note.ts": [
      'import * as z from "zod";',
      "",
      'export const NoteText = z.string().describe("The note\'s text");',
      "",
    ].join("\n"),
    "src/tools.ts": [
      'import { capability, defineTool, toolbox } from "toolwright";',
      'import * as z from "zod";',
      'import { NoteText } from "@schemas/note";',
      "",
      "const addNote = defineTool({",
      '  description: "Add a note",',
      "  parameters: z.object({ text: NoteText }),",
      '  returns: z.object({ id: z.string().describe("The note\'s id") }),',
      '  execute: ({ text }) => ({ id: "note-" + text }),',
      "});",
      "",
      "export const notes = capability({",
      '  name: "notes",',
      '  description: "Notes",',
      '  toolbox: toolbox("notes", "Note tools", { add_note: addNote }),',
      "});",
      "",
    ].join("\n"),
  };
  return Object.fromEntries(Object.entries(files).map(([name, text]) => [join(dir, name), text]));
}

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as PackedManifest;
const TYPES_NODE = { "@types/node": "node_modules/@types/node" };

/**
 * The installs: every peer with Zod 4; every peer with Zod 3.25.76 as `zod`; and zod 3.23
 * and 3.24 as `zod`, each with the zod-to-json-schema release that accepts it and no SDK
 * (every SDK needs zod 3.25 or 4).
 */
export type Installs = Readonly<Record<"zod4" | "zod3" | OldZod, InstalledPackage>>;

/** The zod lines without `zod/v3`, `zod/v4` or `zod/v4/core`, by install. */
export const OLD_ZODS = { zod3_23: "3.23", zod3_24: "3.24" } as const;

export type OldZod = keyof typeof OLD_ZODS;

export const ZOD4_FIXTURES: readonly Fixture[] = [
  ...MODULE_SYSTEM_NAMES.map((system) =>
    programFixture(`consumers/zod4/${system}`, system, "zod", true),
  ),
  mcpFixture("consumers/zod4/mcp"),
  quickStartFixture("consumers/zod4/quick-start"),
];

export const ZOD3_FIXTURES: readonly Fixture[] = [
  ...MODULE_SYSTEM_NAMES.map((system) => programFixture(`consumers/zod3/${system}`, system, "zod")),
  ...MODULE_SYSTEM_NAMES.map((system) =>
    programFixture(`consumers/zod3-v4/${system}`, system, "zod/v4"),
  ),
  mcpFixture("consumers/zod3/mcp"),
];

/** consumers/program.ts under ESM nodenext and CommonJS node16, for zod 3.23 and 3.24. */
export function oldZodFixtures(install: OldZod): Fixture[] {
  return (["esm-nodenext", "cjs-node16"] as const).map((system) =>
    programFixture(`consumers/zod${OLD_ZODS[install]}/${system}`, system, "zod"),
  );
}

/**
 * An old zod and its zod-to-json-schema, from the repository's kit for that line
 * (test/package/zod-kits/: zod-to-json-schema peers on zod, so no alias of it can sit
 * beside the repository's zod 4).
 */
function oldZodDependencies(install: OldZod): Record<string, string> {
  const kit = `test/package/zod-kits/zod-${OLD_ZODS[install]}/node_modules`;
  return { zod: `${kit}/zod`, "zod-to-json-schema": `${kit}/zod-to-json-schema`, ...TYPES_NODE };
}

export const CHECK_PROJECTS = {
  module: "consumers/check-esm",
  commonjs: "consumers/check-cjs",
} as const;

function filesOf(fixtures: readonly Fixture[]): Record<string, string> {
  return Object.assign({}, ...fixtures.map(fixtureFiles));
}

/** What package.test.ts installs: the dependencies and fixture files of each install. */
export const INSTALLS: Readonly<Record<keyof Installs, InstallOptions>> = {
  zod4: {
    dependencies: { ...peerDependenciesOf(manifest), ...TYPES_NODE },
    files: {
      ...filesOf(ZOD4_FIXTURES),
      ...checkProjectFiles(CHECK_PROJECTS.module, "module"),
      ...checkProjectFiles(CHECK_PROJECTS.commonjs, "commonjs"),
    },
  },
  zod3: {
    dependencies: {
      ...peerDependenciesOf(manifest),
      zod: "node_modules/zod-3-25",
      ...TYPES_NODE,
    },
    files: filesOf(ZOD3_FIXTURES),
  },
  zod3_23: {
    dependencies: oldZodDependencies("zod3_23"),
    files: filesOf(oldZodFixtures("zod3_23")),
  },
  zod3_24: {
    dependencies: oldZodDependencies("zod3_24"),
    files: filesOf(oldZodFixtures("zod3_24")),
  },
};
