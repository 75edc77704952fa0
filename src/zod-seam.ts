/**
 * The one place in `src/` that knows there are two Zod majors.
 *
 * A schema is a Zod 4 schema when it carries `_zod`, a Zod 3 schema (including
 * `zod/v3`) when it carries `_def` and no `_zod`. We never use `instanceof` on Zod
 * classes: a project may hold two copies of Zod, or both majors.
 *
 * @module
 */
import { safeParseAsync as safeParseAsyncV4, safeParse as safeParseV4 } from "zod/v4/core";

/** A Zod 4 schema (classic, mini or core), read structurally. */
export interface Zod4Schema {
  readonly _zod: { readonly input: unknown; readonly output: unknown; readonly def: unknown };
}

/** A Zod 3 schema (`zod/v3` or `zod@3`), read structurally. */
export interface Zod3Schema {
  readonly _def: unknown;
  readonly _input: unknown;
  readonly _output: unknown;
  safeParse(value: unknown): unknown;
  safeParseAsync(value: unknown): Promise<unknown>;
}

/** Any schema toolwright accepts: Zod 4 or Zod 3. */
export type AnySchema = Zod4Schema | Zod3Schema;

/** What a schema parses to (`z.output`), for either major, by one indexed access. */
export type SchemaOutput<S> = S extends Zod4Schema
  ? S["_zod"]["output"]
  : S extends Zod3Schema
    ? S["_output"]
    : never;

/** What a schema accepts (`z.input`), for either major, by one indexed access. */
export type SchemaInput<S> = S extends Zod4Schema
  ? S["_zod"]["input"]
  : S extends Zod3Schema
    ? S["_input"]
    : never;

/** An issue as both majors report it. */
export interface SchemaIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** The result of a parse, in the shape both majors share. */
export type ParseResult =
  | { readonly success: true; readonly data: unknown }
  | {
      readonly success: false;
      readonly error: Error & { readonly issues: readonly SchemaIssue[] };
    };

/** True when `value` is a Zod 4 or Zod 3 schema. */
export function isSchema(value: unknown): value is AnySchema {
  if (typeof value !== "object" || value === null) return false;
  return (
    "_zod" in value || ("_def" in value && typeof (value as Zod3Schema).safeParse === "function")
  );
}

/** True when `schema` is a Zod 4 schema. */
export function isZod4(schema: AnySchema): schema is Zod4Schema {
  return "_zod" in schema;
}

type ParseMode = "sync" | "async";
const parseModes = new WeakMap<object, ParseMode>();

/**
 * Parses `value` with `schema`, synchronously when the schema allows it.
 *
 * A schema whose refinements or transforms are declared `async` (or that holds a
 * `z.promise`, or a check whose callback Zod hides: a Zod 3 `.refine`, a Zod 4
 * `.superRefine`) is parsed asynchronously from its first call. Every other schema is
 * parsed synchronously, which is what keeps the boundary near a raw `schema.parse`.
 * A plain function that returns a Promise is only discovered when a synchronous parse
 * meets it: that one call is re-run asynchronously and the schema is parsed
 * asynchronously from then on. Declaring such callbacks `async` avoids the re-run.
 */
export function parseWith(schema: AnySchema, value: unknown): ParseResult | Promise<ParseResult> {
  let mode = parseModes.get(schema);
  if (mode === undefined) {
    mode = hasAsyncCallback(schema) ? "async" : "sync";
    parseModes.set(schema, mode);
  }
  if (mode === "async") return parseAsync(schema, value);
  try {
    return parseSync(schema, value);
  } catch (error) {
    if (!isAsyncParseError(error)) throw error;
    parseModes.set(schema, "async");
    return parseAsync(schema, value);
  }
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

/** One line per issue: `path: message`, joined with `; `. */
export function describeIssues(issues: readonly SchemaIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

const AsyncFunction = (async () => {}).constructor;

/**
 * True when the schema graph holds a callback declared `async` or a promise schema.
 * Walks every schema reachable through a definition (both majors keep children in
 * plain definition fields), with an explicit stack so deep schemas cannot overflow.
 */
function hasAsyncCallback(root: AnySchema): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    const def = definitionOf(node);
    if (def === undefined) continue;
    if (isPromiseSchema(def) || isOpaqueCheck(def)) return true;
    for (const value of fieldsOf(def)) {
      if (value instanceof AsyncFunction) return true;
      pushChildren(stack, value);
    }
  }
  return false;
}

function definitionOf(node: object): Record<string, unknown> | undefined {
  const zod = (node as { _zod?: { def?: unknown } })._zod;
  const def = zod ? zod.def : (node as { _def?: unknown })._def;
  return typeof def === "object" && def !== null ? (def as Record<string, unknown>) : undefined;
}

function isPromiseSchema(def: Record<string, unknown>): boolean {
  return def.type === "promise" || def.typeName === "ZodPromise";
}

/**
 * A check whose callback sits in a closure, so whether it is `async` cannot be seen:
 * Zod 3's `.refine` wraps its callback, Zod 4's `.superRefine` and `.check` keep
 * theirs outside the definition. A synchronous attempt would run the schema's
 * transforms, meet the promise and start over, running them twice; such a schema is
 * therefore parsed asynchronously from its first call.
 */
function isOpaqueCheck(def: Record<string, unknown>): boolean {
  if (def.typeName === "ZodEffects") {
    return (def.effect as { type?: unknown } | undefined)?.type === "refinement";
  }
  return def.check === "custom" && typeof def.fn !== "function";
}

function* fieldsOf(def: Record<string, unknown>): Iterable<unknown> {
  for (const key of Object.keys(def)) {
    const value = safeRead(def, key);
    // Zod 3 keeps an object's shape and a lazy's target behind functions.
    if ((key === "shape" || key === "getter") && typeof value === "function") {
      yield safeCall(value as () => unknown);
    }
    // A refinement or transform callback sits one level down, in an effect or a check.
    if (key === "effect" && typeof value === "object" && value !== null) {
      yield* Object.values(value);
    }
    yield value;
  }
}

function pushChildren(stack: unknown[], value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) stack.push(item);
  } else if (value instanceof Map) {
    for (const item of value.values()) stack.push(item);
  } else if (typeof value === "object" && value !== null) {
    if (definitionOf(value)) stack.push(value);
    else for (const key of Object.keys(value)) stack.push(safeRead(value, key));
  }
}

function safeRead(target: object, key: string): unknown {
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function safeCall(fn: () => unknown): unknown {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
