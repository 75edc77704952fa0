/**
 * Streamed partial results: a tool or play whose `execute` is an async generator yields
 * partial values before it returns its result. Each yielded value is parsed by the
 * definition's `partial` schema and handed to `ctx.onPartial`; the generator's return
 * value is the result, checked against `returns` as any other.
 *
 * The driving happens inside the callback a factory hands the pipeline, so the run stage
 * sees an ordinary async callback. Whether a callback streams is decided once, when the
 * tool is defined: an async generator function always does, and any callback of a
 * definition that declares `partial` is looked at when it returns (an async iterable is
 * driven, anything else passes through). Every other callback is handed over as it is,
 * so a tool that does not stream costs what it cost before.
 *
 * @module
 */

import { describeValue, messageOf } from "../core/describe";
import { PartialResultError } from "../core/errors";
import type { RawExecute } from "../core/factory-execute";
import type { ToolExecutionContext } from "../core/tool-definition";
import { describeIssues, type Parser, parse, parserFor } from "../zod/parse";
import type { AnySchema } from "../zod/schema";
import { watchAbort } from "./abort-watch";

/**
 * The callback a factory hands the boundary: `callback` itself when it cannot stream,
 * otherwise a wrapper that drives what it returns when that is an async iterable.
 * Throws a `TypeError` naming `factory` when `partial` is given but is not a schema.
 */
export function streamingRun(
  callback: RawExecute,
  partial: AnySchema | undefined,
  factory: string,
): RawExecute {
  if (partial !== undefined && (typeof partial !== "object" || partial === null)) {
    throw new TypeError(
      `${factory}: partial must be a Zod schema, received ${describeValue(partial)}`,
    );
  }
  if (partial === undefined && !isAsyncGeneratorFunction(callback)) return callback;
  const parser = partial === undefined ? undefined : parserFor(partial);
  return (args, ctx) => {
    const value = callback(args, ctx);
    return isAsyncIterable(value) ? drive(value, parser, ctx) : value;
  };
}

/** Read by its tag rather than `instanceof`, so that a function from any realm counts. */
function isAsyncGeneratorFunction(callback: unknown): boolean {
  return Object.prototype.toString.call(callback) === "[object AsyncGeneratorFunction]";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === "function" &&
    typeof (value as { then?: unknown }).then !== "function"
  );
}

/**
 * Pulls `iterable` to its end: each yielded value parsed and delivered in order, the
 * returned value the result. A generator that yields without awaiting gives the event
 * loop a turn every few milliseconds, so it cannot starve other work. An abort of `ctx.signal` rejects at once with its reason,
 * delivers nothing more, and stops the generator (its `finally` runs when it next
 * yields, or at once when it is waiting at a `yield`).
 */
async function drive(
  iterable: AsyncIterable<unknown, unknown>,
  parser: Parser | undefined,
  ctx: ToolExecutionContext | undefined,
): Promise<unknown> {
  const iterator = iterable[Symbol.asyncIterator]();
  const signal = ctx?.signal;
  if (signal?.aborted) {
    stop(iterator);
    throw signal.reason;
  }
  const abort = signal === undefined ? undefined : abortOf(signal, iterator);
  let turn = performance.now();
  try {
    for (let index = 0; ; index++) {
      const next = iterator.next();
      const step = abort === undefined ? await next : await Promise.race([next, abort.rejected]);
      if (step.done) return resultOf(step.value, index);
      const value = parser === undefined ? step.value : await checked(parser, step.value, index);
      if (signal?.aborted) throw signal.reason;
      deliver(ctx, value);
      // A generator that yields without awaiting runs on microtasks alone, and would hold
      // the event loop (other calls, timers, I/O, its own abort) until it ends.
      if (index % YIELD_EVERY === YIELD_EVERY - 1 && performance.now() - turn > TURN_MS) {
        await nextTurn();
        turn = performance.now();
      }
    }
  } catch (error) {
    if (error instanceof PartialResultError) stop(iterator);
    throw error;
  } finally {
    abort?.unwatch();
  }
}

/**
 * What a finished stream returns. One that yielded and returned nothing fails by name: a
 * port of an AI SDK tool, whose last yield is its output, would otherwise hand the model
 * `null` in silence. `return null` says there is no result.
 */
function resultOf(value: unknown, yielded: number): unknown {
  if (value !== undefined || yielded === 0) return value;
  const partials = yielded === 1 ? "1 partial result" : `${yielded} partial results`;
  throw new PartialResultError(
    yielded,
    "",
    [],
    undefined,
    `yielded ${partials} and returned nothing: a streaming execute's result is the value it returns, not its last yield (as in the AI SDK); return the result, or null for none`,
  );
}

/** Partials between two looks at the clock, and the time a generator may hold the event loop. */
const YIELD_EVERY = 64;
const TURN_MS = 4;

/** Settles on a later turn of the event loop, after pending I/O and timers. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

/** A promise that rejects with the signal's reason when it aborts, stopping `iterator`. */
function abortOf(
  signal: AbortSignal,
  iterator: AsyncIterator<unknown, unknown>,
): { readonly rejected: Promise<never>; readonly unwatch: () => void } {
  let onAbort = (): void => {};
  const rejected = new Promise<never>((_, reject) => {
    onAbort = () => {
      stop(iterator);
      reject(signal.reason);
    };
  });
  // Handled here too: an abort that comes while a partial is being parsed, and so while
  // nothing races this promise, must not surface as an unhandled rejection.
  rejected.catch(() => {});
  return { rejected, unwatch: watchAbort(signal, onAbort) };
}

/** The partial value parsed by `parser`, or a {@link PartialResultError}. */
async function checked(parser: Parser, value: unknown, index: number): Promise<unknown> {
  let result: Awaited<ReturnType<typeof parse>>;
  try {
    const parsing = parse(parser, value);
    result = parsing instanceof Promise ? await parsing : parsing;
  } catch (error) {
    throw new PartialResultError(index, `parsing it threw: ${messageOf(error)}`, [], error);
  }
  if (result.success) return result.data;
  const { issues } = result.error;
  throw new PartialResultError(index, describeIssues(issues), issues, result.error);
}

/** Hands `value` to `ctx.onPartial`; a callback that throws or rejects is ignored. */
function deliver(ctx: ToolExecutionContext | undefined, value: unknown): void {
  try {
    const delivered: unknown = ctx?.onPartial?.(value);
    if (delivered instanceof Promise) delivered.catch(() => {});
  } catch {
    // A listener's failure is the listener's: the tool keeps running.
  }
}

/** Asks the iterator to finish (running a generator's `finally`); its failure is ignored. */
function stop(iterator: AsyncIterator<unknown, unknown>): void {
  try {
    const closing: unknown = iterator.return?.();
    if (closing instanceof Promise) closing.catch(() => {});
  } catch {
    // Already finished, or an iterator whose `return` throws: nothing more to stop.
  }
}
