/**
 * The folder layout is the architecture, so the import rules between folders are checked
 * here, on the source:
 *
 * - `src/zod/` is the only code in `src/` that knows there are two Zod majors;
 * - the root entry's rooms (`src/core/`, `src/call/`, `src/set/`) import one another and
 *   `src/zod/`, never an adapter or the check;
 * - every other entry (each adapter, the check, the bin) imports classes through the
 *   package's own entries (`toolwright`, `toolwright/lint`, …), which the build keeps as
 *   sibling files, so that each class exists once per module format; anything else it
 *   needs from another room it imports by relative path, and only from modules (and their
 *   own imports) that define no class and keep no state;
 * - `lint/` imports nothing from `src/`, and no module graph has a runtime import cycle.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The rooms of the root entry. */
const ROOT_ENTRY = ["src/core", "src/call", "src/set"];

interface Import {
  readonly specifier: string;
  /** The repository-relative file a relative specifier names. */
  readonly target: string | undefined;
  /** `import type` / `export type`: gone at run time. */
  readonly typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const statements = text.matchAll(
    /^(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?"([^"]+)";/gms,
  );
  return [...statements].map(([, type, specifier = ""]) => ({
    specifier,
    typeOnly: type !== undefined,
    target: specifier.startsWith(".")
      ? `${relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, "")}.ts`
      : undefined,
  }));
}

/**
 * The room a non-root module belongs to: its adapter's folder (an adapter also shares
 * `src/adapters/*.ts`), the bin's `src/check/cli/`, or the rest of `src/check/`.
 */
function ownModules(file: string, target: string): boolean {
  if (within(file, "src/adapters")) {
    const adapter = file.split("/").slice(0, 3).join("/");
    const shared = dirname(target) === "src/adapters";
    return within(target, adapter) || shared;
  }
  const folder = dirname(file);
  return within(target, folder) && (folder !== "src/check" || !within(target, "src/check/cli"));
}

const runtime = (file: string) => importsOf(file).filter((found) => !found.typeOnly);

function within(file: string, folder: string): boolean {
  return file.startsWith(`${folder}/`);
}

/** True when `file` defines a class or holds module state (a `let`, a `var`, a `new` at the top). */
function classOrState(file: string): boolean {
  const text = readFileSync(join(ROOT, file), "utf8");
  return (
    /^\s*(export\s+)?(abstract\s+)?class\s/m.test(text) ||
    /^(export\s+)?(let|var)\s/m.test(text) ||
    /^(export\s+)?const\s+\w+(\s*:[^=]+)?\s*=\s*new\s/m.test(text)
  );
}

/** `file` and everything it imports at run time, by relative path, transitively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const found of runtime(file)) if (found.target !== undefined) closure(found.target, seen);
  return seen;
}

/** A module another entry may bundle a copy of: it, and all it imports, class-free and stateless. */
function shareable(file: string): boolean {
  return [...closure(file)].every((module) => !classOrState(module));
}

const inRoom = (file: string, rooms: readonly string[]) => rooms.some((room) => within(file, room));

describe("layers", () => {
  it("finds the imports it checks", () => {
    expect(importsOf("src/core/toolbox.ts").map((found) => found.target)).toContain(
      "src/call/pipeline.ts",
    );
  });

  it.each(sources("src/zod"))("%s imports only src/zod and Zod's own packages", (file) => {
    for (const found of runtime(file)) {
      if (found.target !== undefined)
        expect(within(found.target, "src/zod"), found.specifier).toBe(true);
      else expect(found.specifier).toMatch(/^(zod(\/.*)?|zod-to-json-schema)$/);
    }
  });

  it.each(ROOT_ENTRY.flatMap(sources))(
    "%s imports only the root entry's rooms, src/zod and the lint's pure helpers",
    (file) => {
      for (const found of runtime(file)) {
        if (found.target === undefined) {
          // Zod itself, to build the built-in tools' schemas; never a version-specific path.
          expect(found.specifier, file).toMatch(/^(zod|toolwright\/lint)$/);
          continue;
        }
        const allowed =
          inRoom(found.target, [...ROOT_ENTRY, "src/zod"]) ||
          (within(found.target, "lint") && shareable(found.target));
        expect(allowed, `${found.specifier} from ${file}`).toBe(true);
      }
    },
  );

  const outsideTheRoot = [...sources("src/adapters"), ...sources("src/check")];

  it.each(outsideTheRoot)(
    "%s reaches classes through the package's entries, and bundles only class-free, stateless helpers",
    (file) => {
      for (const found of runtime(file)) {
        if (found.target === undefined) {
          expect(found.specifier, file).not.toMatch(/^zod/);
          continue;
        }
        const allowed = ownModules(file, found.target) || shareable(found.target);
        expect(allowed, `${found.specifier} from ${file}`).toBe(true);
      }
    },
  );

  it("the bin reaches the sweep through toolwright/check", () => {
    const cli = sources("src/check/cli");
    expect(cli).toContain("src/check/cli/index.ts");
    for (const file of cli) {
      for (const found of runtime(file)) {
        if (found.target === undefined) continue;
        const allowed = within(found.target, "src/check/cli") || shareable(found.target);
        expect(allowed, `${found.specifier} from ${file}`).toBe(true);
      }
    }
  });

  it("tells a shareable helper from a class and from module state", () => {
    expect(shareable("src/call/outcome.ts")).toBe(true);
    expect(shareable("src/set/catalog-listing.ts")).toBe(true);
    expect(shareable("src/core/errors.ts")).toBe(false); // classes
    expect(shareable("src/zod/parse.ts")).toBe(false); // a cache
    expect(shareable("src/call/pipeline.ts")).toBe(false); // reaches classes
  });

  it.each(sources("lint"))("%s imports nothing from src/", (file) => {
    for (const found of importsOf(file)) {
      if (found.target !== undefined)
        expect(within(found.target, "src"), found.specifier).toBe(false);
    }
  });

  it.each(sources("src").filter((file) => !within(file, "src/zod")))(
    "%s knows nothing of the two Zod majors",
    (file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text).not.toMatch(/\b_zod\b|\b_def\b|"zod\/v3"|"zod\/v4\/core"|zod-to-json-schema/);
    },
  );
});

describe("no runtime import cycles", () => {
  it.each(["lint", "src"])("in %s/", (folder) => {
    const graph = new Map(
      sources(folder).map((file) => [
        file,
        runtime(file).flatMap((found) => (found.target === undefined ? [] : [found.target])),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...path.slice(path.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "open");
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, "done");
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
