import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The code of a fenced block between `<!-- name:begin -->` and `<!-- name:end -->`. */
function marked(readme: string, name: string): string | undefined {
  const block = new RegExp(
    `<!-- ${name}:begin -->\\n(?:<!-- file: [\\w.-]+ -->\\n)?\`\`\`(?:ts|sh)\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`,
  );
  return block.exec(readme)?.[1];
}

describe("README", () => {
  it("quick start is examples/quick-start.ts, whole, importing only packages", () => {
    const block = marked(read("README.md"), "quick-start");
    expect(block).toBeDefined();
    expect(block).toBe(read("examples/quick-start.ts"));
    const imports = [...(block ?? "").matchAll(/from "([^"]+)"/g)].map((found) => found[1]);
    expect(imports).toEqual(["toolwright", "zod"]);
  });

  it("links nothing the published package lacks", () => {
    const links = [...read("README.md").matchAll(/\]\(([^)]+)\)/g)].map((found) => found[1]);
    expect(links.filter((link) => !/^https?:/.test(link ?? ""))).toEqual([]);
  });

  it("starts with the install command, and gives contributors their two commands", () => {
    const readme = read("README.md");
    expect(marked(readme, "install")).toBe("npm i toolwright zod\n");
    expect(readme.indexOf("## Install")).toBeLessThan(readme.indexOf("## Quick start"));
    expect(readme).toContain("npm ci && npm ci --prefix test/node22 && npm run demo\n");
    expect(readme).toContain("npm test\n");
  });
});
