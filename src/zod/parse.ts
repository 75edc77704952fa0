/**
 * Parsing with a schema of either major: synchronously whenever the schema allows it,
 * so a boundary that parses stays near the cost of a raw `schema.parse`.
 *
 * Every schema is parsed through its own `safeParse`/`safeParseAsync` (Zod 3, Zod 4
 * classic and `zod/mini` all have them), so nothing of Zod is imported here. Only a bare
 * `zod/v4/core` schema, which has no methods, is parsed by the installed core, through
 * the converters (loaded on demand).
 *
 * @module
 */
import { hasAsyncCallback } from "./async-callbacks";
import { loader } from "./load";
import { loadConverters } from "./load-converters";
import type { AnySchema, SchemaError, SchemaIssue } from "./schema";

/** The result of a parse, in the shape both majors share. */
export type ParseResult =
  | { readonly success: true; readonly data: unknown }
  | { readonly success: false; readonly error: SchemaError };

/** What parses a schema synchronously: the schema itself, for both classic majors. */
export interface SyncParse {
  safeParse(value: unknown): ParseResult;
}

/** How one schema is parsed, made once per schema and cached (see {@link parserFor}). */
export interface Parser {
  readonly schema: AnySchema;
  /** Its synchronous parse: the schema's own `safeParse`, or core's (a bare `zod/v4/core` schema). */
  readonly syncParse: SyncParse;
  /** Decided on the first parse, so that defining a tool walks no schema. */
  mode: "sync" | "async" | undefined;
  /**
   * `syncParse` while a synchronous parse is known to do; `undefined` until the first
   * parse and once the schema is parsed asynchronously. A hot path calls
   * `sync.safeParse` at a call site of its own: the site's type feedback then holds only
   * its own schemas, where a shared helper's would hold every schema's (measurably
   * dearer).
   */
  sync: SyncParse | undefined;
}

const parsers = new WeakMap<object, Parser>();

/**
 * The parser of `schema`, made once per schema and cached: a hot path uses it without
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

// Reads `safeParse` now: `undefined` or `null` for a schema throws here, when a tool is
// defined, as it always has.
function createParser(schema: AnySchema): Parser {
  const syncParse: SyncParse =
    typeof (schema as Partial<SyncParse>).safeParse === "function"
      ? (schema as SyncParse)
      : { safeParse: (value) => parseSync(schema, value) };
  return { schema, syncParse, mode: undefined, sync: undefined };
}

/** Parses `value` with `schema`, synchronously when the schema allows it (see {@link parserFor}). */
export function parseWith(schema: AnySchema, value: unknown): ParseResult | Promise<ParseResult> {
  return parse(parserFor(schema), value);
}

/** Parses `value` with `parser`'s schema: synchronously whenever the schema allows it. */
export function parse(parser: Parser, value: unknown): ParseResult | Promise<ParseResult> {
  const sync = syncParseOf(parser);
  if (sync === undefined) return parseAsync(parser.schema, value);
  try {
    return sync.safeParse(value);
  } catch (error) {
    if (!metPromise(parser, error)) throw error;
    return parseAsync(parser.schema, value);
  }
}

/**
 * `parser.sync`, deciding on the first call whether a synchronous parse will do:
 * `undefined` for a schema parsed asynchronously.
 */
function syncParseOf(parser: Parser): SyncParse | undefined {
  if (parser.mode === undefined) {
    parser.mode = hasAsyncCallback(parser.schema) ? "async" : "sync";
    if (parser.mode === "sync") parser.sync = parser.syncParse;
  }
  return parser.sync;
}

/**
 * True when a synchronous parse by `parser` threw `error` because it met a promise (a
 * plain function returning one): the schema is parsed asynchronously from now on, and
 * the caller parses this value again, asynchronously.
 */
export function metPromise(parser: Parser, error: unknown): boolean {
  if (parser.sync === undefined || !isAsyncParseError(error)) return false;
  parser.mode = "async";
  parser.sync = undefined;
  return true;
}

/** Parses synchronously; throws when the schema needs an asynchronous parse. */
export function parseSync(schema: AnySchema, value: unknown): ParseResult {
  // The schema's own method raises its flavour's error class (classic `ZodError`, not
  // core's `$ZodError`), so `cause instanceof ZodError` holds for the user's Zod.
  const own = (schema as { safeParse?: (value: unknown) => unknown }).safeParse;
  if (typeof own === "function") return own.call(schema, value) as ParseResult;
  return loadConverters().coreSafeParse(loader, schema, value);
}

function parseAsync(schema: AnySchema, value: unknown): Promise<ParseResult> {
  const own = (schema as { safeParseAsync?: (value: unknown) => Promise<unknown> }).safeParseAsync;
  if (typeof own === "function") return own.call(schema, value) as Promise<ParseResult>;
  return loadConverters().coreSafeParseAsync(loader, schema, value);
}

function isAsyncParseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.constructor.name === "$ZodAsyncError" ||
    /synchronous parse (operation|encountered promise)/i.test(error.message)
  );
}

/** At most this many issues are described; the rest are counted. */
const MAX_DESCRIBED_ISSUES = 20;
/** The longest description, in characters; the full issues stay on the error. */
const MAX_DESCRIPTION_LENGTH = 4096;

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
  // A custom error map may have named the path already: say it once.
  if (path === "" || issue.message.startsWith(`${path}: `)) return issue.message;
  return `${path}: ${issue.message}`;
}
