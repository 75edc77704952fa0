/**
 * Vitest setup file: `require` loads TypeScript, so that the source's on-demand load of
 * src/zod/converters/index.ts (src/zod/load-converters.ts) works in the tests as the
 * built file's does.
 *
 * Only `.ts` files, compiled to CommonJS by esbuild: tsx's CommonJS hook would also
 * compile every ES module of node_modules that toolwright's loader requires, making each
 * a second instance (a loaded `zod/v3`'s `ZodError` would not be the test's), where
 * Node's own `require(esm)` returns the instance an `import` gets.
 */
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";

interface CompiledModule {
  _compile(code: string, filename: string): void;
}

type Loader = (module: CompiledModule, filename: string) => void;

const extensions = (Module as unknown as { _extensions: Record<string, Loader | undefined> })
  ._extensions;

if (extensions[".ts"] === undefined) {
  extensions[".ts"] = (module, filename) => {
    // Loaded on the first require of a .ts file, not in every test file's setup.
    const { transformSync } = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
    const { code } = transformSync(readFileSync(filename, "utf8"), {
      loader: "ts",
      format: "cjs",
      target: "node20",
      sourcefile: filename,
      sourcemap: "inline",
    });
    module._compile(code, filename);
  };
}
