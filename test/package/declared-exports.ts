/**
 * What the declaration files promise, read with the TypeScript compiler: which file a
 * consumer's `import` or `require` of a subpath resolves its types to, and which names
 * that file exports as values (classes, functions, constants; not types).
 *
 * @module
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";

/** How a consumer loads a subpath: an ES module's `import` or CommonJS `require`. */
export type LoadMode = "import" | "require";

/**
 * The declaration file TypeScript picks for `specifier` in a consumer in `project`,
 * under `moduleResolution: "nodenext"`, or `undefined` when it resolves none.
 */
export function resolveTypes(
  project: string,
  specifier: string,
  mode: LoadMode,
): string | undefined {
  const consumer = join(project, mode === "import" ? "consumer.mts" : "consumer.cts");
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const format = mode === "import" ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS;
  const { resolvedModule } = ts.resolveModuleName(
    specifier,
    consumer,
    options,
    ts.sys,
    undefined,
    undefined,
    format,
  );
  return resolvedModule?.resolvedFileName;
}

/**
 * The value exports of each declaration file, sorted. The files are read with their
 * sibling declaration files (the shared chunks the build splits out) and nothing else (no
 * lib, no dependencies: a re-export from a sibling resolves, an imported type from a
 * dependency stays unresolved, which changes no export's meaning), so this takes well
 * under a second where a full program over the dependencies' types would take ten.
 */
export function declaredValueExports(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram([...files, ...siblingDeclarations(files)], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noLib: true,
    noResolve: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const found = new Map<string, string[]>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${file} is not a module`);
    const values = checker.getExportsOfModule(module).filter((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      // The checker's stand-in for what it could not resolve has no declarations.
      if (target.declarations === undefined) {
        throw new Error(
          `${file} exports '${symbol.name}' from a module outside the package; read it with its dependencies`,
        );
      }
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    });
    found.set(file, values.map((symbol) => symbol.name).sort());
  }
  return found;
}

/** Every declaration file in the folders of `files`. */
function siblingDeclarations(files: readonly string[]): string[] {
  const folders = new Set(files.map((file) => dirname(file)));
  return [...folders].flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => /\.d\.c?ts$/.test(name))
      .map((name) => join(folder, name)),
  );
}
