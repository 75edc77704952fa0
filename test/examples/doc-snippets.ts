/**
 * The TypeScript blocks of the README, `lint/README.md` and every page of `docs/`, as
 * modules: a block preceded by `<!-- file: name.ts -->` is the module other blocks import
 * as `./name.js`; the others are `block-N.ts` (README), `lint-block-N.ts` and
 * `docs-<page>-block-N.ts`. A block preceded by `<!-- runs until: <what> -->` says how a
 * run of it ends when it does not end cleanly: `the network` (it calls a hosted model or
 * service, which a test cannot reach) or the name of the error it shows being thrown.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface Snippet {
  readonly file: string;
  /** The Markdown file the block is in, relative to the root. */
  readonly source: string;
  readonly code: string;
  /** The line the block starts on, for failure messages. */
  readonly line: number;
  /** What its `<!-- runs until: … -->` comment says, when it has one. */
  readonly runsUntil: string | undefined;
}

/** The comment lines just above a fence, then the fence's code. */
const BLOCK = /((?:<!-- [\w ]+: [^>]*? -->\n)*)```ts\n([\s\S]*?)```/g;

/** The value of the `<!-- key: value -->` comment among `comments`. */
function comment(comments: string, key: string): string | undefined {
  return new RegExp(`<!-- ${key}: ([^>]*?) -->`).exec(comments)?.[1];
}

/** The TypeScript blocks of one Markdown file. */
export function snippetsOf(source: string, prefix = ""): Snippet[] {
  const text = readFileSync(join(ROOT, source), "utf8");
  return [...text.matchAll(BLOCK)].map((block, index) => ({
    file: comment(block[1] ?? "", "file") ?? `${prefix}block-${index + 1}.ts`,
    source,
    code: block[2] ?? "",
    line: text.slice(0, block.index + (block[1]?.length ?? 0)).split("\n").length,
    runsUntil: comment(block[1] ?? "", "runs until"),
  }));
}

/** The pages of `docs/`, by name, in order. */
export function docPages(): string[] {
  return readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => name.slice(0, -".md".length));
}

/** Every block of the README, lint/README.md and docs/. */
export function allSnippets(): Snippet[] {
  return [
    ...snippetsOf("README.md"),
    ...snippetsOf("lint/README.md", "lint-"),
    ...docPages().flatMap((page) => snippetsOf(`docs/${page}.md`, `docs-${page}-`)),
  ];
}
