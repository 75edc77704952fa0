/**
 * The boundary: the one function through which every tool and play call runs, whoever
 * asks (`Toolbox.execute`, `Playbook.execute`, `toolSet`, the MCP server).
 *
 * It looks the callable up by name, parses the arguments exactly once, runs the
 * callable, validates the result of a factory-built one, and reports what happened as
 * a tagged {@link BoundaryOutcome}. It never throws and never names anything: each
 * caller settles the outcome its own way (a thrown named error, a play's `{ error }`
 * envelope, a `CallOutcome`). Settling runs in the same async frame, so the boundary
 * adds no frame of its own to the hand-written `returns.parse(await execute(args))`.
 *
 * @module
 */
import { describeIssues, type ParseResult, parseWith } from "../zod/parse";
import type { AnySchema, SchemaError } from "../zod/schema";
import { isReturnsViolation, type ReturnsValidation, validationOf } from "./returns-validation";
import type { MaybePromise, ToolExecutionContext } from "./tool-definition";

/** A tool or play as the boundary sees it. */
export interface Callable {
  readonly parameters: AnySchema;
  readonly returns?: AnySchema;
  execute(args: unknown, ctx?: ToolExecutionContext): MaybePromise<unknown>;
}

/** What happened to one call, before anyone has named it. */
export type BoundaryOutcome =
  | { readonly kind: "value"; readonly name: string; readonly value: unknown }
  | { readonly kind: "unknown-name"; readonly name: string }
  | {
      readonly kind: "invalid-arguments" | "invalid-output";
      readonly name: string;
      readonly error: SchemaError;
      /** One `path: message` per issue. */
      readonly detail: string;
    }
  | { readonly kind: "thrown"; readonly name: string; readonly error: unknown };

/** How a call comes back to a host: the value, or the readable message of what went wrong. */
export type CallOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/** An outcome that is not a value: what went wrong, and with which call. */
export type FailedOutcome = Exclude<BoundaryOutcome, { readonly kind: "value" }>;

/** How a caller turns an outcome into what it returns (or throws). */
export type Settle<Owner, T> = (outcome: BoundaryOutcome, owner: Owner) => T;

/**
 * Runs the callable `name` of `callables` on `args` and settles the outcome with
 * `settle(outcome, owner)`. Rejects only if `settle` throws.
 */
export async function runCall<Owner, T>(
  callables: Readonly<Record<string, Callable>>,
  name: string,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
  settle: Settle<Owner, T>,
  owner: Owner,
): Promise<T> {
  let callable: Callable | undefined;
  let outcome: BoundaryOutcome;
  // Each step awaits only a real promise: a synchronous step costs no microtask.
  try {
    callable = Object.hasOwn(callables, name) ? callables[name] : undefined;
    let parsed = callable && parseWith(callable.parameters, args);
    if (parsed instanceof Promise) parsed = await parsed;
    if (callable === undefined || parsed === undefined) {
      outcome = { kind: "unknown-name", name };
    } else if (!parsed.success) {
      outcome = schemaFailure("invalid-arguments", name, parsed.error);
    } else {
      const validation = validationOf(callable.execute);
      let value = start(callable, validation, parsed.data, ctx);
      if (isThenable(value)) value = await value;
      let checked = validation && validated(name, validation.returns, value);
      if (checked instanceof Promise) checked = await checked;
      outcome = checked ?? { kind: "value", name, value };
    }
  } catch (error) {
    outcome = isReturnsViolation(error, callable?.returns)
      ? { kind: "invalid-output", name, error: error.cause, detail: error.detail }
      : { kind: "thrown", name, error };
  }
  return settle(outcome, owner);
}

// A factory-built callable runs its raw callback: the boundary validates the result itself.
function start(
  callable: Callable,
  validation: ReturnsValidation | undefined,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
): unknown {
  return validation === undefined ? callable.execute(args, ctx) : validation.run(args, ctx);
}

// The result parsed through `returns`: synchronous (no promise) for a synchronous schema.
function validated(
  name: string,
  returns: AnySchema,
  value: unknown,
): BoundaryOutcome | Promise<BoundaryOutcome> {
  const checked = parseWith(returns, value);
  return checked instanceof Promise
    ? checked.then((settled) => checkedOutcome(name, settled))
    : checkedOutcome(name, checked);
}

function checkedOutcome(name: string, checked: ParseResult): BoundaryOutcome {
  return checked.success
    ? { kind: "value", name, value: checked.data }
    : schemaFailure("invalid-output", name, checked.error);
}

function schemaFailure(
  kind: "invalid-arguments" | "invalid-output",
  name: string,
  error: SchemaError,
): BoundaryOutcome {
  return { kind, name, error, detail: describeIssues(error.issues) };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value instanceof Promise ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as { then?: unknown }).then === "function")
  );
}
