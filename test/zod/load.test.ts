/**
 * The on-demand loader (src/zod/load.ts), in the source as vitest runs it: an ES module,
 * resolved by `import.meta.resolve` and required with Node's `require(esm)`. The built
 * files' loader (ESM and CommonJS, and without `require(esm)`) is tested on the installed
 * package, in test/package/zod-loading.test.ts.
 */
import { describe, expect, it } from "vitest";
import { z as zod3 } from "zod/v3";
import {
  canLoadModules,
  loader,
  loadModule,
  loadOwnFile,
  notLoadedReason,
} from "../../src/zod/load.js";

describe("loadModule", () => {
  it("returns the very module instance an import gets, so the user's instanceof holds", () => {
    const loaded = loadModule("zod/v3") as typeof import("zod/v3");
    expect(loaded.ZodError).toBe(zod3.ZodError);
    const result = loaded.object({ a: loaded.string() }).safeParse({ a: 1 });
    expect(result.success === false && result.error).toBeInstanceOf(zod3.ZodError);
  });

  it("loads each specifier once", () => {
    expect(loadModule("zod/v4")).toBe(loadModule("zod/v4"));
  });

  it("returns undefined for a package that is not installed, and for a subpath it does not export", () => {
    expect(loadModule("toolwright-test-no-such-package")).toBeUndefined();
    expect(loadModule("zod/no-such-subpath")).toBeUndefined();
  });

  it("throws what a module that is installed throws while it loads", () => {
    expect(() => loadModule("../../test/zod/fixtures/throws-on-load.mjs")).toThrow(
      "fixture: this module throws when it is loaded",
    );
  });

  it("is the loader the converters are handed", () => {
    expect(loader.load("zod/v3")).toBe(loadModule("zod/v3"));
    expect(loader.notLoaded("x")).toBe(notLoadedReason("x"));
  });
});

describe("what a failure says", () => {
  it("Node can load modules here, so a missing one is not installed", () => {
    expect(canLoadModules()).toBe(true);
    expect(notLoadedReason("zod-to-json-schema")).toBe(
      "zod-to-json-schema is not installed (or cannot be resolved from toolwright's files)",
    );
  });

  it("a file of toolwright's own build that is absent is named, with what to do", () => {
    const missing = new URL("./no-such-file.js", import.meta.url);
    expect(() => loadOwnFile(missing, "./no-such-file.cjs")).toThrow(
      /^toolwright's \/.*\/test\/zod\/no-such-file\.js is missing: it is loaded on demand from beside toolwright's other files; when bundling toolwright into one file, keep toolwright external or ship that file beside the bundle$/,
    );
  });

  it("without a URL to load from (a bundler made the ESM build CommonJS), says it cannot load the file", () => {
    expect(() => loadOwnFile(undefined, "./converters.cjs")).toThrow(
      "this runtime cannot load toolwright's converters: toolwright loads it on demand with Node's require (Node 20.16 or later), from beside its own files",
    );
  });
});
