/**
 * The folder layout is the architecture, so the import rules between folders are checked
 * here, on the source:
 *
 * - `src/zod/` is the only code in `src/` that knows there are two Zod majors, and the only
 *   code that loads a module on demand (`src/zod/load.ts`);
 * - nothing in `src/` imports a zod subpath, zod-to-json-schema or anything
 *   version-specific: the one import of zod is of names both roots export, by name, from
 *   `"zod"`, in `src/zod/`; the rest builds schemas through `src/zod/builders.ts`;
 * - `src/zod/converters/` (the version-specific code, loaded on demand) alone names
 *   `zod/v4/core` and zod-to-json-schema, imports no package and nothing of `src/` outside
 *   `src/zod/`, and is imported by nothing but types;
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
import * as zod4Root from "zod";
import * as zod323Root from "zod-3-23";
import * as zod324Root from "zod-3-24";
import * as zod325Root from "zod-3-25";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The rooms of the root entry. */
const ROOT_ENTRY = ["src/core", "src/call", "src/set"];

/** The root `zod` of each line toolwright supports, which `src/` may import names from. */
const ZOD_ROOTS: Readonly<Record<string, object>> = {
  "4": zod4Root,
  "3.25": zod325Root,
  "3.24": zod324Root,
  "3.23": zod323Root,
};

interface Import {
  readonly specifier: string;
  /** What it imports: `{ object, string as text }`, `* as z`, `z`; empty for a side effect. */
  readonly clause: string;
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
    /^(?:import|export)\s+(type\s+)?(?:([^;]*?)\sfrom\s+)?"([^"]+)";/gms,
  );
  return [...statements].map(([, type, clause = "", specifier = ""]) => ({
    specifier,
    clause: clause.trim(),
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

  it.each(sources("src/zod"))("%s imports only src/zod and names both zod roots export", (file) => {
    for (const found of runtime(file)) {
      if (found.target !== undefined)
        expect(within(found.target, "src/zod"), found.specifier).toBe(true);
      else expect(found.specifier).toBe("zod");
    }
  });

  it.each(sources("src"))(
    "%s imports zod only by name, from the root, names both roots export",
    (file) => {
      for (const found of runtime(file).filter((found) => /^zod(\/|-|$)/.test(found.specifier))) {
        expect(found.specifier, file).toBe("zod");
        // A namespace or the `z` object keeps all of zod in a bundle; a name one root lacks
        // is a link error there.
        const names = /^\{([^}]*)\}$/.exec(found.clause)?.[1];
        expect(names, `${file}: import ${found.clause}`).toBeDefined();
        for (const name of (names ?? "")
          .split(",")
          .map((part) => part.trim().split(/\s+as\s+/)[0])) {
          if (name === "" || name === undefined) continue;
          for (const [line, root] of Object.entries(ZOD_ROOTS))
            expect(name in root && name !== "z", `${file}: ${name} from zod ${line}`).toBe(true);
        }
      }
    },
  );

  it.each(sources("src/zod/converters"))(
    "%s imports no package and nothing of src/ outside src/zod/",
    (file) => {
      for (const found of importsOf(file)) {
        expect(found.target, `${found.specifier} from ${file}`).toBeDefined();
        expect(within(found.target ?? "", "src/zod"), `${found.specifier} from ${file}`).toBe(true);
      }
    },
  );

  it.each(sources("src").filter((file) => !within(file, "src/zod/converters")))(
    "%s never imports the converters at run time, nor names zod/v4/core or zod-to-json-schema",
    (file) => {
      for (const found of runtime(file))
        expect(within(found.target ?? "", "src/zod/converters"), file).toBe(false);
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text).not.toMatch(/["']zod\/v4\/core["']|["']zod-to-json-schema["']/);
    },
  );

  it.each(sources("src").filter((file) => !within(file, "src/zod")))(
    "%s neither loads modules on demand nor imports zod itself",
    (file) => {
      for (const found of runtime(file)) {
        expect(found.target, `${found.specifier} from ${file}`).not.toBe("src/zod/load.ts");
        expect(found.target, `${found.specifier} from ${file}`).not.toBe(
          "src/zod/load-converters.ts",
        );
        // Schemas are built through src/zod/builders.ts.
        expect(found.specifier, file).not.toMatch(/^zod(\/|$)/);
      }
    },
  );

  it.each(ROOT_ENTRY.flatMap(sources))(
    "%s imports only the root entry's rooms, src/zod and the lint's pure helpers",
    (file) => {
      for (const found of runtime(file)) {
        if (found.target === undefined) {
          // Never zod itself: schemas are built through src/zod/builders.ts.
          expect(found.specifier, file).toBe("toolwright/lint");
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
