/**
 * What npm shows beside the package: where its repository, home page and issues are, and
 * its licence, which LICENSE states in full.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const manifest = JSON.parse(read("package.json"));

describe("package metadata", () => {
  it("names the repository, the home page and the issue tracker", () => {
    expect(manifest.repository).toEqual({
      type: "git",
      url: "git+https://github.com/toolwright/toolwright.git",
    });
    expect(manifest.homepage).toBe("https://github.com/toolwright/toolwright#readme");
    expect(manifest.bugs).toEqual({ url: "https://github.com/toolwright/toolwright/issues" });
  });

  it("is MIT licensed, with the licence in LICENSE", () => {
    expect(manifest.license).toBe("MIT");
    const license = read("LICENSE");
    expect(license.startsWith("MIT License\n")).toBe(true);
    expect(license).toContain("Copyright (c) 2026 the toolwright authors");
  });

  it("ships docs/, which the README links", () => {
    expect(manifest.files).toContain("docs");
  });
});
