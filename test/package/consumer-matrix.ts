/**
 * The consumer matrix: the installed package used as users use it, by projects of each
 * module system (ESM with `moduleResolution` bundler and nodenext, CommonJS with node16
 * and node10) and each supported Zod (4, and 3.25 through both `zod` and `zod/v4`), and
 * zod 3.23 and 3.24 (ESM nodenext and CommonJS node16), which have no `zod/v3`, `zod/v4`
 * or `zod/v4/core`.
 * Each fixture is type-checked and compiled by tsc with its own tsconfig.json, and its
 * programs run with node. Also: both formats in one process under Zod 3.25, the MCP
 * SDK's client over `zod/v3` bounds and tuples, `toolwright check` over `.ts` tools
 * with tsconfig "paths", and the README's quick start under nodenext.
 *
 * One install per Zod, shared by all its fixtures (see package.test.ts).
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHECK_PROJECTS,
  type Fixture,
  type Installs,
  OLD_ZODS,
  type OldZod,
  oldZodFixtures,
  ZOD3_FIXTURES,
  ZOD4_FIXTURES,
} from "./consumer-fixtures";
import { type InstalledPackage, ROOT } from "./installed-package";
import { onDemandModules, runRecorded, ZOD_PROGRAM_REPORT, ZOD_PROGRAMS } from "./zod-loading";

const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const FIXTURE_TIMEOUT = 120_000;

/** What consumers/program.ts prints, in every fixture. */
const PROGRAM_REPORT = {
  names: ["add_note"],
  call: { ok: true, value: { id: "note-a-1" } },
  rejected: false,
  parameters: expect.objectContaining({
    type: "object",
    properties: {
      text: { type: "string", description: "The note's text" },
      tags: {
        type: "array",
        items: { type: "string", description: "A tag" },
        description: "The note's tags",
      },
    },
    required: ["text", "tags"],
  }),
  lint: [],
  sweep: 1,
};

/** What consumers/hosts.ts prints. */
const HOSTS_REPORT = {
  openai: ["echo"],
  openaiCall: { role: "tool", tool_call_id: "call_1", content: '{"text":"hi"}' },
  anthropic: ["echo"],
  gemini: ["echo"],
  aiSdk: ["echo"],
  mcp: "function",
};

/** Type-checks and compiles a fixture with its tsconfig.json; its programs' JSON reports. */
async function compileAndRun(pkg: InstalledPackage, fixture: Fixture): Promise<unknown[]> {
  const compiled = await pkg.run(process.execPath, [TSC, "-p", fixture.dir]);
  expect({ code: compiled.code, errors: compiled.stdout + compiled.stderr }).toEqual({
    code: 0,
    errors: "",
  });
  const reports: unknown[] = [];
  for (const program of fixture.programs) {
    const ran = await pkg.run(process.execPath, [program], fixture.dir);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: "" });
    reports.push(JSON.parse(ran.stdout));
  }
  return reports;
}

/** What consumers/mcp-bounds.ts must print: 2020-12 bounds and tuples the client reads. */
function expectMcpBounds(report: unknown): void {
  const slot = {
    type: "array",
    prefixItems: [
      { type: "string", description: "Start, HH:MM" },
      { type: "string", description: "End, HH:MM" },
    ],
    description: "The booked slot",
  };
  expect(report).toEqual({
    tools: [
      {
        name: "book_room",
        inputSchema: expect.objectContaining({
          type: "object",
          properties: {
            seats: expect.objectContaining({ type: "integer", exclusiveMinimum: 0 }),
            floor: expect.objectContaining({
              type: "number",
              exclusiveMinimum: 0,
              exclusiveMaximum: 10,
            }),
            slot: expect.objectContaining(slot),
          },
        }),
        outputSchema: expect.objectContaining({
          type: "object",
          properties: {
            seats: expect.objectContaining({ type: "number", exclusiveMinimum: 0 }),
            slot: expect.objectContaining(slot),
          },
        }),
      },
    ],
    booked: { isError: false, structuredContent: { seats: 3, slot: ["09:00", "10:00"] } },
    refused: { isError: true },
  });
}

