/**
 * The package as a user gets it: packed by `npm pack`, installed by npm into a fresh
 * project, loaded by plain Node with `import` and with `require`.
 *
 * - package.json "exports" and "bin", the build entries (tsup.config.ts), tsconfig.json
 *   "paths" and the tarball agree, and the tarball holds only what the entries load;
 * - every class is defined once per module format;
 * - every subpath loads in both formats, with the exports its declarations promise, and
 *   objects built with the root entry work through every other entry;
 * - in one process holding both formats, `instanceof` holds across the two copies.
 *
 * Runs on the dist/ that `npm run build` left (npm test builds first). Never builds,
 * never uses the network.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entries, isBin, isInternal, specifierOf } from "../../tsup.config";
import { INSTALLS, type Installs, MODULE_SYSTEM_NAMES, MODULE_SYSTEMS } from "./consumer-fixtures";
import { describeConsumerMatrix } from "./consumer-matrix";
import { declaredValueExports, type LoadMode, resolveTypes } from "./declared-exports";
import { definesClass, kindOf, linksOf, reachable, specifiersOf } from "./dist-links";
import { type InstalledPackage, installPackage, ROOT } from "./installed-package";
import { describeJwtLoading } from "./jwt-loading";
import { describeZodLoading } from "./zod-loading";

// Packing and an offline install of ~160 packages: ~15 s alone, ~25 s for the two installs
// at once, more beside other tests; removing them takes seconds too.
const INSTALL_TIMEOUT = 300_000;
const PROBE_TIMEOUT = 120_000;
const ATTW = join(ROOT, "node_modules", "@arethetypeswrong", "cli", "dist", "index.js");

type Entry = (typeof entries)[number];
type SubpathEntry = Extract<Entry, { subpath: string }>;

const subpathEntries = entries.filter(
  (entry): entry is SubpathEntry => entry.subpath !== undefined,
);
const binEntries = entries.filter(isBin);
const internalEntries = entries.filter(isInternal);

/** Every branded class, and the entry that defines (and exports) it. */
const CLASSES = {
  Toolbox: "index",
  ManualToolbox: "index",
  Playbook: "index",
  Capability: "index",
  Manual: "index",
  TextManual: "index",
  SessionScope: "index",
  ToolwrightError: "index",
  ToolArgumentsError: "index",
  ToolError: "index",
  ToolOutputError: "index",
  UnknownToolError: "index",
  SchemaProjectionError: "index",
  ScopeUnavailableError: "index",
  ScopeValidationError: "index",
  ToolTimeoutError: "index",
  ClientRequestError: "index",
  PartialResultError: "index",
  ApprovalRequiredError: "index",
  ToolForbiddenError: "index",
  ClientToolError: "index",
  StrictSchemaError: "index",
} as const satisfies Record<string, Entry["name"]>;
const CLASS_NAMES = Object.keys(CLASSES).sort();

let installs: Partial<Record<keyof Installs, InstalledPackage>> = {};
let pkg: InstalledPackage;

// The installs at once: every peer with Zod 4 (`pkg`, for the tests in this file, the
// loading tests and the consumer matrix); every peer with Zod 3.25 as `zod`, and zod 3.23
// and 3.24 each with its zod-to-json-schema (the matrix only).
beforeAll(async () => {
  const names = Object.keys(INSTALLS) as (keyof Installs)[];
  const settled = await Promise.allSettled(names.map((name) => installPackage(INSTALLS[name])));
  installs = Object.fromEntries(
    settled.flatMap((install, index) =>
      install.status === "fulfilled" ? [[names[index], install.value]] : [],
    ),
  );
  for (const install of settled) {
    if (install.status === "rejected") throw install.reason;
  }
  pkg = installs.zod4 as InstalledPackage;
}, INSTALL_TIMEOUT);

afterAll(() => {
  for (const install of Object.values(installs)) install?.remove();
}, INSTALL_TIMEOUT);

/** The text of a file of the installed package, or `undefined` when the tarball lacks it. */
function read(path: string): string | undefined {
  return pkg.tarballFiles.includes(path)
    ? readFileSync(join(pkg.packageDir, path), "utf8")
    : undefined;
}

