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
 * `CallOutcome`), where the call continues after the callable's promise, so the boundary
 * adds no async frame of its own to the hand-written
 * `returns.parse(await execute(parameters.parse(args)))`.
 *
 * @module
 */
import {
  describeIssues,
  metPromise,
  type ParseResult,
  type Parser,
  parse,
  parserFor,
  type SyncParse,
} from "../zod/parse";
import { parametersSchema } from "../zod/raw-shape";
import type { AnySchema, RawShape, SchemaError, SchemaIssue } from "../zod/schema";
import { messageOf } from "./describe";
import { type FactoryExecute, factoryOf, isReturnsViolation } from "./factory-execute";
import type { MaybePromise, ToolExecutionContext } from "./tool-definition";

/** A tool or play as the boundary sees it. */
export interface Callable {
  readonly parameters: AnySchema | RawShape;
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
 * The common case, a factory-built callable whose schemas are known to parse
 * synchronously, goes to {@link runDirect}: it adds no async frame of its own, so it costs
 * what the hand-written `returns.parse(await execute(parameters.parse(args)))` costs.
 * Anything else (a hand-written callable, a schema parsed asynchronously or not parsed
 * yet) goes to {@link runAny}, one async function. Either way, the promise returned
 * settles after as many microtasks as the hand-written code takes (but for the one call
 * on which a schema turns out to need an asynchronous parse after all).
 */
export function runCall<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  name: string,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
): Promise<T> {
  let callable: Callable | undefined;
  let plan: FactoryExecute | undefined;
  try {
    const callables = caller.callables(owner);
    callable = ownProperty.call(callables, name) ? callables[name] : undefined;
    if (callable !== undefined) plan = planOf(callable);
  } catch (error) {
    return settleFailure(caller, owner, thrownFailure(name, error, callable));
  }
  if (callable === undefined) return settleFailure(caller, owner, { kind: "unknown-name", name });
  return plan !== undefined && isDirect(plan)
    ? runDirect(caller, owner, name, callable, plan, args, ctx)
    : runAny(caller, owner, name, callable, plan, args, ctx);
}

/** The same test as `Object.hasOwn`, measurably cheaper on this path in V8. */
const ownProperty = Object.prototype.hasOwnProperty;

/**
 * The factory mark of `callable`'s `execute`, while `callable.parameters` is still the
 * schema it was built with: its parsers and raw callback, made once.
 */
function planOf(callable: Callable): FactoryExecute | undefined {
  const factory = factoryOf(callable.execute);
  return factory?.parameters === callable.parameters ? factory : undefined;
}

/** True when both of the plan's schemas are known to parse synchronously. */
function isDirect(plan: FactoryExecute): boolean {
  return (
    plan.parseArguments.sync !== undefined &&
    (plan.parseResult === undefined || plan.parseResult.sync !== undefined)
  );
}

/**
 * A call whose schemas are known to parse synchronously: the arguments parsed right here
 * (see `Parser.sync`), the callable run, and its promise continued with `then`. That
 * takes the microtasks an `await` takes, with less work: no generator to save and
 * restore, no `try` around an `await` (each cost a few percent of a tiny call, measured
 * by `npm run bench -- boundary`). Whatever settles synchronously goes through an async
 * helper, so that a `caller.failure` that throws still rejects.
 */
function runDirect<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  plan: FactoryExecute,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
): Promise<T> {
  let parsed: ParseResult;
  try {
    parsed = (plan.parseArguments.sync as SyncParse).safeParse(args);
  } catch (error) {
    // The parse met a promise (a plain function returning one): the schema is parsed
    // asynchronously from now on, and this call runs again, since nothing has run yet.
    if (metPromise(plan.parseArguments, error)) return runCall(caller, owner, name, args, ctx);
    return settleFailure(caller, owner, parseThrew(name, error));
  }
  if (!parsed.success) {
    return settleFailure(caller, owner, schemaFailure("invalid-arguments", name, parsed.error));
  }
  let value: unknown;
  try {
    value = plan.run(parsed.data, ctx);
  } catch (error) {
    return settleFailure(caller, owner, thrownFailure(name, error, callable));
  }
  const parser = plan.parseResult;
  // Only a native promise, as `await` itself would take it; anything else is awaited.
  if (!isNativePromise(value)) return settleAwaited(caller, owner, name, callable, parser, value);
  return value.then(
    (resolved) => settleDirect(caller, owner, name, callable, parser, resolved),
    (error) => caller.failure(thrownFailure(name, error, callable), owner),
  );
}

