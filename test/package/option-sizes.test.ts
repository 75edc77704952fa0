/**
 * No option object a user meets has more than about a dozen fields (issue 20): what
 * belongs together is a named group (`controls`, `allowed`, `limits`). Read with the
 * TypeScript checker over the public entries: every exported `…Options` or `…Config`
 * type, and the object `defineTool` and `definePlay` take, counted with what they inherit.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { entries } from "../../tsup.config";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/**
 * "About 12": the HTTP server's own dozen, plus where it listens (port, hostname, path)
 * stays readable. `listenMcpHttp`'s options are the one object at the bound: sessions
 * (issue 22) and auth (issue 23) joined them; grouping where it listens, as Node's
 * `ListenOptions` does, is the next step there.
 */
const MOST_FIELDS = 15;

let sizes: Map<string, number>;

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (config === undefined) throw new Error("tsconfig.json could not be read");
  const files = entries
    .filter((entry) => entry.subpath !== undefined)
    .map((entry) => join(ROOT, entry.source));
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  sizes = new Map();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${file} is not a module`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (/(Options|Config)$/.test(exported.name) && symbol.flags & ts.SymbolFlags.Type) {
        sizes.set(exported.name, checker.getDeclaredTypeOfSymbol(symbol).getProperties().length);
      }
      if (exported.name === "defineTool" || exported.name === "definePlay") {
        const declaration = symbol.valueDeclaration;
        if (declaration === undefined) continue;
        const [signature] = checker
          .getTypeOfSymbolAtLocation(symbol, declaration)
          .getCallSignatures();
        const [config] = signature?.getParameters() ?? [];
        if (config === undefined) continue;
        const type = checker.getTypeOfSymbolAtLocation(config, declaration);
        sizes.set(`${exported.name}'s config`, type.getProperties().length);
      }
    }
  }
}, 120_000);

describe("option objects", () => {
  it("finds the ones a user meets", () => {
    expect([...sizes.keys()]).toEqual(
      expect.arrayContaining([
        "defineTool's config",
        "definePlay's config",
        "ToolSetOptions",
        "McpServerOptions",
        "McpHttpOptions",
        "AnthropicOptions",
        "CapabilityConfig",
      ]),
    );
    // Not vacuous: the ones that group their fields still hold several.
    expect(sizes.get("defineTool's config")).toBeGreaterThan(8);
  });

  it(`each has at most ${MOST_FIELDS} fields`, () => {
    const over = [...sizes].filter(([, count]) => count > MOST_FIELDS);
    expect(over).toEqual([]);
  });
});
