/**
 * The internal tag on an error thrown when a factory-built tool or play returns a
 * value its `returns` schema rejects. The boundary (`Toolbox.execute`,
 * `Playbook.execute`) recognises the tag and renames the error after the tool.
 *
 * The tag is a `Symbol.for` key checked structurally, so two copies of toolwright
 * in one process still recognise each other's violations.
 *
 * @module
 */
import {
  type AnySchema,
  describeIssues,
  type ParseResult,
  parseWith,
  type SchemaIssue,
} from "./zod-seam";

const RETURNS_VIOLATION = Symbol.for("toolwright.returnsViolation");

/** A returns violation before the boundary has named it. */
export interface ReturnsViolation extends Error {
  /** The `returns` schema the value violated. */
  readonly [RETURNS_VIOLATION]: AnySchema;
  /** The readable detail: one `path: message` per Zod issue. */
  readonly detail: string;
  /** The `ZodError` the `returns` schema raised. */
  readonly cause: Error & { readonly issues: readonly SchemaIssue[] };
}

/** Builds the tagged error for a rejected output. */
export function returnsViolation(
  schema: AnySchema,
  zodError: Error & { readonly issues: readonly SchemaIssue[] },
): ReturnsViolation {
  const detail = describeIssues(zodError.issues);
  const error = new Error(`output violated its returns schema: ${detail}`, { cause: zodError });
  return Object.assign(error, { [RETURNS_VIOLATION]: schema, detail }) as ReturnsViolation;
}

/**
 * True when `error` is a violation of `returns` itself. A violation of another
 * schema (a tool whose `execute` calls another tool's `execute`) is not this tool's
 * and passes the boundary by identity.
 */
export function isReturnsViolation(
  error: unknown,
  returns: AnySchema | undefined,
): error is ReturnsViolation {
  return (
    typeof error === "object" &&
    error !== null &&
    returns !== undefined &&
    (error as Partial<Record<typeof RETURNS_VIOLATION, unknown>>)[RETURNS_VIOLATION] === returns
  );
}

/**
 * Parses a callback's value through its `returns` schema: the parsed value
 * (defaults, transforms and key stripping applied) on success, the tagged
 * violation thrown on failure. Synchronous when the schema parses synchronously, so
 * the boundary adds no promise of its own on the common path.
 */
export function parseReturns(schema: AnySchema, value: unknown): unknown {
  const result = parseWith(schema, value);
  return result instanceof Promise
    ? result.then((settled) => unwrap(schema, settled))
    : unwrap(schema, result);
}

function unwrap(schema: AnySchema, result: ParseResult): unknown {
  if (result.success) return result.data;
  throw returnsViolation(schema, result.error);
}
