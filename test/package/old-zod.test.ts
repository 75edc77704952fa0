/**
 * A zod older than 3.23, the first toolwright supports (a real zod 3.22, the repository's
 * `zod-3-22` alias): npm refuses to install toolwright beside it, by the peer range; a
 * project that forces the install gets a CLI that names the installed and the supported
 * versions and exits 2 (a load error, never the exit code of findings). zod 3.23 and 3.24
 * work: the consumer matrix runs them (consumer-fixtures.ts).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledPackage, installPackage, ROOT } from "./installed-package";

const INSTALL_TIMEOUT = 300_000;
const OLD_ZOD = { zod: "node_modules/zod-3-22" };
const TOOLS = { "tools.mjs": 'export const nothing = { note: "no tools here" };\n' };

let pkg: InstalledPackage;

/**
 * A registry on 127.0.0.1 that answers for zod alone, with the two versions the repository
 * locks (3.22.4 and 4.6.7). To explain a peer conflict npm looks for a zod toolwright
 * accepts, and the tests run offline: this is the packument the public registry would give,
 * cut to what the question needs. It stops when the test closes it.
 */
async function zodRegistry(): Promise<{ url: string; close(): void }> {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version: string; integrity: string }>;
  };
  const versions = Object.fromEntries(
    ["node_modules/zod-3-22", "node_modules/zod"].map((key) => {
      const { version, integrity } = lock.packages[key] ?? { version: "", integrity: "" };
      const tarball = `https://registry.npmjs.org/zod/-/zod-${version}.tgz`;
      return [version, { name: "zod", version, dist: { tarball, integrity } }];
    }),
  );
  const packument = JSON.stringify({ name: "zod", "dist-tags": { latest: "4.6.7" }, versions });
  const server = createServer((request, response) => {
    const known = request.url === "/zod";
    response.writeHead(known ? 200 : 404, { "content-type": "application/json" });
    response.end(known ? packument : "{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

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
      const registry = await zodRegistry();
      const npmFlags = ["--no-offline", `--registry=${registry.url}`];
      const refused = await installPackage({ dependencies: OLD_ZOD, files: TOOLS, npmFlags })
        .then(
          (installed) => {
            installed.remove();
            return "installed";
          },
          (error: unknown) => String(error),
        )
        .finally(() => registry.close());
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
