/**
 * The boundary: the one function through which every tool and play call runs, whoever
 * asks (`Toolbox.execute`, `Playbook.execute`, `toolSet`, and so the MCP server and the
 * provider adapters).
 *
 * It looks the callable up by name, parses the arguments exactly once, runs the
 * callable, validates the result of a factory-built one, and reports what happened as a
 * tagged {@link BoundaryOutcome}: a value, an unknown name, invalid arguments, an output
 * violation, or what the callable threw. It never names anything: each caller settles
 * the outcome its own way (a thrown named error, a play's `{ error }` envelope, a
 * `CallOutcome`), in the same async frame, so the boundary adds no frame of its own to the
 * hand-written `returns.parse(await execute(parameters.parse(args)))`.
 *
 * @module
 */
import { describeIssues, parserFor } from "../zod/parse";
import type { AnySchema, SchemaError, SchemaIssue } from "../zod/schema";
import { messageOf } from "./describe";
import { factoryOf, isReturnsViolation } from "./factory-execute";
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
      /** The `ZodError`, or what the schema threw while parsing (a refinement, a stack overflow). */
      readonly error: unknown;
      /** The schema's issues; none when it threw. */
      readonly issues: readonly SchemaIssue[];
      /** What went wrong, readable: one `path: message` per issue, bounded. */
      readonly detail: string;
    }
  | { readonly kind: "thrown"; readonly name: string; readonly error: unknown };

/** How a call comes back to a host: the value, or the readable message of what went wrong. */
export type CallOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/** An outcome that is not a value: what went wrong, and with which call. */
export type FailedOutcome = Exclude<BoundaryOutcome, { readonly kind: "value" }>;

/**
 * What a caller of the boundary brings: where its callables are, and how it settles an
 * outcome into what it returns (or throws). A value outcome goes to `value`, which must
 * not throw; every other goes to `failure`. Split in two so that a successful call
 * allocates no outcome object.
 */
export interface Caller<Owner, T> {
  /** The owner's record of callables, e.g. a toolbox's `tools`. */
  callables(owner: Owner): Readonly<Record<string, Callable>>;
  value(value: unknown, owner: Owner, name: string): T;
  failure(outcome: FailedOutcome, owner: Owner): T;
}

/**
 * Runs the callable `name` of `owner` on `args` and settles its outcome through
 * `caller`. Rejects only with what `caller.failure` throws.
 *
 * One async function on purpose: a helper that awaited would add the frame the boundary
 * exists not to add.
 */
export async function runCall<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  name: string,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
): Promise<T> {
  let callable: Callable | undefined;
  let value: unknown;
  let failed: FailedOutcome | undefined;
  let parsing = false;
  // Each step awaits only a real promise: a synchronous step costs no microtask.
  try {
    const callables = caller.callables(owner);
    callable = Object.hasOwn(callables, name) ? callables[name] : undefined;
    if (callable === undefined) {
      failed = { kind: "unknown-name", name };
    } else {
      // A factory-built callable brings its parsers and raw callback, made once, as long
      // as its `parameters` are still the ones it was built with.
      const factory = factoryOf(callable.execute);
      const plan = factory?.parameters === callable.parameters ? factory : undefined;
      parsing = true;
      let parsed = (plan?.parseArguments ?? parserFor(callable.parameters))(args);
      if (parsed instanceof Promise) parsed = await parsed;
      parsing = false;
      if (!parsed.success) {
        failed = schemaFailure("invalid-arguments", name, parsed.error);
      } else {
        value =
          plan === undefined ? callable.execute(parsed.data, ctx) : plan.run(parsed.data, ctx);
        if (isThenable(value)) value = await value;
        let checked = plan?.parseResult?.(value);
        if (checked instanceof Promise) checked = await checked;
        if (checked?.success === false)
          failed = schemaFailure("invalid-output", name, checked.error);
        else if (checked !== undefined) value = checked.data;
      }
    }
  } catch (error) {
    failed = parsing ? parseThrew(name, error) : thrownFailure(name, error, callable);
  }
  return failed === undefined ? caller.value(value, owner, name) : caller.failure(failed, owner);
}

function schemaFailure(
  kind: "invalid-arguments" | "invalid-output",
  name: string,
  error: SchemaError,
): FailedOutcome {
  return { kind, name, error, issues: error.issues, detail: describeIssues(error.issues) };
}

// A refinement or transform that throws, or input deep enough to overflow the stack, is
// still the arguments' fault: named as such, never escaping as a bare error.
function parseThrew(name: string, error: unknown): FailedOutcome {
  const detail = `parsing them threw: ${messageOf(error)}`;
  return { kind: "invalid-arguments", name, error, issues: [], detail };
}

function thrownFailure(
  name: string,
  error: unknown,
  callable: Callable | undefined,
): FailedOutcome {
  if (!isReturnsViolation(error, callable?.returns)) return { kind: "thrown", name, error };
  const { cause } = error;
  return { kind: "invalid-output", name, error: cause, issues: cause.issues, detail: error.detail };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value instanceof Promise ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as { then?: unknown }).then === "function")
  );
}
