/**
 * docs/troubleshooting.md is headed by error messages as toolwright writes them, so a
 * reader can search for what they see. Each heading's fixed text (between placeholders
 * such as `<name>` and `…`) must occur in src/, so a reworded message cannot leave its
 * heading behind.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./doc-snippets";

/** Every source file under src/, concatenated. */
function sources(): string {
  return readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => readFileSync(join(ROOT, "src", file), "utf8"))
    .join("\n");
}

/** The messages the page is headed by: each `## ` heading, written as code. */
function headings(): string[] {
  const page = readFileSync(join(ROOT, "docs", "troubleshooting.md"), "utf8");
  return [...page.matchAll(/^## `(.+)`$/gm)].map((found) => found[1] ?? "");
}

/**
 * A message's fixed parts: the text between placeholders, and between the `: ` where src/
 * joins a message from parts, trimmed of joining punctuation.
 */
function fixedParts(message: string): string[] {
  return message
    .split(/<[^>]+>|…|: /)
    .map((part) => part.replace(/^[\s:;,.'{}]+|[\s:;,.'{}]+$/g, ""))
    .filter((part) => part.length >= 4);
}

describe("docs/troubleshooting.md", () => {
  const src = sources();

  it("is headed by error messages, each heading one", () => {
    const page = readFileSync(join(ROOT, "docs", "troubleshooting.md"), "utf8");
    const all = [...page.matchAll(/^## (.+)$/gm)];
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(headings()).toHaveLength(all.length);
  });

  it.each(headings())("%s: its text is in src/", (heading) => {
    expect(fixedParts(heading).filter((part) => !src.includes(part))).toEqual([]);
  });

  it("notices a message src/ does not write", () => {
    expect(
      fixedParts("tool '<name>' received arguments it never wanted").every((part) =>
        src.includes(part),
      ),
    ).toBe(false);
  });
});
