/**
 * The step after `tsup`: points each declaration file's imports of other entries
 * (`from "toolwright/lint"`) at the sibling file in dist/ (`from "./lint.js"`, or
 * `"./lint.cjs"` in a `.d.cts`), as the JavaScript build already does. Relative
 * specifiers resolve under every `moduleResolution`, with or without the package
 * installed under its own name.
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
  for (const file of readdirSync(DIST)) {
    const extension = file.endsWith(".d.cts") ? "cjs" : file.endsWith(".d.ts") ? "js" : undefined;
    if (extension === undefined) continue;
    const path = join(DIST, file);
    const [linked, changed] = linkDeclarations(readFileSync(path, "utf8"), extension);
    if (changed > 0) writeFileSync(path, linked);
    total += changed;
  }
  console.log(`finish-build: linked ${total} entry import(s) in dist/*.d.{ts,cts}`);
}

main();
