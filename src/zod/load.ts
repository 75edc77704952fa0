/**
 * Loading a module synchronously, the first time a schema needs it: `zod/v3` or
 * `zod/v4` for a raw shape of the other major, zod-to-json-schema for a Zod 3
 * projection, the converters entry. Nothing is loaded at import: a program whose
 * schemas need none of them never reads them, and a bundler never sees them.
 *
 * How, per build (tsup.config.ts defines `__TOOLWRIGHT_REQUIRE__` in each):
 * - ESM (and the source, under vitest or tsx): resolve with `import.meta.resolve`
 *   (synchronous from Node 20.6), then `require` the resolved file. Node's
 *   `require(esm)` (unflagged from Node 20.19 and 22.12) returns the very module
 *   instance an `import` gets, so a `ZodError` made by a loaded `zod/v3` is the user's
 *   `ZodError`. Where `require(esm)` is missing (Node 20.16 to 20.18), the specifier is
 *   required as it is, which loads the package's CommonJS copy.
 * - CommonJS: the build's own `require`.
 *
 * `createRequire` and `fileURLToPath` come from `process.getBuiltinModule` (Node 20.16),
 * never from a static `import "node:module"`, so that the root entry still loads in a
 * browser or an edge runtime, where this loader reports that it cannot load anything.
 *
 * @module
 */

/**
 * The CommonJS build's own `require`, and `undefined` in the ESM build (tsup.config.ts
 * defines it, so that the ESM build names no `require` at all); undeclared, so `typeof`
 * is "undefined", in the source.
 */
declare const __TOOLWRIGHT_REQUIRE__: Require | undefined;

/** What loads modules on demand: handed to the converters, which load through it. */
export interface Loader {
  /** The module's exports, or `undefined` when it is not installed. */
  load(specifier: string): unknown;
  /** Why `specifier` could not be loaded, for a message that goes on to say what to install. */
  notLoaded(specifier: string): string;
}

type Require = ((id: string) => unknown) & { resolve(id: string): string };

interface Builtins {
  readonly createRequire: (from: string) => Require;
  readonly fileURLToPath: (url: string | URL) => string;
}

/** Every specifier loaded so far, and what it gave (`undefined`: not installed). */
const loaded = new Map<string, unknown>();

/**
 * The exports of the module `specifier` names, resolved from toolwright's own files, or
 * `undefined` when it is not installed (or this runtime cannot load modules at all: see
 * {@link canLoadModules}). Loaded once; any other failure while loading it (a syntax
 * error, a missing dependency of the module itself) is thrown as it is.
 */
export function loadModule(specifier: string): unknown {
  if (loaded.has(specifier)) return loaded.get(specifier);
  const exports = load(specifier);
  loaded.set(specifier, exports);
  return exports;
}

/**
 * True when this runtime can load a module synchronously: a CommonJS build, or Node
 * 20.16 and later. False in a browser or an edge runtime.
 */
export function canLoadModules(): boolean {
  return commonJsRequire() !== undefined || builtins() !== undefined;
}

/** This file's URL; none where a bundler turned the ESM build into CommonJS (`import.meta` is `{}`). */
function here(): string | undefined {
  const url = (import.meta as Partial<ImportMeta>).url;
  return typeof url === "string" ? url : undefined;
}

/**
 * The readable reason `specifier` could not be loaded, for an error message that goes on
 * to say what needed it and what to install.
 */
export function notLoadedReason(specifier: string): string {
  return canLoadModules()
    ? `${specifier} is not installed (or cannot be resolved from toolwright's files)`
    : cannotLoad(specifier);
}

function cannotLoad(what: string): string {
  return `this runtime cannot load ${what}: toolwright loads it on demand with Node's require (Node 20.16 or later), from beside its own files`;
}

/**
 * Loads a file of toolwright's own build by URL, falling back to its CommonJS sibling
 * where `require(esm)` is missing. Throws an error naming the file when it is absent (the
 * package was bundled without it), or when there is no URL to load it from (a bundler
 * made the ESM build CommonJS, leaving `import.meta` empty).
 */
