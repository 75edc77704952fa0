import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("README", () => {
  it("quick start is the code of examples/meetings-after.ts", () => {
    const readme = read("README.md");
    const block = /<!-- quick-start:begin -->\n```ts\n([\s\S]*?)```\n<!-- quick-start:end -->/.exec(
      readme,
    )?.[1];
    expect(block).toBeDefined();
    const example = read("examples/meetings-after.ts");
    // The example imports `toolwright` exactly as a user does (tsconfig paths map it to source).
    expect(block).toContain('from "toolwright";');
    expect(example).toContain(block);
  });

  it("shows the two commands", () => {
    const readme = read("README.md");
    expect(readme).toContain("npm ci\n");
    expect(readme).toContain("npm test");
  });
});
