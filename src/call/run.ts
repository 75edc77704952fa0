/**
 * The run: the arguments parsed by `parameters` (unless a stage before has parsed them),
 * the callable run on them (a streaming one driven, see partials.ts), and the result of a
 * factory-built one parsed by `returns`. Every failure is an outcome, named after the call.
 *
 * @module
 */
import { messageOf } from "../core/describe";
import { isReturnsViolation } from "../core/factory-execute";
import { describeIssues, type ParseResult, parse, parserFor } from "../zod/parse";
import { parametersSchema } from "../zod/raw-shape";
import type { SchemaError } from "../zod/schema";
import type { Call, Callable, FailedOutcome, Outcome } from "./call";

/** How a run hands its outcome on: to the next stage, or straight to the site. */
export type Done<T> = (outcome: Outcome) => T;

/**
 * Runs `call` to its outcome and hands it to `done`; rejects only with what `done`
 * throws for a failure. Each step awaits only a real promise, and a site's `done` is
 * called in this frame, so a plain call settles after as few microtasks as it can.
 */
export async function run<T>(call: Call, done: Done<T>): Promise<T> {
  if (call.run !== undefined) return done(await call.run(call));
  let parsed = call.parsed ?? parseArguments(call);
  if (parsed instanceof Promise) parsed = await parsed;
  if ("kind" in parsed) return done(parsed);
  const { name, callable, plan } = call;
  let failed: FailedOutcome;
  try {
    let value =
      plan === undefined
        ? callable.execute(parsed.value, call.ctx)
        : plan.run(parsed.value, call.ctx);
    if (isThenable(value)) value = await value;
    const parser = plan?.parseResult;
    // A value's `done` must not throw, so settling inside the `try` catches nothing of its own.
    if (parser === undefined) return done({ kind: "value", value });
    let checked = parse(parser, value);
    if (checked instanceof Promise) checked = await checked;
    if (checked.success) return done({ kind: "value", value: checked.data });
    failed = schemaFailure("invalid-output", name, checked.error);
  } catch (error) {
    failed = thrownFailure(name, error, callable);
  }
  return done(failed);
}

/** The arguments as `parameters` parsed them, or why they could not be. */
export type ParsedArguments = { readonly value: unknown } | FailedOutcome;

/**
 * The call's arguments as `parameters` parses them (a hand-written callable's raw shape as
 * the `z.object` it stands for), or the failure: invalid arguments, or a schema that
 * threw. Synchronous whenever the schema parses synchronously.
 */
export function parseArguments(call: Call): ParsedArguments | Promise<ParsedArguments> {
  let parsing: ParseResult | Promise<ParseResult>;
  try {
    const parser =
      call.plan?.parseArguments ?? parserFor(parametersSchema(call.callable.parameters));
    parsing = parse(parser, call.args);
  } catch (error) {
    return parseThrew(call.name, error);
  }
  if (!(parsing instanceof Promise)) return parsedOf(call.name, parsing);
  return parsing.then(
    (parsed) => parsedOf(call.name, parsed),
    (error: unknown) => parseThrew(call.name, error),
  );
}

function parsedOf(name: string, parsed: ParseResult): ParsedArguments {
  return parsed.success
    ? { value: parsed.data }
    : schemaFailure("invalid-arguments", name, parsed.error);
}

export function schemaFailure(
  kind: "invalid-arguments" | "invalid-output",
  name: string,
  error: SchemaError,
): FailedOutcome {
  return { kind, name, error, issues: error.issues, detail: describeIssues(error.issues) };
}

// A refinement or transform that throws, or input deep enough to overflow the stack, is
// still the arguments' fault: named as such, never escaping as a bare error.
export function parseThrew(name: string, error: unknown): FailedOutcome {
  const detail = `parsing them threw: ${messageOf(error)}`;
  return { kind: "invalid-arguments", name, error, issues: [], detail };
}

/**
 * What the callable threw: a violation of its own `returns` (thrown by a factory-built
 * `execute` that a hand-written one called) is its invalid output; anything else passes
 * on as it is.
 */
export function thrownFailure(
  name: string,
  error: unknown,
  callable: Callable | undefined,
): FailedOutcome {
  if (!isReturnsViolation(error, callable?.returns)) return { kind: "thrown", name, error };
  const { cause } = error;
  return { kind: "invalid-output", name, error: cause, issues: cause.issues, detail: error.detail };
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value instanceof Promise ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as { then?: unknown }).then === "function")
  );
}
