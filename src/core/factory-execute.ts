/**
 * The `execute` a factory (`defineTool`, `definePlay`) builds around the author's
 * callback.
 *
 * Called directly, it runs the callback and, when the definition validates its result,
 * parses the value through `returns`. It also carries a `Symbol.for` mark holding the
 * raw callback and the parsers of both schemas, made once: the boundary reads the mark,
 * parses and calls in its own frame, and so costs no async frame and no lookup beyond the
 * hand-written `returns.parse(await execute(parameters.parse(args)))`.
 *
 * A direct call whose result fails `returns` throws a tagged violation; the tag is a
 * `Symbol.for` key checked structurally, so two copies of toolwright recognise each
 * other's violations.
 *
 * @module
 */
import { type CallControls, checkControls, type Resolved, resolveControls } from "../call/controls";
import { describeIssues, type Parser, parse, parserFor } from "../zod/parse";
import type { AnySchema, SchemaError } from "../zod/schema";
import type { CallableKind } from "./errors";
import type { MaybePromise, ToolExecutionContext } from "./tool-definition";

const RETURNS_VIOLATION = Symbol.for("toolwright.returnsViolation");
const FACTORY = Symbol.for("toolwright.factoryExecute");

/** A callback as the factories receive it. */
export type RawExecute = (args: unknown, ctx?: ToolExecutionContext) => MaybePromise<unknown>;

/** What the mark on a factory-built `execute` holds. */
export interface FactoryExecute {
  /** The author's callback. */
  readonly run: RawExecute;
  /** The `parameters` schema the definition was built with. */
  readonly parameters: AnySchema;
  /** Its parser. */
  readonly parseArguments: Parser;
  /** The `returns` schema the result is parsed through; `undefined` when not validated. */
  readonly returns: AnySchema | undefined;
  /** Its parser; `undefined` when the result is not validated. */
  readonly parseResult: Parser | undefined;
  /** The `controls` the definition was built with. */
  readonly declared: CallControls | undefined;
  /** Those controls, resolved (checked where they were written). */
  readonly resolved: Resolved;
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

/**
 * Builds the marked `execute` around `run`: validating through `returns` when
 * `validateReturns` says so, otherwise passing the callback's value through untouched.
 * `controls` are checked and resolved here, so that a bad one throws a `TypeError` naming
 * `factory` where it is written.
 */
export function factoryExecute(
  kind: CallableKind,
  factory: string,
  run: RawExecute,
  parameters: AnySchema,
  declaredReturns: AnySchema | undefined,
  validateReturns: boolean,
  controls: CallControls | undefined,
): RawExecute {
  const resolved = resolveControls(kind, factory, parameters, checkControls(controls, factory));
  const returns = validateReturns ? declaredReturns : undefined;
  const parseResult = returns === undefined ? undefined : parserFor(returns);
  const execute =
    returns === undefined || parseResult === undefined
      ? (args: unknown, ctx?: ToolExecutionContext) => run(args, ctx)
      : async (args: unknown, ctx?: ToolExecutionContext) => {
          const checked = await parse(parseResult, await run(args, ctx));
          if (checked.success) return checked.data;
          throw returnsViolation(returns, checked.error);
        };
  const mark: FactoryExecute = {
    run,
    parameters,
    parseArguments: parserFor(parameters),
    returns,
    parseResult,
    declared: controls,
    resolved,
  };
  Object.defineProperty(execute, FACTORY, { value: mark });
  return execute;
}

/**
 * The mark of `callable`'s `execute`, while `callable.parameters` is still the schema it
 * was built with (a definition copied with other parameters is read as hand-written).
 */
export function planOf(callable: {
  readonly parameters: unknown;
  readonly execute: unknown;
}): FactoryExecute | undefined {
  const factory = factoryOf(callable.execute);
  return factory?.parameters === callable.parameters ? factory : undefined;
}

/** The mark of a factory-built `execute`, from any copy of toolwright. */
export function factoryOf(execute: unknown): FactoryExecute | undefined {
  if (typeof execute !== "function") return undefined;
  return (execute as { [FACTORY]?: FactoryExecute })[FACTORY];
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
