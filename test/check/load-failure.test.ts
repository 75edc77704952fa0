import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadFailure, unsupportedZod } from "../../src/check/cli/load-failure";

describe("loadFailure: why toolwright itself could not be loaded", () => {
  it("names the supported zod versions when zod cannot be found", () => {
    const error = Object.assign(
      new Error(
        "Cannot find package 'zod' imported from /app/node_modules/toolwright/dist/index.js",
      ),
      { code: "ERR_MODULE_NOT_FOUND" },
    );
    expect(loadFailure(error)).toMatch(
      /^the installed zod is not supported \(Cannot find package 'zod'.*\); toolwright needs zod \^3\.23\.0 or \^4: npm i zod@\^4$/,
    );
  });

  it("passes any other failure's message through", () => {
    expect(loadFailure(new Error("boom"))).toBe("boom");
    const other = Object.assign(new Error("Cannot find module 'openai'"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    expect(loadFailure(other)).toBe("Cannot find module 'openai'");
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(typeof loadFailure(proxy)).toBe("string");
  });
});

describe("unsupportedZod: the zod toolwright resolves, by its version", () => {
  const root = mkdtempSync(join(tmpdir(), "toolwright-zod-version-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A script inside a project whose node_modules/zod says `version` (none: no zod). */
  function scriptBeside(version: string | undefined): string {
    const project = mkdtempSync(join(root, "project-"));
    if (version !== undefined) {
      mkdirSync(join(project, "node_modules", "zod"), { recursive: true });
      const manifest = { name: "zod", version, exports: { "./package.json": "./package.json" } };
      writeFileSync(join(project, "node_modules", "zod", "package.json"), JSON.stringify(manifest));
    }
    return join(project, "cli.js");
  }

  it("refuses zod before 3.23 by its version, naming the supported ones", () => {
    expect(unsupportedZod(scriptBeside("3.22.4"))).toBe(
      "the installed zod 3.22.4 is not supported; toolwright needs zod ^3.23.0 or ^4: npm i zod@^4",
    );
    expect(unsupportedZod(scriptBeside("2.5.0"))).toMatch(/^the installed zod 2\.5\.0 /);
  });

  it("accepts zod 3.23, 3.24, 3.25 and 4", () => {
    for (const version of ["3.23.8", "3.24.4", "3.25.76", "4.0.0", "4.6.7"])
      expect(unsupportedZod(scriptBeside(version)), version).toBeUndefined();
  });

  it("leaves a project without zod to the import, which names what is missing", () => {
    expect(unsupportedZod(scriptBeside(undefined))).toBeUndefined();
  });
});