function describeFixtures(
  installs: () => Installs,
  install: keyof Installs,
  fixtures: readonly Fixture[],
) {
  for (const fixture of fixtures) {
    const what = fixture.programs.length === 0 ? "type-checks" : "type-checks, compiles and runs";
    it.concurrent(
      `${fixture.dir} (${fixture.system}) ${what}`,
      async () => {
        const reports = await compileAndRun(installs()[install], fixture);
        for (const [index, report] of reports.entries()) {
          const program = fixture.programs[index];
          if (program === "out/mcp-bounds.js") expectMcpBounds(report);
          else if (program === "out/hosts.js") expect(report).toEqual(HOSTS_REPORT);
          else expect(report).toEqual(PROGRAM_REPORT);
        }
      },
      FIXTURE_TIMEOUT,
    );
  }
}

/** The matrix's tests, over the installs package.test.ts made. */
export function describeConsumerMatrix(installs: () => Installs): void {
  describe("consumers with Zod 4, per module system", () => {
    describeFixtures(installs, "zod4", ZOD4_FIXTURES);
  });

  describe("consumers with Zod 3.25 as zod, through zod (Zod 3) and zod/v4, per module system", () => {
    describeFixtures(installs, "zod3", ZOD3_FIXTURES);

    it(
      "both formats in one process: instanceof holds across the copies, with Zod 3 schemas",
      async () => {
        const report = (await installs().zod3.probe("both-formats.mjs")) as {
          notToolwrightErrors: string[];
          wronglyInstances: string[];
          mixed: unknown;
        };
        expect(report.notToolwrightErrors).toEqual([]);
        expect(report.wronglyInstances).toEqual([]);
        expect(report.mixed).toEqual({
          esmToolSetOverCjsCapability: { ok: true, value: { id: "note-x" } },
          cjsToolSetOverEsmCapability: { ok: true, value: { id: "note-y" } },
        });
      },
      FIXTURE_TIMEOUT,
    );
  });

  for (const [install, line] of Object.entries(OLD_ZODS) as [OldZod, string][]) {
    describe(`consumers with zod ${line} as zod, and the zod-to-json-schema of that line`, () => {
      describeFixtures(installs, install, oldZodFixtures(install));

      it.concurrent(
        "toolwright check sweeps a module of tools written with it",
        async () => {
          const pkg = installs()[install];
          const bin = join(pkg.project, "node_modules", ".bin", "toolwright");
          const result = await pkg.run(bin, ["check", "notes-tools.mjs"]);
          expect(result).toMatchObject({ code: 0, stderr: "" });
          expect(result.stdout).toMatch(/^toolwright check: 2 schemas under [\w-]+: no findings$/m);
        },
        FIXTURE_TIMEOUT,
      );

      it.concurrent.each(Object.entries(ZOD_PROGRAMS))(
        "raw shapes, a manual and the catalog's tools (%s) work with the root's Zod 3, projected by its zod-to-json-schema",
        async (format, program) => {
          const pkg = installs()[install];
          const { report, loaded } = await runRecorded(pkg, program, "zod");
          expect(report).toEqual(ZOD_PROGRAM_REPORT);
          const copy = format === "esm" ? "esm" : "cjs";
          const converters = format === "esm" ? "converters.js" : "converters.cjs";
          expect(onDemandModules(loaded)).toEqual([
            `toolwright/dist/${converters}`,
            `zod-to-json-schema (${copy})`,
          ]);
          const converter = JSON.parse(
            readFileSync(
              join(pkg.project, "node_modules", "zod-to-json-schema", "package.json"),
              "utf8",
            ),
          ) as { version: string };
          expect(converter.version.startsWith(`${line}.`)).toBe(true);
        },
        FIXTURE_TIMEOUT,
      );
    });
  }

  describe("toolwright check over .ts tools importing through tsconfig paths", () => {
    for (const [type, dir] of Object.entries(CHECK_PROJECTS)) {
      it.concurrent(
        `in a "type": "${type}" package`,
        async () => {
          const pkg = installs().zod4;
          const bin = join(pkg.project, "node_modules", ".bin", "toolwright");
          const result = await pkg.run(bin, ["check", "src/tools.ts"], dir);
          expect(result).toMatchObject({ code: 0, stderr: "" });
          expect(result.stdout).toMatch(/^toolwright check: 2 schemas under [\w-]+: no findings$/m);
        },
        FIXTURE_TIMEOUT,
      );
    }
  });
}
