/**
 * What the installed package loads, and when: a program whose schemas are all Zod 4
 * (zod 4.2 or later, classic) never loads `zod/v3`, zod-to-json-schema or the converters,
 * in ESM and in CommonJS, although all three are installed; the same program with
 * `zod/v3` schemas does load zod-to-json-schema, through the converters. Without
 * `require(esm)` (Node 20.16 to 20.18; here Node's own flag turns it off) the ESM build
 * loads the CommonJS copies instead, and the program still works. Without
 * `process.getBuiltinModule` (Node before 20.16, here deleted before the program runs)
 * the ESM build loads nothing on demand: Zod 4 works, Zod 3 fails, saying why.
 *
 * probes/record-loads.mjs, given to `node --import`, writes every module a program
 * resolves or requires to a log; probes/zod-program.cjs is the program (raw shapes and
 * z.object, Toolbox.execute and toolSet(...).call, a manual, deferred loading, every
 * target projected), run by zod-program.mjs and zod-program-require.cjs.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { InstalledPackage } from "./installed-package";

const TIMEOUT = 120_000;

/** What probes/zod-program.cjs reports, for either major. */
export const ZOD_PROGRAM_REPORT = {
  execute: { sky: "clear over Oslo" },
  refused: "ToolArgumentsError",
  call: { ok: true, value: { id: "note-a" } },
  manual: { ok: true, value: { title: "Notes", content: "# Notes\nAsk add_note." } },
  search: {
    ok: true,
    value: {
      tools: [
        { name: "forecast", summary: "Forecast the weather" },
        {
          name: "list_guide_sections",
          summary: "List the section titles of the guide manual (Weather).",
        },
      ],
      total: 2,
    },
  },
  describe: true,
  schemas: Object.fromEntries(
    ["draft-2020-12", "draft-07", "openapi-3.0"].map((target) => [
      target,
      { types: Array(10).fill("object"), city: { type: "string", description: "The city" } },
    ]),
  ),
};

/** The programs, by module format. */
export const ZOD_PROGRAMS = { esm: "zod-program.mjs", cjs: "zod-program-require.cjs" } as const;

interface LoadRun {
  readonly report: unknown;
  /** Every module the program resolved or required, as paths inside the project. */
  readonly loaded: readonly string[];
}

let runs = 0;

/** Runs a program with `zod` (a specifier) under the load recorder. */
export async function runRecorded(
  pkg: InstalledPackage,
  program: string,
  zod: string,
  nodeOptions: readonly string[] = [],
): Promise<LoadRun> {
  runs += 1;
  const log = join(pkg.project, `loads-${runs}.log`);
  const args = [...nodeOptions, "--import", "./record-loads.mjs", program, zod];
  const ran = await pkg.run(process.execPath, args, ".", { TOOLWRIGHT_LOAD_LOG: log });
  expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: "" });
  const loaded = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.replace(/^file:\/\//, "").replace(`${pkg.project}/`, ""));
  return { report: JSON.parse(ran.stdout), loaded: [...new Set(loaded)] };
}

/** Which of the modules that only Zod 3 or a schema without methods needs were loaded. */
export function onDemandModules(loaded: readonly string[]): string[] {
  const names = loaded.flatMap((path) => {
    if (/^node_modules\/zod\/v3\//.test(path)) return ["zod/v3"];
    const converter = /^node_modules\/zod-to-json-schema\/dist\/(esm|cjs)\//.exec(path);
    if (converter) return [`zod-to-json-schema (${converter[1]})`];
    const converters = /^node_modules\/toolwright\/dist\/(converters\.c?js)$/.exec(path);
    return converters ? [`toolwright/dist/${converters[1]}`] : [];
  });
  return [...new Set(names)].sort();
}

/** The tests, over the install with Zod 4 and every peer (zod-to-json-schema included). */
export function describeZodLoading(install: () => InstalledPackage): void {
  describe("what the installed package loads on demand", () => {
    it.concurrent.each(Object.entries(ZOD_PROGRAMS))(
      "a Zod 4 program (%s) never loads zod/v3, zod-to-json-schema or the converters",
      async (format, program) => {
        const { report, loaded } = await runRecorded(install(), program, "zod");
        expect(report).toEqual(ZOD_PROGRAM_REPORT);
        // Not vacuous: the recorder sees the package and zod load.
        const extension = format === "esm" ? "js" : "cjs";
        expect(loaded).toContain(`node_modules/toolwright/dist/index.${extension}`);
        expect(loaded).toContain(`node_modules/zod/index.${extension}`);
        expect(onDemandModules(loaded)).toEqual([]);
      },
      TIMEOUT,
    );

    it.concurrent.each(Object.entries(ZOD_PROGRAMS))(
      "the same program with zod/v3 schemas (%s) loads zod-to-json-schema through the converters",
      async (format, program) => {
        const { report, loaded } = await runRecorded(install(), program, "zod/v3");
        expect(report).toEqual(ZOD_PROGRAM_REPORT);
        const copy = format === "esm" ? "esm" : "cjs";
        const converters = format === "esm" ? "converters.js" : "converters.cjs";
        expect(onDemandModules(loaded)).toEqual(
          [`toolwright/dist/${converters}`, `zod-to-json-schema (${copy})`, "zod/v3"].sort(),
        );
      },
      TIMEOUT,
    );

    it.concurrent(
      "without require(esm), the ESM build loads the CommonJS copies and the program works alike",
      async () => {
        const { report, loaded } = await runRecorded(install(), ZOD_PROGRAMS.esm, "zod/v3", [
          "--no-experimental-require-module",
        ]);
        expect(report).toEqual(ZOD_PROGRAM_REPORT);
        expect(loaded).toContain("node_modules/toolwright/dist/converters.cjs");
        expect(loaded).toContain("node_modules/zod-to-json-schema/dist/cjs/index.js");
        expect(loaded).not.toContain("node_modules/toolwright/dist/converters.js");
      },
      TIMEOUT,
    );

    it.concurrent(
      "without process.getBuiltinModule, the ESM build runs a Zod 4 program and says why a Zod 3 one fails",
      async () => {
        const pkg = install();
        const before = ["--import", "data:text/javascript,delete process.getBuiltinModule;"];
        const zod4 = await pkg.run(process.execPath, [...before, ZOD_PROGRAMS.esm, "zod"]);
        expect({ code: zod4.code, stderr: zod4.stderr }).toEqual({ code: 0, stderr: "" });
        expect(JSON.parse(zod4.stdout)).toEqual(ZOD_PROGRAM_REPORT);
        const zod3 = await pkg.run(process.execPath, [...before, ZOD_PROGRAMS.esm, "zod/v3"]);
        expect(zod3.code).toBe(1);
        expect(zod3.stderr).toContain(
          "TypeError: a raw shape of Zod 3 fields needs zod/v3 to build its z.object: this runtime cannot load zod/v3: toolwright loads it on demand with Node's require (Node 20.16 or later), from beside its own files",
        );
      },
      TIMEOUT,
    );
  });
}
