import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The code of a fenced block between `<!-- name:begin -->` and `<!-- name:end -->`. */
function marked(readme: string, name: string): string | undefined {
  const block = new RegExp(
    `<!-- ${name}:begin -->\\n(?:<!-- file: [\\w.-]+ -->\\n)?\`\`\`(?:ts|sh)\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`,
  );
  return block.exec(readme)?.[1];
}

/** The pages of docs/, by file name, sorted. */
function docPages(): string[] {
  return readdirSync(new URL("../../docs/", import.meta.url))
    .filter((name) => name.endsWith(".md"))
    .sort();
}

/** The targets of a Markdown file's links. */
function linksOf(path: string): string[] {
  return [...read(path).matchAll(/\]\(([^)]+)\)/g)].map((found) => found[1] ?? "");
}

/** GitHub's anchors for a Markdown file's headings. */
function anchorsOf(path: string): string[] {
  return [...read(path).matchAll(/^#+ (.+)$/gm)].map((found) =>
    (found[1] ?? "")
      .toLowerCase()
      .replace(/[^\w\- ]/g, "")
      .replace(/ /g, "-"),
  );
}

/** Whether a relative `link` from `from` names a file that exists, and a heading in it. */
function resolves(from: string, link: string): boolean {
  const [file = "", anchor] = link.split("#");
  const target = file === "" ? from : join(dirname(from), file);
  if (!existsSync(new URL(`../../${target}`, import.meta.url))) return false;
  return anchor === undefined || anchorsOf(target).includes(anchor);
}

describe("README", () => {
  it("quick start is examples/quick-start.ts, whole, importing only packages", () => {
    const block = marked(read("README.md"), "quick-start");
    expect(block).toBeDefined();
    expect(block).toBe(read("examples/quick-start.ts"));
    const imports = [...(block ?? "").matchAll(/from "([^"]+)"/g)].map((found) => found[1]);
    expect(imports).toEqual(["toolwright", "zod"]);
  });

  it("links nothing the published package lacks: the web, LICENSE, or a page of docs/ (which it ships)", () => {
    const links = linksOf("README.md");
    const local = links.filter((link) => !/^https?:/.test(link));
    const shipped = /^(docs\/[\w-]+\.md(#[\w-]+)?|LICENSE)$/;
    expect(local.filter((link) => !shipped.test(link))).toEqual([]);
    expect(JSON.parse(read("package.json")).files).toContain("docs");
    expect(local.filter((link) => !resolves("README.md", link))).toEqual([]);
  });

  it("links every page of docs/, and every MCP page from its MCP section", () => {
    const readme = read("README.md");
    const pagesIn = (text: string) => [
      ...new Set(
        [...text.matchAll(/\]\((docs\/[\w-]+\.md)(?:#[\w-]+)?\)/g)].map((found) => found[1]),
      ),
    ];
    expect(pagesIn(readme).sort()).toEqual(docPages().map((page) => `docs/${page}`));
    const section = readme.slice(
      readme.indexOf("### MCP: `toolwright/mcp`"),
      readme.indexOf("## A model loop, offline"),
    );
    const mcpPages = docPages().filter((page) => /^mcp[-.]/.test(page));
    expect(pagesIn(section).sort()).toEqual(mcpPages.map((page) => `docs/${page}`));
  });

  it("is at most 12 kB, for a newcomer to read through", () => {
    expect(Buffer.byteLength(read("README.md"))).toBeLessThanOrEqual(12_000);
  });

  it("has the sections a newcomer needs, in order", () => {
    const headings = [...read("README.md").matchAll(/^## (.+)$/gm)].map((found) => found[1]);
    expect(headings).toEqual([
      "Install",
      "Quick start",
      "Serve it over MCP",
      "A model loop, offline",
      "Adapters",
      "Features",
      "Contributing",
    ]);
  });

  it("says how to run TypeScript: tsx, or Node's own type stripping", () => {
    const readme = read("README.md");
    expect(readme).toContain("`npx tsx file.ts`");
    expect(readme).toContain("`node --experimental-strip-types file.ts`");
  });

  it("gives the command that connects the MCP Inspector to the quick server", () => {
    const readme = read("README.md");
    expect(readme).toContain("port: 3000,");
    expect(readme).toContain(
      "npx @modelcontextprotocol/inspector --cli http://127.0.0.1:3000/mcp --transport http",
    );
  });

  it("shows examples/offline-loop.ts whole, a model loop on the AI SDK's mock model", () => {
    const block = marked(read("README.md"), "offline-loop");
    expect(block).toBe(read("examples/offline-loop.ts"));
    expect(block).toContain('import { MockLanguageModelV3 } from "ai/test";');
  });

  it("gives each adapter one line, linking its page", () => {
    const readme = read("README.md");
    for (const host of ["mcp", "openai", "anthropic", "gemini", "ai-sdk"]) {
      expect(readme).toContain(
        `- [\`toolwright/${host}\`](docs/${host === "mcp" ? "mcp" : host}.md)`,
      );
    }
  });

  it("starts with the install command, and gives contributors their two commands", () => {
    const readme = read("README.md");
    expect(marked(readme, "install")).toBe("npm i toolwright zod\n");
    expect(readme.indexOf("## Install")).toBeLessThan(readme.indexOf("## Quick start"));
    expect(readme).toContain("npm ci && npm ci --prefix test/node22 && npm run demo\n");
    expect(readme).toContain("npm test\n");
  });
});

describe("docs/", () => {
  it("links both porting guides from the migration guide", () => {
    const page = read("docs/migration.md");
    expect(page).toContain("(porting-from-ai-sdk.md)");
    expect(page).toContain("(porting-from-mcp-sdk.md)");
  });

  it("links only pages and headings that exist, and the web", () => {
    for (const page of docPages()) {
      const local = linksOf(`docs/${page}`).filter((link) => !/^https?:/.test(link));
      expect(local.filter((link) => !resolves(`docs/${page}`, link))).toEqual([]);
    }
  });

  it("shows each porting guide's before and after whole, as examples/ holds and tests them", () => {
    const pages = { "ai-sdk": "porting-from-ai-sdk", "mcp-sdk": "porting-from-mcp-sdk" };
    for (const [sdk, page] of Object.entries(pages)) {
      for (const side of ["before", "after"]) {
        const block = marked(read(`docs/${page}.md`), `${sdk}-${side}`);
        expect(block, `${page} ${side}`).toBeDefined();
        expect(block).toBe(read(`examples/${sdk}-${side}.ts`));
      }
    }
  });

  it("shows examples/client-aware.ts whole, as tested", () => {
    const block = marked(read("docs/mcp-asking-the-client.md"), "client-aware");
    expect(block).toBeDefined();
    expect(block).toBe(read("examples/client-aware.ts"));
  });
});
