/**
 * How a factory-built tool or play validates its result.
 *
 * `defineTool` and `definePlay` return an `execute` that parses the callback's value
 * through `returns`, so calling the definition directly validates too. The wrapper
 * carries a `Symbol.for` mark holding the raw callback and the schema: the boundary
 * reads it, calls the callback itself and parses the result in its own frame, so a
 * validated call costs no async frame beyond the hand-written
 * `returns.parse(await execute(args))`.
 *
 * A direct call that fails throws a tagged violation; the tag is a `Symbol.for` key
 * checked structurally, so two copies of toolwright recognise each other's violations.
 *
 * @module
 */
import { describeIssues, parseWith } from "../zod/parse";
import type { AnySchema, SchemaError } from "../zod/schema";
import type { MaybePromise, ToolExecutionContext } from "./tool-definition";

const RETURNS_VIOLATION = Symbol.for("toolwright.returnsViolation");
const VALIDATES = Symbol.for("toolwright.validatesReturns");

/** A callback as the factories receive it. */
export type RawExecute = (args: unknown, ctx?: ToolExecutionContext) => MaybePromise<unknown>;

/** What the mark on a validating `execute` holds. */
export interface ReturnsValidation {
  /** The author's callback. */
  readonly run: RawExecute;
  /** The schema its value is parsed through. */
  readonly returns: AnySchema;
}

/** A returns violation raised by a direct call, before a boundary has named it. */
export interface ReturnsViolation extends Error {
  /** The `returns` schema the value violated. */
  readonly [RETURNS_VIOLATION]: AnySchema;
  /** The readable detail: one `path: message` per Zod issue. */
  readonly detail: string;
  /** The `ZodError` the `returns` schema raised. */
  readonly cause: SchemaError;
}

/** Wraps `run` so that its value is parsed through `returns`, and marks the wrapper. */
export function validatingExecute(run: RawExecute, returns: AnySchema): RawExecute {
  const execute = async (args: unknown, ctx?: ToolExecutionContext) => {
    const checked = await parseWith(returns, await run(args, ctx));
    if (checked.success) return checked.data;
    throw returnsViolation(returns, checked.error);
  };
  const validation: ReturnsValidation = { run, returns };
  Object.defineProperty(execute, VALIDATES, { value: validation });
  return execute;
}

/** The validation a factory-built `execute` carries, from any copy of toolwright. */
export function validationOf(execute: unknown): ReturnsValidation | undefined {
  if (typeof execute !== "function") return undefined;
  return (execute as { [VALIDATES]?: ReturnsValidation })[VALIDATES];
}

function returnsViolation(schema: AnySchema, zodError: SchemaError): ReturnsViolation {
  const detail = describeIssues(zodError.issues);
  const error = new Error(`output violated its returns schema: ${detail}`, { cause: zodError });
  return Object.assign(error, { [RETURNS_VIOLATION]: schema, detail }) as ReturnsViolation;
}

/**
 * True when `error` is a violation of `returns` itself, thrown by a factory-built
 * `execute` that a hand-written one called. A violation of another schema (a tool
 * whose `execute` calls another tool's `execute`) is not this tool's and passes the
 * boundary by identity.
 */
export function isReturnsViolation(
  error: unknown,
  returns: AnySchema | undefined,
): error is ReturnsViolation {
  if (typeof error !== "object" || error === null || returns === undefined) return false;
  try {
    return (
      (error as Partial<Record<typeof RETURNS_VIOLATION, unknown>>)[RETURNS_VIOLATION] === returns
    );
  } catch {
    return false;
  }
}