/** The JavaScript files of the tarball, sorted. */
function javascriptFiles(): string[] {
  return pkg.tarballFiles.filter((path) => kindOf(path) === "esm" || kindOf(path) === "cjs");
}

/** What "exports" must say of an entry: each format's build and its declarations. */
function exportsOf(name: string) {
  return {
    import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
    require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
  };
}

/** Every file path a conditional "exports" value names, depth first. */
function targetsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(targetsOf);
}

/** Every file package.json names: export targets, bins, main, module and types. */
function namedFiles(): string[] {
  const { exports, bin, main, module, types } = pkg.manifest as Record<string, unknown>;
  const named = [...targetsOf(exports), ...targetsOf(bin), ...targetsOf([main, module, types])];
  return [...new Set(named.map((path) => path.replace(/^\.\//, "")))].sort();
}

describe("package.json, the build entries, tsconfig.json and the tarball agree", () => {
  it("exports each subpath entry's ESM and CommonJS build with its declarations, types first", () => {
    const exports = pkg.manifest.exports as Record<string, Record<string, Record<string, string>>>;
    expect(exports).toEqual({
      ...Object.fromEntries(subpathEntries.map((entry) => [entry.subpath, exportsOf(entry.name)])),
      "./package.json": "./package.json",
    });
    // Node and TypeScript take the first condition that matches: types before default.
    for (const entry of subpathEntries) {
      expect(Object.values(exports[entry.subpath] ?? {}).map(Object.keys)).toEqual([
        ["types", "default"],
        ["types", "default"],
      ]);
    }
  });

  it("bin runs the ESM build of each entry without a subpath; main, module and types are the root's", () => {
    const { bin, main, module, types } = pkg.manifest as Record<string, unknown>;
    expect(Object.values(bin as Record<string, string>)).toEqual(
      binEntries.map((entry) => `./dist/${entry.name}.js`),
    );
    const root = exportsOf("index");
    expect({ main, module, types }).toEqual({
      main: root.require.default,
      module: root.import.default,
      types: root.import.types,
    });
  });

  it("tsconfig.json paths map each subpath's specifier to the source its entry builds from", () => {
    const { config, error } = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
    expect(error).toBeUndefined();
    expect(config.compilerOptions.paths).toEqual(
      Object.fromEntries(
        subpathEntries.map((entry) => [specifierOf(entry.subpath), [`./${entry.source}`]]),
      ),
    );
  });

  it("the tarball holds every file package.json names", () => {
    expect(namedFiles().filter((path) => !pkg.tarballFiles.includes(path))).toEqual([]);
  });

  it("the tarball holds package.json, the readme, the docs, and exactly what the named files load", () => {
    const always = pkg.tarballFiles.filter((path) =>
      /^(package\.json|readme|licen[cs]e|docs\/[\w-]+\.md$)/i.test(path),
    );
    const { found, broken } = reachable([...always, ...namedFiles()], read);
    expect(broken).toEqual([]);
    expect(pkg.tarballFiles).toEqual(found);
  });

  it("each internal entry is built in both formats without declarations, named by no export or bin, and loaded by the root entry of its own format", () => {
    expect(internalEntries.map((entry) => entry.name)).toEqual(["converters"]);
    const named = namedFiles();
    for (const { name } of internalEntries) {
      const files = pkg.tarballFiles.filter((path) => path.startsWith(`dist/${name}.`));
      expect(files).toEqual([
        `dist/${name}.cjs`,
        `dist/${name}.cjs.map`,
        `dist/${name}.js`,
        `dist/${name}.js.map`,
      ]);
      expect(named.filter((path) => files.includes(path))).toEqual([]);
      expect(linksOf("dist/index.js", read("dist/index.js") ?? "")).toContain(`dist/${name}.js`);
      expect(linksOf("dist/index.cjs", read("dist/index.cjs") ?? "")).toContain(`dist/${name}.cjs`);
    }
  });

  it("the tarball holds no sources, tests or tooling, only built files and the docs", () => {
    const built = /^dist\/[\w-]+\.(js|cjs|d\.ts|d\.cts|js\.map|cjs\.map)$/;
    const other = /^(package\.json|README\.md|LICENSE|docs\/[\w-]+\.md)$/;
    expect(pkg.tarballFiles.filter((path) => !built.test(path) && !other.test(path))).toEqual([]);
  });
});

describe("what TypeScript and the package linters see", () => {
  it("typesVersions maps each subpath to its .d.ts, for TypeScript's node10 resolution", () => {
    expect(pkg.manifest.typesVersions).toEqual({
      "*": Object.fromEntries(
        subpathEntries
          .filter((entry) => entry.subpath !== ".")
          .map((entry) => [entry.subpath.slice(2), [`./dist/${entry.name}.d.ts`]]),
      ),
    });
  });

  it(
    "are-the-types-wrong finds no problem with any entry under node10, node16 (CJS, ESM) or bundler",
    async () => {
      const result = await pkg.run(process.execPath, [ATTW, pkg.tarball, "--format", "json"]);
      const { analysis, problems } = JSON.parse(result.stdout) as {
        analysis: { entrypoints: Record<string, { resolutions: Record<string, unknown> }> };
        problems: Record<string, unknown>;
      };
      expect(problems).toEqual({});
      expect(result.code).toBe(0);
      const checked = Object.fromEntries(
        Object.entries(analysis.entrypoints).map(([subpath, entry]) => [
          subpath,
          Object.keys(entry.resolutions).sort(),
        ]),
      );
      const kinds = ["bundler", "node10", "node16-cjs", "node16-esm"];
      expect(checked).toEqual(
        Object.fromEntries(
          [...subpathEntries.map((entry) => entry.subpath), "./package.json"].map((subpath) => [
            subpath,
            kinds,
          ]),
        ),
      );
    },
    PROBE_TIMEOUT,
  );

  it(
    "every entry's declarations type-check with skipLibCheck off, under each module system",
    async () => {
      // A project that keeps skipLibCheck off checks our .d.ts and .d.cts files as its own:
      // gemini.d.cts once failed TS1479 under node16 (an ESM-typed import from CommonJS).
      // The SDKs' own declarations are theirs to fix, so only errors in dist/ count.
      const imports = subpathEntries
        .map((entry, index) => `import type * as e${index} from "${specifierOf(entry.subpath)}";`)
        .concat(`export type All = [${subpathEntries.map((_, index) => `typeof e${index}`)}];`)
        .join("\n");
      const errors = await Promise.all(
        MODULE_SYSTEM_NAMES.map(async (system) => {
          const { type, module, moduleResolution } = MODULE_SYSTEMS[system];
          const dir = join(pkg.project, `lib-check-${system}`);
          const compilerOptions = {
            module,
            moduleResolution,
            target: "es2022",
            lib: ["es2022"],
            types: ["node"],
            strict: true,
            skipLibCheck: false,
            noEmit: true,
          };
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, "package.json"), JSON.stringify({ type }));
          writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions }));
          writeFileSync(join(dir, "entries.ts"), `${imports}\n`);
          const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
          const run = await pkg.run(process.execPath, [tsc, "-p", dir]);
          const ours = run.stdout.split("\n").filter((line) => line.includes("toolwright/dist/"));
          return [system, ours] as const;
        }),
      );
      expect(Object.fromEntries(errors)).toEqual(
        Object.fromEntries(MODULE_SYSTEM_NAMES.map((system) => [system, []])),
      );
    },
    PROBE_TIMEOUT,
  );

  it("publint reports nothing, suggestions included", async () => {
    const { messages, pkg: manifest } = await publint({ pkgDir: pkg.packageDir, pack: false });
    expect(messages.map((message) => formatMessage(message, manifest))).toEqual([]);
  });
});

