/**
 * The step after `tsup`: points each declaration file's imports of other entries
 * (`from "toolwright/lint"`) at the sibling file in dist/ (`from "./lint.js"`, or
 * `"./lint.cjs"` in a `.d.cts`), as the JavaScript build already does. Relative
 * specifiers resolve under every `moduleResolution`, with or without the package
 * installed under its own name.
 *
 * It also marks, in each `.d.cts`, the type imports of packages whose declarations are
 * ES modules (`with { "resolution-mode": "import" }`): a CommonJS declaration file may not
 * import them otherwise (TS1479 under `moduleResolution: node16` without `skipLibCheck`).
 *
 * Run: npx tsx tools/finish-build.ts (part of `npm run build`)
 *
 * @module
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { entries, specifierOf } from "../tsup.config";

const DIST = join(import.meta.dirname, "..", "dist");

const siblings = new Map(
  entries.flatMap((entry) =>
    entry.subpath === undefined ? [] : [[specifierOf(entry.subpath), entry.name] as const],
  ),
);

/**
 * Packages whose `types` are `.d.ts` files of a `"type": "module"` package, with no CommonJS
 * declarations: @google/genai 2 and 3. (The MCP SDK ships CommonJS declarations of its own.)
 */
const ESM_TYPED = new Set(["@google/genai"]);

/** Marks a `.d.cts` file's imports of {@link ESM_TYPED} packages as type imports resolved as ESM. */
function markEsmTypeImports(text: string): [string, number] {
  let changed = 0;
  const statement = /^import \{([^}\n]*)\} from (["'])([^"'\n]+)\2;$/gm;
  const marked = text.replace(statement, (all, names: string, quote: string, specifier: string) => {
    if (!ESM_TYPED.has(specifier)) return all;
    changed += 1;
    const from = `${quote}${specifier}${quote}`;
    return `import type {${names}} from ${from} with { "resolution-mode": "import" };`;
  });
  return [marked, changed];
}

/** Rewrites one declaration file's entry specifiers; returns how many it changed. */
function linkDeclarations(text: string, extension: "js" | "cjs"): [string, number] {
  let changed = 0;
  // Only import and export statements: a TSDoc example keeps the specifier users write.
  const statement = /^((?:import|export)\b[^\n]*?\bfrom\s+)(["'])(toolwright(?:\/[\w-]+)?)\2/gm;
  const linked = text.replace(statement, (_all, lead: string, quote: string, specifier: string) => {
    const name = siblings.get(specifier);
    if (name === undefined) throw new Error(`finish-build: no entry named ${specifier}`);
    changed += 1;
    return `${lead}${quote}./${name}.${extension}${quote}`;
  });
  return [linked, changed];
}

function main(): void {
  let total = 0;
  let esm = 0;
  for (const file of readdirSync(DIST)) {
    const extension = file.endsWith(".d.cts") ? "cjs" : file.endsWith(".d.ts") ? "js" : undefined;
    if (extension === undefined) continue;
    const path = join(DIST, file);
    const original = readFileSync(path, "utf8");
    const [linked, changed] = linkDeclarations(original, extension);
    const [marked, markedCount] = extension === "cjs" ? markEsmTypeImports(linked) : [linked, 0];
    if (marked !== original) writeFileSync(path, marked);
    total += changed;
    esm += markedCount;
  }
  console.log(`finish-build: linked ${total} entry import(s) in dist/*.d.{ts,cts}`);
  console.log(`finish-build: marked ${esm} ESM type import(s) in dist/*.d.cts`);
}

main();
