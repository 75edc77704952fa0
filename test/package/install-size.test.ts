/**
 * What `npm i toolwright zod` gives a user, with nothing else asked for: a small
 * node_modules with no install script and no native binary, and a `toolwright check` that
 * loads plain JavaScript as it is, TypeScript through Node's own type stripping where the
 * Node has it (Node 22, from the test/node22 leg), and otherwise says to install jiti.
 * zod-to-json-schema, an optional peer, is not installed: Zod 4 needs nothing else, and
 * projecting a `zod/v3` schema says what to install.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPackage, ROOT } from "./installed-package";
import { ZOD_PROGRAM_REPORT } from "./zod-loading";

/** The bar for `npm i toolwright zod`. */
const MAX_BYTES = 11 * 1024 * 1024;
const INSTALL_TIMEOUT = 300_000;

const TOOLS = `import { defineTool } from "toolwright";
import { z } from "zod";

export const echo = defineTool({
  description: "Echo a text",
  parameters: z.object({ text: z.string().describe("The text") }),
  execute: ({ text }: { text: string }) => text,
});
`;
const ZOD3_TOOLS = `import { defineTool } from "toolwright";
import { z } from "zod/v3";

export const echo = defineTool({
  description: "Echo a text",
  parameters: z.object({ text: z.string().describe("The text") }),
  execute: ({ text }) => text,
});
`;
const CLI = join("node_modules", "toolwright", "dist", "cli.js");
/** What the projection of a Zod 3 schema says without zod-to-json-schema. */
const NEEDS_CONVERTER =
  "projecting a Zod 3 schema needs zod-to-json-schema, an optional peer dependency of toolwright: zod-to-json-schema is not installed (or cannot be resolved from toolwright's files); install it: npm i zod-to-json-schema (on zod 3.23 or 3.24: npm i zod-to-json-schema@3.23 or zod-to-json-schema@3.24; npm would pick 3.25, whose peer range refuses those zods)";
const NODE_22 = join(ROOT, "test", "node22", "node_modules", ".bin", "node");

let pkg: InstalledPackage;

beforeAll(async () => {
  pkg = await installPackage({
    dependencies: { zod: "node_modules/zod" },
    files: {
      "tools.ts": TOOLS,
      "tools.mjs": TOOLS.replace(": { text: string }", ""),
      "zod3-tools.mjs": ZOD3_TOOLS,
    },
  });
}, INSTALL_TIMEOUT);

afterAll(() => pkg?.remove());

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** Every installed package's manifest, scoped ones included. */
function manifests(modules: string): { name: string; scripts?: Record<string, string> }[] {
  return filesUnder(modules)
    .filter((path) => path.endsWith("/package.json"))
    .map((path) => JSON.parse(readFileSync(path, "utf8")))
    .filter(
      (manifest) => typeof manifest.name === "string" && typeof manifest.version === "string",
    );
}

describe("npm i toolwright zod", () => {
  it(`installs at most ${MAX_BYTES / 1024 / 1024} MiB of node_modules`, () => {
    const modules = join(pkg.project, "node_modules");
    const bytes = filesUnder(modules).reduce((sum, path) => sum + statSync(path).size, 0);
    expect(bytes).toBeGreaterThan(1024 * 1024);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("installs nothing with an install script or a native binary", () => {
    const modules = join(pkg.project, "node_modules");
    const scripted = manifests(modules).filter((manifest) =>
      ["preinstall", "install", "postinstall"].some((hook) => manifest.scripts?.[hook]),
    );
    expect(scripted.map((manifest) => manifest.name)).toEqual([]);
    expect(filesUnder(modules).filter((path) => path.endsWith(".node"))).toEqual([]);
    const names = manifests(modules).map((manifest) => manifest.name);
    expect(names).toContain("toolwright");
    expect(names).not.toContain("esbuild");
    expect(names).not.toContain("tsx");
  });
});

describe("without zod-to-json-schema, an optional peer dependency", () => {
  it("is not installed, and a Zod 4 program works without it", async () => {
    expect(existsSync(join(pkg.project, "node_modules", "zod-to-json-schema"))).toBe(false);
    expect(await pkg.probe("zod-program.mjs", ["zod"])).toEqual(ZOD_PROGRAM_REPORT);
  });

  it("a Zod 3 tool parses, and projecting it is a SchemaProjectionError naming the package", async () => {
    expect(await pkg.probe("zod3-without-converter.mjs")).toEqual({
      call: "Oslo",
      projection: {
        name: "SchemaProjectionError",
        isProjectionError: true,
        message: `tool 'forecast' parameters cannot be projected to JSON Schema: ${NEEDS_CONVERTER}`,
      },
    });
  });

  it("toolwright check reports the Zod 3 tool it cannot project, with what to install", async () => {
    const ran = await pkg.run(process.execPath, [CLI, "check", "zod3-tools.mjs"]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(NEEDS_CONVERTER);
  });
});

describe("toolwright check without jiti", () => {
  it("loads plain JavaScript as it is", async () => {
    const ran = await pkg.run(process.execPath, [CLI, "check", "tools.mjs"]);
    expect({ code: ran.code, stdout: ran.stdout }).toEqual({
      code: 0,
      stdout: "toolwright check: 1 schema under gemini-bifrost: no findings\n",
    });
  });

  it("on a Node without type stripping, says to install jiti and exits 2", async () => {
    expect(process.features).not.toHaveProperty("typescript");
    const ran = await pkg.run(process.execPath, [CLI, "check", "tools.ts"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(
      "toolwright check loads TypeScript through jiti; install it: npm i -D jiti",
    );
  });

  it("on Node 22, loads TypeScript through Node's own type stripping", async () => {
    expect(existsSync(NODE_22), "run npm ci --prefix test/node22 (.ci/run does)").toBe(true);
    const ran = await pkg.run(NODE_22, [CLI, "check", "tools.ts"]);
    expect({ code: ran.code, stdout: ran.stdout }).toEqual({
      code: 0,
      stdout: "toolwright check: 1 schema under gemini-bifrost: no findings\n",
    });
  });
});