/** `then` as the platform defines it when this module loads. */
const promiseThen = Promise.prototype.then;

/**
 * A promise whose `then` does what `await` does: a native one (not a subclass's, whose
 * continuation would be a subclass's promise), with the platform's `then`, which V8
 * inlines where it is called as a method.
 */
function isNativePromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise && value.constructor === Promise && value.then === promiseThen;
}

/** The rest of a direct call whose callable returned a value or a non-native thenable. */
async function settleAwaited<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  parser: Parser | undefined,
  value: unknown,
): Promise<T> {
  try {
    if (isThenable(value)) value = await value;
  } catch (error) {
    return caller.failure(thrownFailure(name, error, callable), owner);
  }
  return settleDirect(caller, owner, name, callable, parser, value);
}

/**
 * Settles the value of a direct call, parsed through `parser` when there is one, at a
 * call site of its own.
 */
function settleDirect<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  parser: Parser | undefined,
  value: unknown,
): T | Promise<T> {
  if (parser === undefined) return caller.value(value, owner, name);
  let failed: FailedOutcome;
  try {
    // Read now: while the callable ran, another call may have found it asynchronous.
    const sync = parser.sync;
    if (sync === undefined)
      return settleResult(caller, owner, name, callable, parse(parser, value));
    const checked = sync.safeParse(value);
    // `value` must not throw, so settling inside the `try` catches nothing of its own.
    if (checked.success) return caller.value(checked.data, owner, name);
    failed = schemaFailure("invalid-output", name, checked.error);
  } catch (error) {
    // Met a promise: parsed again, asynchronously, this once.
    if (metPromise(parser, error)) {
      return settleResult(caller, owner, name, callable, parse(parser, value));
    }
    failed = thrownFailure(name, error, callable);
  }
  return caller.failure(failed, owner);
}

/**
 * Any other call: a hand-written callable, or a schema parsed asynchronously or not parsed
 * yet (the first parse decides). Each step awaits only a real promise, so a synchronous
 * one costs no microtask.
 */
async function runAny<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  plan: FactoryExecute | undefined,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
): Promise<T> {
  let parsing = true;
  let failed: FailedOutcome;
  try {
    // A hand-written callable's raw shape is parsed as the z.object it stands for.
    const parser = plan?.parseArguments ?? parserFor(parametersSchema(callable.parameters));
    let parsed = parse(parser, args);
    if (parsed instanceof Promise) parsed = await parsed;
    parsing = false;
    if (!parsed.success) {
      failed = schemaFailure("invalid-arguments", name, parsed.error);
    } else {
      let value =
        plan === undefined ? callable.execute(parsed.data, ctx) : plan.run(parsed.data, ctx);
      if (isThenable(value)) value = await value;
      const parser = plan?.parseResult;
      // `value` must not throw, so settling inside the `try` catches nothing of its own.
      if (parser === undefined) return caller.value(value, owner, name);
      let checked = parse(parser, value);
      if (checked instanceof Promise) checked = await checked;
      if (checked.success) return caller.value(checked.data, owner, name);
      failed = schemaFailure("invalid-output", name, checked.error);
    }
  } catch (error) {
    failed = parsing ? parseThrew(name, error) : thrownFailure(name, error, callable);
  }
  return caller.failure(failed, owner);
}

/** Settles a direct call's result parsed asynchronously after all (two microtasks more, once). */
async function settleResult<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  parsing: ParseResult | Promise<ParseResult>,
): Promise<T> {
  let failed: FailedOutcome;
  try {
    const checked = await parsing;
    if (checked.success) return caller.value(checked.data, owner, name);
    failed = schemaFailure("invalid-output", name, checked.error);
  } catch (error) {
    failed = thrownFailure(name, error, callable);
  }
  return caller.failure(failed, owner);
}

/** Settles a call that failed before it started, in an async frame: a throw rejects. */
async function settleFailure<Owner, T>(
  caller: Caller<Owner, T>,
  owner: Owner,
  failed: FailedOutcome,
): Promise<T> {
  return caller.failure(failed, owner);
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