describe("one copy of each class per module format", () => {
  it("each class is defined by its entry's ESM file and its entry's CommonJS file, nowhere else", () => {
    // ESM code splitting could move a class into a shared chunk: still one copy, but
    // then this expectation must name the chunk.
    const definedIn = Object.fromEntries(
      CLASS_NAMES.map((name) => [
        name,
        javascriptFiles().filter((path) => definesClass(read(path) ?? "", name)),
      ]),
    );
    expect(definedIn).toEqual(
      Object.fromEntries(
        CLASS_NAMES.map((name) => {
          const entry = CLASSES[name as keyof typeof CLASSES];
          return [name, [`dist/${entry}.cjs`, `dist/${entry}.js`]];
        }),
      ),
    );
  });

  it("each file loads only siblings of its own format, and none loads toolwright by name", () => {
    const sameFormat: Record<string, readonly string[]> = {
      esm: ["esm", "map"],
      cjs: ["cjs", "map"],
      "esm-types": ["esm-types"],
      "cjs-types": ["cjs-types"],
    };
    const wrong: string[] = [];
    for (const path of pkg.tarballFiles.filter((file) => kindOf(file) in sameFormat)) {
      const text = read(path) ?? "";
      for (const link of linksOf(path, text)) {
        if (!sameFormat[kindOf(path)]?.includes(kindOf(link))) wrong.push(`${path} loads ${link}`);
      }
      for (const specifier of specifiersOf(text)) {
        if (/^toolwright(\/|$)/.test(specifier)) wrong.push(`${path} loads ${specifier}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the entries load the same sibling entries in both formats: dist/mcp.cjs loads ./index.cjs", () => {
    const names = new Set<string>(subpathEntries.map((entry) => entry.name));
    const graph = (extension: "js" | "cjs") =>
      Object.fromEntries(
        [...names].map((name) => {
          const path = `dist/${name}.${extension}`;
          const siblings = linksOf(path, read(path) ?? "")
            .map((link) => link.replace(/^dist\/|\.c?js$/g, ""))
            .filter((link) => names.has(link));
          return [name, siblings];
        }),
      );
    const esm = graph("js");
    expect(graph("cjs")).toEqual(esm);
    expect(esm.mcp).toContain("index");
    expect(read("dist/mcp.cjs")).toMatch(/\brequire\(['"]\.\/index\.cjs['"]\)/);
  });
});

/** What a load probe prints: each subpath's resolved file and exports, and the cross-entry facts. */
interface LoadReport {
  readonly namespaces: Record<
    string,
    {
      readonly file: string;
      readonly exports: string[];
      readonly classes: string[];
      readonly classNames: Record<string, string>;
    }
  >;
  readonly crossEntry: unknown;
}

describe("every subpath, loaded by Node with import and with require", () => {
  const loaded = {} as Record<LoadMode, LoadReport>;
  const specifiers = () =>
    Object.keys(pkg.manifest.exports as object)
      .filter((subpath) => subpath !== "./package.json")
      .map(specifierOf);

  beforeAll(async () => {
    const [withImport, withRequire] = await Promise.all([
      pkg.probe("load-with-import.mjs", specifiers()),
      pkg.probe("load-with-require.cjs", specifiers()),
    ]);
    loaded.import = withImport as LoadReport;
    loaded.require = withRequire as LoadReport;
  }, PROBE_TIMEOUT);

  /** Each subpath's value, as `pick` reads it from the report of one mode. */
  function bySubpath<T>(mode: LoadMode, pick: (namespace: LoadReport["namespaces"][string]) => T) {
    return Object.fromEntries(
      Object.entries(loaded[mode].namespaces).map(([specifier, namespace]) => [
        specifier,
        pick(namespace),
      ]),
    );
  }

  it("resolves each subpath to its entry's build: .js for import, .cjs for require", () => {
    for (const [mode, extension] of [
      ["import", "js"],
      ["require", "cjs"],
    ] as const) {
      expect(bySubpath(mode, (namespace) => relative(pkg.packageDir, namespace.file))).toEqual(
        Object.fromEntries(
          subpathEntries.map((entry) => [
            specifierOf(entry.subpath),
            `dist/${entry.name}.${extension}`,
          ]),
        ),
      );
    }
  });

  it("TypeScript resolves each subpath's types to its .d.ts for import and its .d.cts for require", () => {
    for (const [mode, extension] of [
      ["import", "d.ts"],
      ["require", "d.cts"],
    ] as const) {
      const resolved = Object.fromEntries(
        specifiers().map((specifier) => {
          const file = resolveTypes(pkg.project, specifier, mode);
          return [specifier, file === undefined ? undefined : relative(pkg.packageDir, file)];
        }),
      );
      expect(resolved).toEqual(
        Object.fromEntries(
          subpathEntries.map((entry) => [
            specifierOf(entry.subpath),
            `dist/${entry.name}.${extension}`,
          ]),
        ),
      );
    }
  });

  it("import, require and the declarations name the same exports for every subpath", () => {
    const byImport = bySubpath("import", (namespace) => namespace.exports);
    expect(bySubpath("require", (namespace) => namespace.exports)).toEqual(byImport);
    for (const mode of ["import", "require"] as const) {
      const files = specifiers().map(
        (specifier) => resolveTypes(pkg.project, specifier, mode) ?? specifier,
      );
      const declared = declaredValueExports(files);
      const declaredBySubpath = Object.fromEntries(
        specifiers().map((specifier, index) => [specifier, declared.get(files[index] ?? "")]),
      );
      expect(declaredBySubpath).toEqual(byImport);
    }
    // Not vacuous: the root exports its classes and factories.
    expect(byImport.toolwright).toEqual(expect.arrayContaining(["Toolbox", "toolbox", "toolSet"]));
  });

  it("every exported class keeps its own name, as stack traces and constructor.name show it", () => {
    for (const mode of ["import", "require"] as const) {
      const names = Object.assign({}, ...Object.values(bySubpath(mode, (n) => n.classNames)));
      expect(Object.keys(names).sort()).toEqual(CLASS_NAMES);
      expect(names).toEqual(Object.fromEntries(CLASS_NAMES.map((name) => [name, name])));
    }
  });

  it("the classes the entries export are exactly the branded classes these tests cover", () => {
    for (const mode of ["import", "require"] as const) {
      const exported = Object.values(bySubpath(mode, (namespace) => namespace.classes)).flat();
      expect([...new Set(exported)].sort()).toEqual(CLASS_NAMES);
    }
  });

  it("objects built with the root entry work through every other entry, in each format", () => {
    const names = ["add_note", "broken_note", "echo", "list_guide_sections", "read_guide_section"];
    const expected = {
      sameLinter: true,
      oneStrictSchemaError: true,
      strictSchemaErrorIsToolwrightError: true,
      strictSchemaErrorCode: "STRICT_SCHEMA",
      toolSet: names,
      mcp: { tools: names, structuredContent: { id: "note-e" } },
      openai: {
        tools: names,
        call: { role: "tool", tool_call_id: "call_1", content: JSON.stringify({ id: "note-a" }) },
      },
      anthropic: {
        tools: names,
        call: {
          type: "tool_result",
          tool_use_id: "use_1",
          content: JSON.stringify({ id: "note-b" }),
        },
      },
      gemini: { tools: names, call: { name: "add_note", response: { output: { id: "note-c" } } } },
      aiSdk: { tools: names, call: { id: "note-d" } },
      check: { found: true, toolsChecked: names.length },
    };
    expect(loaded.import.crossEntry).toEqual(expected);
    expect(loaded.require.crossEntry).toEqual(expected);
  });
});

/** What the both-formats probe prints. */
interface BothFormatsReport {
  readonly classes: Record<string, Record<string, boolean>>;
  readonly errors: string[];
  readonly notToolwrightErrors: string[];
  readonly wronglyInstances: string[];
  /** Whether each copy's Anthropic strict-schema error is each copy's StrictSchemaError. */
  readonly anthropicStrict: boolean[];
  readonly mixed: Record<string, unknown>;
}

describe("both formats in one process: the ESM copy and the CommonJS copy", () => {
  let report: BothFormatsReport;

  beforeAll(async () => {
    report = (await pkg.probe("both-formats.mjs")) as BothFormatsReport;
  }, PROBE_TIMEOUT);

  it("an instance made by either copy is instanceof the class of the other, for every branded class", () => {
    const holds = {
      twoCopies: true,
      esmInstanceOfEsm: true,
      cjsInstanceOfCjs: true,
      cjsInstanceOfEsm: true,
      esmInstanceOfCjs: true,
    };
    expect(report.classes).toEqual(Object.fromEntries(CLASS_NAMES.map((name) => [name, holds])));
  });

  it("every error one copy raises is a ToolwrightError of the other", () => {
    // A ToolError is the tool's own failure, not one toolwright raises: no ToolwrightError.
    expect(report.errors.sort()).toEqual(
      CLASS_NAMES.filter((name) => name.endsWith("Error") && name !== "ToolError"),
    );
    expect(report.notToolwrightErrors).toEqual([]);
  });

  it("the brand answers for its own class only", () => {
    expect(report.wronglyInstances).toEqual([]);
  });

  it("both strict adapters throw the one StrictSchemaError, as seen from either copy", () => {
    expect(report.anthropicStrict).toEqual([true, true, true, true]);
  });

  it("a capability of one copy works through the other copy's toolSet", () => {
    expect(report.mixed).toEqual({
      esmToolSetOverCjsCapability: { ok: true, value: { id: "note-x" } },
      cjsToolSetOverEsmCapability: { ok: true, value: { id: "note-y" } },
    });
  });
});

describe("the bin", () => {
  it(
    "toolwright check, run from node_modules/.bin, sweeps a module that imports the installed package",
    async () => {
      const result = await pkg.run(join(pkg.project, "node_modules", ".bin", "toolwright"), [
        "check",
        "notes-tools.mjs",
      ]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(result.stdout).toMatch(/^toolwright check: 2 schemas under [\w-]+: no findings$/m);
    },
    PROBE_TIMEOUT,
  );
});

/** A weather module as a project would write it, at one step of its history. */
function weatherModule(step: "v1" | "required" | "optional" | "reworded"): string {
  const days = { required: "days: z.number(), ", optional: "days: z.number().optional(), " };
  const fields = step === "required" || step === "optional" ? days[step] : "";
  return [
    'import { capability, defineTool, toolbox } from "toolwright";',
    'import * as z from "zod";',
    "export const weather = capability({",
    '  name: "weather", description: "Weather",',
    '  toolbox: toolbox("weather", "Weather tools", {',
    `    forecast: defineTool({ description: "${step === "reworded" ? "The forecast for a city" : "Forecast"}",`,
    `      parameters: z.object({ ${fields}city: z.string() }),`,
    "      execute: ({ city }) => ({ city }) }),",
    "  }),",
    "});",
    "",
  ].join("\n");
}

describe("the contract lock, from the installed bin", () => {
  const lockCheck = async (step: Parameters<typeof weatherModule>[0], ...extra: string[]) => {
    mkdirSync(join(pkg.project, "lock-project"), { recursive: true });
    writeFileSync(join(pkg.project, "lock-project", "weather.mjs"), weatherModule(step));
    const bin = join(pkg.project, "node_modules", ".bin", "toolwright");
    const args = ["check", "--target", "mcp", "--lock", "toolwright.lock.json", "weather.mjs"];
    return pkg.run(bin, [...args, ...extra], "lock-project");
  };

  it(
    "fails a new required argument as breaking, passes an optional one with --lock-allow compatible, and calls a reworded description cosmetic and a prompt-cache change",
    async () => {
      expect((await lockCheck("v1", "--update-lock")).code).toBe(0);
      expect((await lockCheck("v1")).code).toBe(0);

      const required = await lockCheck("required");
      expect(required.code).toBe(1);
      expect(required.stdout).toContain(
        "weather.mjs: lock weather / mcp / forecast.parameters $: breaking — new required property 'days'",
      );

      const optional = await lockCheck("optional", "--lock-allow", "compatible");
      expect(optional.code).toBe(0);
      expect(optional.stdout).toContain("compatible (allowed)");

      const reworded = await lockCheck("reworded");
      expect(reworded.code).toBe(1);
      expect(reworded.stdout).toContain("forecast $: cosmetic — description changed");
      expect(reworded.stdout).toMatch(
        /lock weather \/ mcp: listing bytes changed \(prompt cache\)/,
      );
      expect((await lockCheck("reworded", "--lock-allow", "cosmetic")).code).toBe(0);
    },
    PROBE_TIMEOUT,
  );
});

describeZodLoading(() => pkg);

describeJwtLoading(() => pkg);

describeConsumerMatrix((): Installs => installs as Installs);
