/**
 * Imports the modules to check, TypeScript included, with no build step on the user's
 * side. Runs in the check's worker process (see `check-worker.ts`).
 *
 * Which loader, by measurement (Node 20.20, cold import of test/check/fixtures/findings.ts,
 * which pulls in toolwright's TypeScript sources and Zod; median of 3):
 * - tsx 4.23 (the former hard dependency): 0.52 s, but 12 MB with esbuild's native
 *   binary and its install script, for every consumer;
 * - jiti 2.7 (pure JavaScript, 1.8 MB, no install script): 1.35 s cold, 0.46 s once its
 *   file cache (on by default) holds the transpiled files;
 * - Node's own type stripping (`process.features.typescript`, Node 22.18+ and 23.6+): not
 *   measurable on Node 20, and it cannot load what many projects hold: relative imports
 *   without an extension, tsconfig `paths`, enums, ESM syntax in `.cts`.
 * So: jiti, an optional peer dependency, when it is installed (it loads TypeScript in ESM
 * and CommonJS packages and takes tsconfig `paths` as aliases); else Node's own stripping
 * where Node has it; else plain JavaScript only, and TypeScript is a load error that says
 * how to install jiti.
 *
 * @module
 */
import { pathToFileURL } from "node:url";
import { messageOf } from "../../core/describe";
import type { Aliases } from "./tsconfig-paths";

/** Imports one module by absolute path and resolves to its exports. */
export type Importer = (file: string) => Promise<Record<string, unknown>>;

/** The importer for a set of files, or why none can load them. */
export type ImporterChoice =
  | { readonly ok: true; readonly importer: Importer }
  | { readonly ok: false; readonly problem: string };

/** The message when TypeScript must be loaded and no loader can. */
const INSTALL_JITI = "toolwright check loads TypeScript through jiti; install it: npm i -D jiti";

const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * One importer for every file, so modules shared between them load once and their objects
 * keep their identity.
 */
export async function chooseImporter(
  files: readonly string[],
  aliases: Aliases,
): Promise<ImporterChoice> {
  const jiti = await importJiti();
  if (jiti !== undefined) {
    const loader = jiti.createJiti(pathToFileURL(process.cwd()).href, {
      alias: { ...aliases },
      // Exports as they are: a `default` export stays one root among the others.
      interopDefault: false,
      moduleCache: true,
    });
    return { ok: true, importer: (file) => loader.import(file) };
  }
  if (!files.some((file) => TYPESCRIPT.test(file)) || nodeStripsTypes()) {
    return { ok: true, importer: (file) => import(pathToFileURL(file).href) };
  }
  return { ok: false, problem: INSTALL_JITI };
}

// Optional peer: absent is an answer, not an error. Any other failure is reported.
async function importJiti(): Promise<typeof import("jiti") | undefined> {
  try {
    return await import("jiti");
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw new Error(`jiti is installed but could not be imported: ${messageOf(error)}`, {
      cause: error,
    });
  }
}

function nodeStripsTypes(): boolean {
  return (
    (process.features as { typescript?: unknown }).typescript !== undefined &&
    (process.features as { typescript?: unknown }).typescript !== false
  );
}
