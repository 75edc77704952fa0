/**
 * A zod older than 3.23, the first toolwright supports (a real zod 3.22, the repository's
 * `zod-3-22` alias): npm refuses to install toolwright beside it, by the peer range; a
 * project that forces the install gets a CLI that names the installed and the supported
 * versions and exits 2 (a load error, never the exit code of findings). zod 3.23 and 3.24
 * work: the consumer matrix runs them (consumer-fixtures.ts).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPackage } from "./installed-package";

const INSTALL_TIMEOUT = 300_000;
const OLD_ZOD = { zod: "node_modules/zod-3-22" };
const TOOLS = { "tools.mjs": 'export const nothing = { note: "no tools here" };\n' };

let pkg: InstalledPackage;

beforeAll(async () => {
  pkg = await installPackage({
    dependencies: OLD_ZOD,
    files: TOOLS,
    npmFlags: ["--legacy-peer-deps"],
  });
}, INSTALL_TIMEOUT);

afterAll(() => pkg?.remove());

describe("with zod older than 3.23", () => {
  it(
    "npm refuses the install, naming toolwright's peer range",
    async () => {
      const refused = await installPackage({ dependencies: OLD_ZOD, files: TOOLS }).then(
        (installed) => {
          installed.remove();
          return "installed";
        },
        (error: unknown) => String(error),
      );
      expect(refused).toContain("ERESOLVE");
      expect(refused).toContain('peer zod@"^3.23.0 || ^4.0.0" from toolwright');
    },
    INSTALL_TIMEOUT,
  );

  it("toolwright check, installed anyway, names the installed and the supported versions and exits 2", async () => {
    const cli = join("node_modules", "toolwright", "dist", "cli.js");
    const ran = await pkg.run(process.execPath, [cli, "check", "tools.mjs"]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toContain(
      "toolwright could not be loaded: the installed zod 3.22.4 is not supported; toolwright needs zod ^3.23.0 or ^4: npm i zod@^4",
    );
  });
});
