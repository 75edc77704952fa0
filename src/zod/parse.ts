/**
 * Parsing with a schema of either major: synchronously whenever the schema allows it,
 * so a boundary that parses stays near the cost of a raw `schema.parse`.
 *
 * @module
 */
import { safeParseAsync as safeParseAsyncV4, safeParse as safeParseV4 } from "zod/v4/core";
import { hasAsyncCallback } from "./async-callbacks";
import type { AnySchema, SchemaError, SchemaIssue } from "./schema";

/** The result of a parse, in the shape both majors share. */
export type ParseResult =
  | { readonly success: true; readonly data: unknown }
  | { readonly success: false; readonly error: SchemaError };

/** Parses one value; synchronous whenever the schema allows it. */
export type Parser = (value: unknown) => ParseResult | Promise<ParseResult>;

const parsers = new WeakMap<object, Parser>();

/**
 * The parser of `schema`, made once per schema and cached: a hot path calls it without
 * looking anything up again.
 *
 * A schema whose refinements or transforms are declared `async` (or that holds a
 * `z.promise`, or a check whose callback Zod hides: a Zod 3 `.refine`, a Zod 4
 * `.superRefine`) is parsed asynchronously from its first call. Every other schema is
 * parsed synchronously, which is what keeps the boundary near a raw `schema.parse`.
 * A plain function that returns a Promise is only discovered when a synchronous parse
 * meets it: that one call is re-run asynchronously and the schema is parsed
 * asynchronously from then on. Declaring such callbacks `async` avoids the re-run.
 */
export function parserFor(schema: AnySchema): Parser {
  // Not a schema at all: no cache entry; the parse itself will say what is wrong.
  if (typeof schema !== "object" || schema === null) return createParser(schema);
  let parser = parsers.get(schema);
  if (parser === undefined) {
    parser = createParser(schema);
    parsers.set(schema, parser);
  }
  return parser;
}

/** Parses `value` with `schema`, synchronously when the schema allows it (see {@link parserFor}). */
export function parseWith(schema: AnySchema, value: unknown): ParseResult | Promise<ParseResult> {
  return parserFor(schema)(value);
}

function createParser(schema: AnySchema): Parser {
  // Decided on the first call, so that defining a tool walks no schema.
  let mode: "sync" | "async" | undefined;
  const own = schema as { safeParse?: (value: unknown) => ParseResult };
  const sync: (value: unknown) => ParseResult =
    typeof own.safeParse === "function"
      ? (value) => (own as { safeParse(value: unknown): ParseResult }).safeParse(value)
      : (value) => parseSync(schema, value);
  return (value) => {
    mode ??= hasAsyncCallback(schema) ? "async" : "sync";
    if (mode === "async") return parseAsync(schema, value);
    try {
      return sync(value);
    } catch (error) {
      if (!isAsyncParseError(error)) throw error;
      mode = "async";
      return parseAsync(schema, value);
    }
  };
}

/** Parses synchronously; throws when the schema needs an asynchronous parse. */
export function parseSync(schema: AnySchema, value: unknown): ParseResult {
  // The schema's own method raises its flavour's error class (classic `ZodError`, not
  // core's `$ZodError`), so `cause instanceof ZodError` holds for the user's Zod.
  const own = (schema as { safeParse?: (value: unknown) => unknown }).safeParse;
  if (typeof own === "function") return own.call(schema, value) as ParseResult;
  return safeParseV4(schema as never, value) as ParseResult;
}

function parseAsync(schema: AnySchema, value: unknown): Promise<ParseResult> {
  const own = (schema as { safeParseAsync?: (value: unknown) => Promise<unknown> }).safeParseAsync;
  if (typeof own === "function") return own.call(schema, value) as Promise<ParseResult>;
  return safeParseAsyncV4(schema as never, value) as Promise<ParseResult>;
}

function isAsyncParseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.constructor.name === "$ZodAsyncError" ||
    /synchronous parse (operation|encountered promise)/i.test(error.message)
  );
}

/** At most this many issues are described; the rest are counted. */
export const MAX_DESCRIBED_ISSUES = 20;
/** The longest description, in characters; the full issues stay on the error. */
export const MAX_DESCRIPTION_LENGTH = 4096;

/**
 * One `path: message` per issue, joined with `; `: at most {@link MAX_DESCRIBED_ISSUES} of
 * them, then `; and N more issues`, and at most {@link MAX_DESCRIPTION_LENGTH} characters, so
 * that 100,000 invalid items make a message a person or a model can read. The `ZodError`
 * with every issue stays the error's `cause`.
 */
export function describeIssues(issues: readonly SchemaIssue[]): string {
  const shown = issues.slice(0, MAX_DESCRIBED_ISSUES).map(describeIssue);
  const hidden = issues.length - shown.length;
  if (hidden > 0) shown.push(`and ${hidden} more issue${hidden === 1 ? "" : "s"}`);
  const text = shown.join("; ");
  if (text.length <= MAX_DESCRIPTION_LENGTH) return text;
  const marker = " … (truncated)";
  return text.slice(0, MAX_DESCRIPTION_LENGTH - marker.length) + marker;
}

function describeIssue(issue: SchemaIssue): string {
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}
