/**
 * Where in its module a tool is defined, so an annotation points at the line: the
 * declaration named after the tool (`const search = defineTool(`), else its key in a
 * toolbox (`search: defineTool(`, `"search": …`, `{ search, … }`), else a `name: "search"`.
 * The sweep knows objects, not text: a tool whose name cannot be found keeps the file only.
 *
 * @module
 */
import { resolve } from "node:path";
import { readRegularFile } from "./read-regular-file";

/** Finds definition lines, reading each module once. */
export class SourceLines {
  readonly #cwd: string;
  readonly #texts = new Map<string, string | undefined>();

  constructor(cwd: string) {
    this.#cwd = cwd;
  }

  /** The 1-based line where `name` is defined in `source` (relative to the cwd), if found. */
  lineOf(source: string | undefined, name: string): number | undefined {
    if (source === undefined) return undefined;
    const text = this.#text(source);
    if (text === undefined) return undefined;
    for (const pattern of patternsFor(name)) {
      const match = pattern.exec(text);
      if (match !== null) return lineAt(text, match.index + match[0].length - 1);
    }
    return undefined;
  }

  #text(source: string): string | undefined {
    if (!this.#texts.has(source)) {
      let text: string | undefined;
      try {
        text = readRegularFile(resolve(this.#cwd, source));
      } catch {
        text = undefined;
      }
      this.#texts.set(source, text);
    }
    return this.#texts.get(source);
  }
}

/** The ways a tool's definition can be written, most telling first. */
function patternsFor(name: string): RegExp[] {
  const id = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [
    new RegExp(`\\b(?:const|let|var|function)\\s+${id}\\b`),
    new RegExp(`(?:^|[\\s{,])(?:${id}|(["'\`])${id}\\1)\\s*:`, "m"),
    new RegExp(`[{,]\\s*${id}\\s*[,}]`),
    new RegExp(`\\bname\\s*[:=]\\s*(["'\`])${id}\\1`),
  ];
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}
