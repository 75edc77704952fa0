/**
 * jose, an optional peer dependency, as the installed package loads it: importing
 * `toolwright/mcp` and building a `jwtVerifier` never loads it, in ESM and in CommonJS;
 * the first token verified does, in both builds, through a dynamic `import()` (so the
 * CommonJS build needs no `require(esm)`: it verifies with Node's flag turning it off);
 * and where jose cannot be resolved, `verify` rejects naming the package to install.
 *
 * probes/jwt-program.cjs is the program (it signs with node:crypto, never with jose),
 * run by jwt-program.mjs and jwt-program-require.cjs under the load recorder.
 *
 * @module
 */
import { describe, expect, it } from "vitest";
import type { InstalledPackage } from "./installed-package";
import { runRecorded } from "./zod-loading";

const TIMEOUT = 120_000;

/** The programs, by module format. */
const JWT_PROGRAMS = { esm: "jwt-program.mjs", cjs: "jwt-program-require.cjs" } as const;

/** What the program reports in its "verify" mode. */
const VERIFIED = {
  principal: { subject: "probe-agent", scopes: ["notes:read"] },
  refusals: ["algorithm-refused"],
};

const NEEDS_JOSE =
  "verifying a JWT access token needs jose, an optional peer dependency of toolwright: jose is not installed (or cannot be resolved from toolwright's files); install it: npm i jose";

/** The jose files among the modules a program loaded. */
function joseFiles(loaded: readonly string[]): string[] {
  return loaded.filter((path) => /^node_modules\/jose\//.test(path));
}

/** The tests, over the install with every peer (jose and the MCP SDK included). */
export function describeJwtLoading(install: () => InstalledPackage): void {
  describe("jose, loaded on demand by jwtVerifier", () => {
    it.concurrent.each(Object.entries(JWT_PROGRAMS))(
      "importing toolwright/mcp and building a verifier (%s) never loads jose",
      async (format, program) => {
        const { report, loaded } = await runRecorded(install(), program, "build");
        expect(report).toEqual({ built: true });
        // Not vacuous: the recorder sees the entry and the MCP SDK load.
        const extension = format === "esm" ? "js" : "cjs";
        expect(loaded).toContain(`node_modules/toolwright/dist/mcp.${extension}`);
        expect(loaded.some((path) => path.startsWith("node_modules/@modelcontextprotocol/"))).toBe(
          true,
        );
        expect(joseFiles(loaded)).toEqual([]);
      },
      TIMEOUT,
    );

    it.concurrent.each(Object.entries(JWT_PROGRAMS))(
      "the first token verified (%s) loads jose's ESM build, and verifies",
      async (_format, program) => {
        const { report, loaded } = await runRecorded(install(), program, "verify");
        expect(report).toEqual({ ...VERIFIED, none: undefined });
        expect(joseFiles(loaded)).toContain("node_modules/jose/dist/webapi/index.js");
      },
      TIMEOUT,
    );

    it.concurrent(
      "the CommonJS build verifies without require(esm): it imports jose",
      async () => {
        const { report } = await runRecorded(install(), JWT_PROGRAMS.cjs, "verify", [
          "--no-experimental-require-module",
        ]);
        expect(report).toEqual({ ...VERIFIED, none: undefined });
      },
      TIMEOUT,
    );

    it.concurrent.each(Object.entries(JWT_PROGRAMS))(
      "where jose cannot be resolved (%s), verify rejects naming the package to install",
      async (_format, program) => {
        const { report } = await runRecorded(install(), program, "verify-without-jose", [
          "--import",
          "./hide-jose.mjs",
        ]);
        expect(report).toEqual({ rejected: NEEDS_JOSE });
      },
      TIMEOUT,
    );
  });
}
