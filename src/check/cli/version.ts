/**
 * toolwright's version, read from the package.json of the installed package the CLI file
 * sits in (`dist/cli.js` → `package.json`), so it never drifts from what was published.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { readRegularFile } from "./read-regular-file";

/** The version of the `toolwright` package holding `script`, or `undefined` when none does. */
export function packageVersion(script: string): string | undefined {
  for (let dir = dirname(script); ; dir = dirname(dir)) {
    const manifest = readManifest(join(dir, "package.json"));
    if (manifest?.name === "toolwright" && typeof manifest.version === "string") {
      return manifest.version;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function readManifest(file: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readRegularFile(file)) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}