export function loadOwnFile(url: URL | undefined, commonJsSibling: string): unknown {
  const node = builtins();
  if (url === undefined || node === undefined) {
    throw new Error(cannotLoad(`toolwright's ${commonJsSibling.replace(/^\.\/|\.c?js$/g, "")}`));
  }
  const path = node.fileURLToPath(url);
  const from = node.createRequire(here() as string);
  return explainingMissing(path, () => requireOrFallBack(from, path, commonJsSibling));
}

/**
 * `loadFile()`, the load of toolwright's own file `name`, with an error naming it and
 * saying why it may be absent when it is.
 */
export function explainingMissing(name: string, loadFile: () => unknown): unknown {
  try {
    return loadFile();
  } catch (error) {
    if (!isNotFound(error) || !messageHas(error, name)) throw error;
    throw new Error(
      `toolwright's ${name} is missing: it is loaded on demand from beside toolwright's other files; when bundling toolwright into one file, keep toolwright external or ship that file beside the bundle`,
      { cause: error },
    );
  }
}

/** This module's loader, as the converters take it. */
export const loader: Loader = { load: loadModule, notLoaded: notLoadedReason };

function load(specifier: string): unknown {
  const own = commonJsRequire();
  if (own !== undefined) return loadWith(own, specifier);
  const node = builtins();
  if (node === undefined) return undefined;
  const fromHere = node.createRequire(here() as string);
  const resolve = (import.meta as Partial<ImportMeta>).resolve;
  // Under tsx's CommonJS hook, `import.meta` has a `url` and no `resolve`.
  if (typeof resolve !== "function") return loadWith(fromHere, specifier);
  let url: string;
  try {
    url = resolve(specifier);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  return requireOrFallBack(fromHere, node.fileURLToPath(url), specifier);
}

/** Resolves, then loads: only a failure to resolve means "not installed". */
function loadWith(from: Require, specifier: string): unknown {
  let path: string;
  try {
    path = from.resolve(specifier);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  return from(path);
}

/** `require(path)`; where Node cannot require an ES module, `require(fallback)` instead. */
function requireOrFallBack(from: Require, path: string, fallback: string): unknown {
  try {
    return from(path);
  } catch (error) {
    if (!isRequireEsmMissing(error)) throw error;
    return from(fallback);
  }
}

function commonJsRequire(): Require | undefined {
  return typeof __TOOLWRIGHT_REQUIRE__ === "function" ? __TOOLWRIGHT_REQUIRE__ : undefined;
}

/** Node's module tools, where this code can resolve from its own file. */
function builtins(): Builtins | undefined {
  if (here() === undefined) return undefined;
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule;
  if (typeof get !== "function") return undefined;
  const module = get("node:module") as { createRequire?: Builtins["createRequire"] } | undefined;
  const url = get("node:url") as { fileURLToPath?: Builtins["fileURLToPath"] } | undefined;
  if (typeof module?.createRequire !== "function" || typeof url?.fileURLToPath !== "function") {
    return undefined;
  }
  return { createRequire: module.createRequire, fileURLToPath: url.fileURLToPath };
}

const NOT_FOUND = new Set([
  "MODULE_NOT_FOUND",
  "ERR_MODULE_NOT_FOUND",
  "ERR_PACKAGE_PATH_NOT_EXPORTED",
]);

function isNotFound(error: unknown): boolean {
  return NOT_FOUND.has(codeOf(error) as string);
}

/** Node 20.16 to 20.18 (and 22 before 22.12) cannot `require` an ES module. */
function isRequireEsmMissing(error: unknown): boolean {
  const code = codeOf(error);
  return code === "ERR_REQUIRE_ESM" || code === "ERR_REQUIRE_ASYNC_MODULE";
}

function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

function messageHas(error: unknown, text: string): boolean {
  return error instanceof Error && error.message.includes(text);
}
