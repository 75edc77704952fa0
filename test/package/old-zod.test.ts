/**
 * A zod older than 3.25 (no `zod/v4/core`): the CLI says which versions toolwright needs and
 * exits 2 (a load error, never the exit code of findings). The old zod is the installed
 * one with its "exports" cut back to what zod 3.24 declared, so no network is needed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPackage } from "./installed-package";

const INSTALL_TIMEOUT = 300_000;

let pkg: InstalledPackage;

beforeAll(async () => {
  pkg = await installPackage({
    dependencies: { zod: "node_modules/zod" },
    files: {
      "tools.mjs": 'export const nothing = { note: "no tools here" };\n',
    },
  });
  const manifestPath = join(pkg.project, "node_modules", "zod", "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  // zod 3.24 exported its root and package.json only.
  manifest.version = "3.24.4";
  manifest.exports = { "./package.json": "./package.json", ".": manifest.exports["."] };
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
}, INSTALL_TIMEOUT);

afterAll(() => pkg?.remove());

describe("with zod older than 3.25", () => {
  it("toolwright check names the supported versions and exits 2", async () => {
    const cli = join("node_modules", "toolwright", "dist", "cli.js");
    const ran = await pkg.run(process.execPath, [cli, "check", "tools.mjs"]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toMatch(/the installed zod is not supported/);
    expect(ran.stderr).toMatch(/toolwright needs zod \^3\.25\.28 or \^4/);
  });
});
