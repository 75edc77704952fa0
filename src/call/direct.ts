/**
 * The direct path: a factory-built callable with nothing to control, no signal to watch,
 * and both schemas known to parse synchronously. Its arguments are parsed right here, the
 * callback run, and its promise continued with `then`, so that a call costs what the
 * hand-written `returns.parse(await execute(parameters.parse(args)))` costs: no async
 * frame of its own, no `try` around an `await` (each costs a few percent of a tiny call,
 * measured by `npm run bench -- boundary`), no outcome object for a value. Hono does the
 * same for a single handler: it does not compose one.
 *
 * @module
 */
import type { FactoryExecute } from "../core/factory-execute";
import type { ToolExecutionContext } from "../core/tool-definition";
import { metPromise, type ParseResult, type Parser, parse, type SyncParse } from "../zod/parse";
import type { Callable, FailedOutcome, Site } from "./call";
import { isThenable, parseThrew, schemaFailure, thrownFailure } from "./run";

/** True when both of the plan's schemas are known to parse synchronously. */
export function isDirect(plan: FactoryExecute): boolean {
  return (
    plan.parseArguments.sync !== undefined &&
    (plan.parseResult === undefined || plan.parseResult.sync !== undefined)
  );
}

/**
 * Runs a direct call and settles it through `site`. Whatever settles synchronously goes
 * through an async helper, so that a `site.failure` that throws still rejects. Returns
 * `undefined` when the arguments' synchronous parse met a promise (a plain function
 * returning one) before anything ran: the schema is parsed asynchronously from then on,
 * and the caller runs the call again. (The call travels as separate arguments, never as an
 * object or a closure: one allocation is a measurable part of a tiny call.)
 */
export function runDirect<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  plan: FactoryExecute,
  args: unknown,
  ctx: ToolExecutionContext | undefined,
): Promise<T> | undefined {
  let parsed: ParseResult;
  try {
    parsed = (plan.parseArguments.sync as SyncParse).safeParse(args);
  } catch (error) {
    if (metPromise(plan.parseArguments, error)) return undefined;
    return settleFailure(site, owner, args, parseThrew(name, error));
  }
  if (!parsed.success) {
    return settleFailure(site, owner, args, schemaFailure("invalid-arguments", name, parsed.error));
  }
  let value: unknown;
  try {
    value = plan.run(parsed.data, ctx);
  } catch (error) {
    return settleFailure(site, owner, args, thrownFailure(name, error, callable));
  }
  const parser = plan.parseResult;
  // Only a native promise, as `await` itself would take it; anything else is awaited.
  if (!isNativePromise(value))
    return settleAwaited(site, owner, name, callable, args, parser, value);
  return value.then(
    (resolved) => settleDirect(site, owner, name, callable, args, parser, resolved),
    (error) => fail(site, owner, args, thrownFailure(name, error, callable)),
  );
}

/** `then` as the platform defines it when this module loads. */
const promiseThen = Promise.prototype.then;

/**
 * A promise whose `then` does what `await` does: a native one (not a subclass's, whose
 * continuation would be a subclass's promise), with the platform's `then`, which V8
 * inlines where it is called as a method. A Proxy's traps may throw here: it is no
 * native promise, and the awaited path reads it where a throw fails the call.
 */
function isNativePromise(value: unknown): value is Promise<unknown> {
  try {
    return value instanceof Promise && value.constructor === Promise && value.then === promiseThen;
  } catch {
    return false;
  }
}

function fail<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  args: unknown,
  outcome: FailedOutcome,
): T {
  return site.failure(outcome, owner, { args, controls: undefined });
}

/** The rest of a direct call whose callable returned a value or a non-native thenable. */
async function settleAwaited<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  args: unknown,
  parser: Parser | undefined,
  value: unknown,
): Promise<T> {
  try {
    if (isThenable(value)) value = await value;
  } catch (error) {
    return fail(site, owner, args, thrownFailure(name, error, callable));
  }
  return settleDirect(site, owner, name, callable, args, parser, value);
}

/**
 * Settles the value of a direct call, parsed through `parser` when there is one, at a
 * call site of its own.
 */
function settleDirect<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  args: unknown,
  parser: Parser | undefined,
  value: unknown,
): T | Promise<T> {
  if (parser === undefined) return site.value(value, owner, name);
  let failed: FailedOutcome;
  try {
    // Read now: while the callable ran, another call may have found it asynchronous.
    const sync = parser.sync;
    if (sync === undefined) {
      return settleResult(site, owner, name, callable, args, parse(parser, value));
    }
    const checked = sync.safeParse(value);
    // `value` must not throw, so settling inside the `try` catches nothing of its own.
    if (checked.success) return site.value(checked.data, owner, name);
    failed = schemaFailure("invalid-output", name, checked.error);
  } catch (error) {
    // Met a promise: parsed again, asynchronously, this once.
    if (metPromise(parser, error)) {
      return settleResult(site, owner, name, callable, args, parse(parser, value));
    }
    failed = thrownFailure(name, error, callable);
  }
  return fail(site, owner, args, failed);
}

/** Settles a direct call's result parsed asynchronously after all (two microtasks more, once). */
async function settleResult<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  name: string,
  callable: Callable,
  args: unknown,
  parsing: ParseResult | Promise<ParseResult>,
): Promise<T> {
  let failed: FailedOutcome;
  try {
    const checked = await parsing;
    if (checked.success) return site.value(checked.data, owner, name);
    failed = schemaFailure("invalid-output", name, checked.error);
  } catch (error) {
    failed = thrownFailure(name, error, callable);
  }
  return fail(site, owner, args, failed);
}

/** Settles a call that failed before it started, in an async frame: a throw rejects. */
export async function settleFailure<Owner, T>(
  site: Site<Owner, T>,
  owner: Owner,
  args: unknown,
  failed: FailedOutcome,
): Promise<T> {
  return fail(site, owner, args, failed);
}
