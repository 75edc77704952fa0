/**
 * The CLI's own glob matcher, linear in the length of a name: picomatch (under tinyglobby)
 * compiles `*a*a*a*a*a*.ts` to a regular expression that backtracks for minutes against a
 * long file name. Here a segment is matched by the two-pointer wildcard algorithm (one
 * backtrack point, the last `*`), in O(pattern × name) at worst, and a path by the same
 * algorithm over segments with `**` as the star.
 *
 * Syntax: `*`, `?`, `[abc]`, `[a-z]`, `[!a]` / `[^a]`, `**` as a whole segment, `{a,b}`
 * (nested too, expanded first, at most {@link MAX_ALTERNATIVES}), and `\` escaping the
 * next character. Anything else, extglob parentheses included, is literal.
 *
 * @module
 */

/** The most patterns one glob may expand to through its braces. */
export const MAX_ALTERNATIVES = 1024;

type Token =
  | { readonly kind: "star" }
  | { readonly kind: "any" }
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "class"; readonly test: (char: string) => boolean };

/** A pattern split into segments, each a token list or the globstar. */
export type CompiledGlob = readonly (readonly Token[] | "**")[];

/**
 * The patterns `pattern`'s braces stand for, in order: `a/{b,c{d,e}}` → `a/b`, `a/cd`,
 * `a/ce`. A brace without a top-level comma is literal. Throws a `RangeError` beyond
 * {@link MAX_ALTERNATIVES}.
 */
export function expandBraces(pattern: string): string[] {
  const open = findBrace(pattern);
  if (open === undefined) return [pattern];
  const { start, end, parts } = open;
  const out: string[] = [];
  for (const part of parts) {
    for (const rest of expandBraces(`${pattern.slice(0, start)}${part}${pattern.slice(end + 1)}`)) {
      out.push(rest);
      if (out.length > MAX_ALTERNATIVES) {
        throw new RangeError(
          `the glob '${pattern}' expands to more than ${MAX_ALTERNATIVES} patterns through its braces`,
        );
      }
    }
  }
  return out;
}

/** The first brace group with a top-level comma: its bounds and its alternatives. */
function findBrace(pattern: string) {
  for (let start = 0; start < pattern.length; start += 1) {
    if (pattern[start] === "\\") start += 1;
    else if (pattern[start] === "{") {
      const group = braceGroup(pattern, start);
      if (group !== undefined && group.parts.length > 1) return group;
    }
  }
  return undefined;
}

function braceGroup(pattern: string, start: number) {
  const parts: string[] = [];
  let depth = 0;
  let from = start + 1;
  for (let i = start; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === "\\") i += 1;
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth === 0) {
      parts.push(pattern.slice(from, i));
      return { start, end: i, parts };
    } else if (char === "," && depth === 1) {
      parts.push(pattern.slice(from, i));
      from = i + 1;
    }
  }
  return undefined;
}

/** Compiles one brace-free pattern (`/`-separated) into segments. */
export function compileGlob(pattern: string): CompiledGlob {
  return pattern.split("/").map((segment) => (segment === "**" ? "**" : tokenize(segment)));
}

function tokenize(segment: string): Token[] {
  const chars = Array.from(segment);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] as string;
    if (char === "\\" && i + 1 < chars.length)
      tokens.push({ kind: "char", char: chars[++i] as string });
    else if (char === "*") {
      // `**` inside a segment is one star; consecutive stars add nothing.
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (char === "?") tokens.push({ kind: "any" });
    else if (char === "[") {
      const parsed = characterClass(chars, i);
      if (parsed === undefined) tokens.push({ kind: "char", char });
      else {
        tokens.push(parsed.token);
        i = parsed.end;
      }
    } else tokens.push({ kind: "char", char });
  }
  return tokens;
}

/** `[...]` opening at `start`: its test and its closing index, or none when unclosed. */
function characterClass(chars: readonly string[], start: number) {
  let i = start + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i += 1;
  const ranges: [string, string][] = [];
  for (let first = true; i < chars.length; i += 1, first = false) {
    let char = chars[i] as string;
    if (char === "]" && !first) {
      const test = (c: string) => ranges.some(([lo, hi]) => c >= lo && c <= hi) !== negated;
      return { token: { kind: "class", test } as Token, end: i };
    }
    if (char === "\\" && i + 1 < chars.length) char = chars[++i] as string;
    if (chars[i + 1] === "-" && chars[i + 2] !== undefined && chars[i + 2] !== "]") {
      ranges.push([char, chars[i + 2] as string]);
      i += 2;
    } else ranges.push([char, char]);
  }
  return undefined;
}

/**
 * Whether `path` (`/`-separated, as the pattern was compiled) matches. A wildcard at the
 * start of a segment does not match a leading `.`, as in a shell.
 */
export function matchGlob(glob: CompiledGlob, path: string): boolean {
  const names = path.split("/");
  return wildcard(glob, names, (part) => part === "**", matchSegment);
}

function matchSegment(tokens: readonly Token[] | "**", name: string): boolean {
  if (tokens === "**") return false;
  const chars = Array.from(name);
  if (chars[0] === "." && tokens[0]?.kind !== "char") return false;
  return wildcard(tokens, chars, (token) => token.kind === "star", matchChar);
}

function matchChar(token: Token, char: string): boolean {
  if (token.kind === "any") return true;
  if (token.kind === "char") return token.char === char;
  if (token.kind === "class") return token.test(char);
  return false;
}

/**
 * The two-pointer wildcard match: on a mismatch, only the last star takes one more item.
 * Matching an earlier star differently cannot help once a later one was reached, so this
 * is exact, in O(pattern × items) at worst.
 */
function wildcard<P, I>(
  pattern: readonly P[],
  items: readonly I[],
  isStar: (part: P) => boolean,
  matches: (part: P, item: I) => boolean,
): boolean {
  let p = 0;
  let i = 0;
  let star = -1;
  let resume = 0;
  while (i < items.length) {
    const part = pattern[p];
    if (part !== undefined && isStar(part)) {
      star = p;
      p += 1;
      resume = i;
    } else if (part !== undefined && matches(part, items[i] as I)) {
      p += 1;
      i += 1;
    } else if (star >= 0) {
      p = star + 1;
      resume += 1;
      i = resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && isStar(pattern[p] as P)) p += 1;
  return p === pattern.length;
}
