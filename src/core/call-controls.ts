/**
 * What a definition may ask of the host that calls it: approval before it runs, a time
 * limit, strict inputs, and what a model reads when it fails. `defineTool`, `definePlay`
 * and hand-written definitions declare them; `toolSet` enforces them (and so every host
 * adapter), beside set-wide defaults of its own.
 *
 * @module
 */
import type { CallFailure, CallPending } from "./call-outcome";
import type { MaybePromise, ToolExecutionContext } from "./tool-definition";

/**
 * Whether a call needs approval: always (`true`), never (`false`), or as a function of
 * the parsed arguments decides. A function that throws or rejects counts as `true`:
 * approval fails closed.
 */
export type ApprovalCheck<Args = unknown> =
  | boolean
  // A method's parameters are bivariant: a hand-written definition may type its arguments,
  // as its `execute` may.
  | {
      check(args: Args, ctx: ToolExecutionContext | undefined): MaybePromise<boolean>;
    }["check"];

/** What a {@link FormatError} hook learns about the call that failed. */
export interface FailedCall {
  /** The tool or play asked for. */
  readonly name: string;
  /** The arguments as the caller sent them. */
  readonly args: unknown;
  /**
   * The fields `parameters` accepts, as a model would write them
   * (`{ day: string, limit?: number }`); `undefined` for an unknown name.
   */
  readonly expected?: string;
}

/**
 * Shapes what a model reads when a call fails: receives the failure (its `error` is the
 * default text, its `kind` what went wrong, its `cause` the thrown value) and returns the
 * text to show instead. Returning `undefined`, or throwing, keeps the default.
 *
 * @example
 * ```ts
 * formatError: (failure, call) =>
 *   failure.kind === "thrown" ? `'${call.name}' is unavailable; try again later` : undefined,
 * ```
 */
export type FormatError = (
  failure: CallFailure | CallPending,
  call: FailedCall,
) => string | undefined;

/** The controls a tool or play declares for the host that calls it. */
export interface CallControls<Args = unknown> {
  /**
   * Ask a person before this runs: the host gets an approval request instead of a
   * result (see `toolSet`'s `resume`). @default false
   */
  readonly needsApproval?: ApprovalCheck<Args>;
  /**
   * Fail the call with a `ToolTimeoutError` after this many milliseconds, aborting
   * `ctx.signal`; a late result is discarded. Overrides the set's `timeoutMs`.
   */
  readonly timeoutMs?: number;
  /**
   * Reject an argument key `parameters` does not declare, by name, rather than strip it;
   * the projected schema says `additionalProperties: false`. Overrides the set's
   * `strictInputs`.
   */
  readonly strictInputs?: boolean;
  /** What a model reads when this fails (see {@link FormatError}); wins over the set's. */
  readonly formatError?: FormatError;
}
