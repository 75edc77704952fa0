/**
 * A public surface a person can learn: every name each entry exports (values and types)
 * has TSDoc, read with the TypeScript compiler from the entry's source, and the root entry
 * exports no internal helper.
 */
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { entries } from "../../tsup.config";

const ROOT = join(import.meta.dirname, "..", "..");

const importable = entries.filter((entry) => entry.subpath !== undefined);

function program(): ts.Program {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return ts.createProgram(
    importable.map((entry) => join(ROOT, entry.source)),
    { ...parsed.options, noEmit: true },
  );
}

const built = program();
const checker = built.getTypeChecker();

/** Each name `source` exports, and whether its declaration carries documentation. */
function exportsOf(source: string): { name: string; documented: boolean }[] {
  const file = built.getSourceFile(join(ROOT, source));
  if (file === undefined) throw new Error(`no source file ${source}`);
  const module = checker.getSymbolAtLocation(file);
  if (module === undefined) throw new Error(`${source} is not a module`);
  return checker.getExportsOfModule(module).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const text = ts.displayPartsToString(target.getDocumentationComment(checker)).trim();
    return { name: symbol.getName(), documented: text.length > 0 };
  });
}

describe("documented exports", () => {
  it.each(importable.map((entry) => [entry.subpath, entry.source] as const))(
    "every name %s exports has TSDoc",
    (_subpath, source) => {
      const names = exportsOf(source);
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((found) => !found.documented).map((found) => found.name)).toEqual([]);
    },
  );

  it("the root entry exports what an author uses, and no internal helper", () => {
    const names = exportsOf("src/index.ts").map((found) => found.name);
    for (const internal of [
      "deferredListing",
      "summaryOf",
      "settlePending",
      "SEARCH_TOOLS",
      "DESCRIBE_TOOLS",
      "TOOL_CATALOG",
      "describeWithExamples",
      "runCall",
      "modelContent",
    ]) {
      expect(names).not.toContain(internal);
    }
    for (const authored of ["defineTool", "toolbox", "capability", "toolSet", "Toolbox"]) {
      expect(names).toContain(authored);
    }
  });

  it("toolwright/lint does not export the adapters' own helpers", () => {
    const names = exportsOf("lint/index.ts").map((found) => found.name);
    for (const internal of ["ledgerOf", "nonStrictChange", "ALLOWED_STRING_FORMATS"]) {
      expect(names).not.toContain(internal);
    }
  });
});
