/**
 * Manuals: prose a capability hands a model alongside its tools.
 *
 * @module
 */
import { isInstance } from "./brand";

/** One section of a manual, as `ManualToolbox` lists and reads it. */
export interface ManualSection {
  /** The section's heading, or `"Overview"` for text before the first heading. */
  readonly title: string;
  /** The section's text, heading included. */
  readonly content: string;
}

/**
 * Prose a model reads to use a capability well. Subclass it, or use
 * {@link TextManual} for a fixed text.
 */
export abstract class Manual {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "Manual");
  }

  /** The mark every copy of toolwright gives a `Manual` (see `brand.ts`). */
  get "~toolwright.Manual"(): true {
    return true;
  }

  /** The manual's name. */
  abstract readonly name: string;
  /** What the manual covers, in one line. */
  abstract readonly description: string;
  /** The whole manual as prompt text. */
  abstract toPrompt(): string;

  /**
   * The manual's sections: the prompt text split at Markdown headings (`#` to `######`).
   * Override it for a manual whose sections come from elsewhere.
   */
  sections(): ManualSection[] {
    return splitAtHeadings(this.toPrompt());
  }
}

/**
 * A manual over a fixed text, Markdown headings marking its sections.
 *
 * @example
 * ```ts
 * new TextManual("meetings-manual", "Use list_meetings to see the day's schedule.");
 * ```
 */
export class TextManual extends Manual {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "TextManual");
  }

  /** The mark every copy of toolwright gives a `TextManual` (see `brand.ts`). */
  get "~toolwright.TextManual"(): true {
    return true;
  }

  readonly name: string;
  readonly content: string;
  readonly description: string;

  constructor(name: string, content: string, description?: string) {
    super();
    this.name = name;
    this.content = content;
    this.description = description ?? firstLine(content) ?? `The ${name} manual`;
  }

  toPrompt(): string {
    return this.content;
  }
}

const HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;

function splitAtHeadings(text: string): ManualSection[] {
  const sections: { title: string; lines: string[] }[] = [];
  let current = { title: "Overview", lines: [] as string[] };
  // A `#` line inside a fenced code block (a shell comment) is not a heading.
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || fence === marker)) {
      fence = fence === undefined ? marker : undefined;
    }
    const heading = fence === undefined ? HEADING.exec(line) : null;
    if (heading?.[1] !== undefined) {
      if (current.lines.join("").trim() !== "") sections.push(current);
      current = { title: heading[1], lines: [] };
    }
    current.lines.push(line);
  }
  if (current.lines.join("").trim() !== "" || sections.length === 0) sections.push(current);
  return sections.map(({ title, lines }) => ({ title, content: lines.join("\n").trim() }));
}

function firstLine(text: string): string | undefined {
  const line = text
    .split("\n")
    .map((part) => part.replace(/^#+\s*/, "").trim())
    .find((part) => part !== "");
  return line === undefined ? undefined : line.slice(0, 120);
}
