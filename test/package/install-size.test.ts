/**
 * What `npm i toolwright zod` costs a user: the whole node_modules, with nothing but
 * toolwright and Zod asked for, stays small, and nothing in it runs an install script or
 * ships a native binary.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPackage } from "./installed-package";

/** The bar for `npm i toolwright zod`. */
const MAX_BYTES = 11 * 1024 * 1024;
const INSTALL_TIMEOUT = 300_000;

let pkg: InstalledPackage;

beforeAll(async () => {
  pkg = await installPackage({ dependencies: { zod: "node_modules/zod" } });
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
