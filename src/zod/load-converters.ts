/**
 * Loading the converters (`./converters/`) the first time a schema needs them: a Zod 3
 * schema, or a Zod 4 schema without methods of its own. A Zod 4 classic program of zod
 * 4.2 or later never loads them.
 *
 * Built, they are an entry of their own beside this code in `dist/` (the same folder as
 * every chunk): `converters.js` and `converters.cjs`. In the source they are
 * `converters/index.ts`, required by a `require` that loads TypeScript: tsx's, or
 * under vitest the one test/require-ts.ts sets up. (tsx's also compiles the ES modules
 * of node_modules that ./load.ts requires, so under tsx a loaded `zod/v3` is a second
 * instance; vitest's setup leaves them to Node, which returns the imported instance.)
 *
 * @module
 */
import type * as Converters from "./converters/index";
import { explainingMissing, loadOwnFile } from "./load";

/** The format tsup builds this file into; undeclared (so `typeof` is "undefined") in the source. */
declare const __TOOLWRIGHT_FORMAT__: "esm" | "cjs";
/** The CommonJS build's own `require` (see ./load.ts). */
declare const __TOOLWRIGHT_REQUIRE__: (id: string) => unknown;

/** The converters' source, relative to this file (a variable: no bundler may follow it). */
const SOURCE = "./converters/index.ts";

let converters: typeof Converters | undefined;

/** The converters module, loaded once. Throws, naming the file, when it cannot be found. */
export function loadConverters(): typeof Converters {
  converters ??= load() as typeof Converters;
  return converters;
}

function load(): unknown {
  if (typeof __TOOLWRIGHT_FORMAT__ === "undefined") {
    return loadOwnFile(new URL(SOURCE, import.meta.url), SOURCE);
  }
  if (__TOOLWRIGHT_FORMAT__ === "cjs") {
    return explainingMissing("converters.cjs", () => __TOOLWRIGHT_REQUIRE__("./converters.cjs"));
  }
  // `import.meta` is empty where a bundler made this build CommonJS.
  const url = import.meta.url && new URL("./converters.js", import.meta.url);
  return loadOwnFile(url || undefined, "./converters.cjs");
}
