/**
 * The controls a definition may declare for the calls of it: approval before it runs, a
 * time limit, strict inputs, and what a model reads when it fails. `defineTool`,
 * `definePlay` and hand-written definitions declare them under `controls`; `toolSet`
 * takes set-wide defaults of the same names. Resolved once per callable (and per set),
 * they decide which stages of the pipeline a call runs through.
 *
 * @module
 */
import { describeValue, messageOf } from "../core/describe";
import type { CallableKind } from "../core/errors";
import type { MaybePromise, ToolExecutionContext } from "../core/tool-definition";
import type { AnySchema } from "../zod/schema";
import type { CallFailure, CallPending } from "./outcome";

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
   * (`{ day: string, limit?: number }`); `undefined` for an unknown name, and where the
   * caller has no listing to read them from (`Playbook.execute`).
   */
  readonly expected?: string;
}

/**
 * Shapes what a model reads when a call fails: receives the failure (its `error` is the
 * default text, its `kind` what went wrong, its `cause` the thrown value) and returns the
 * text to show instead. Returning `undefined`, or throwing, keeps the default. The failure is
 * a frozen copy: a hook reads it, and cannot change what the call settles as.
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

/**
 * The controls of a tool or play, under its definition's `controls`. They hold wherever
 * it is called: `Toolbox.execute`, `Playbook.execute`, `toolSet(...).call` and every
 * host adapter.
 *
 * @example
 * ```ts
 * defineTool({
 *   description: "Refund an invoice",
 *   parameters: z.object({ invoice: z.string(), amountCents: z.number().int() }),
 *   controls: { needsApproval: ({ amountCents }) => amountCents >= 10_000, timeoutMs: 5_000 },
 *   execute: async ({ invoice, amountCents }) => refund(invoice, amountCents),
 * });
 * ```
 */
export interface CallControls<Args = unknown> {
  /**
   * Ask a person before this runs. Through a tool set, a call that needs approval comes
   * back pending with a request for `resume`; where nobody can be asked
   * (`Toolbox.execute`, `Playbook.execute`) it fails closed, with an
   * `ApprovalRequiredError`. A check that does not settle within `timeoutMs` (30 s
   * without one) fails the call, which has not run. @default false
   */
  readonly needsApproval?: ApprovalCheck<Args>;
  /**
   * Fail the call with a `ToolTimeoutError` after this many milliseconds, aborting
   * `ctx.signal`; a late result is discarded. The time counts from before the
   * `needsApproval` check. Overrides the set's `timeoutMs`.
   */
  readonly timeoutMs?: number;
  /**
   * Reject an argument key `parameters` does not declare, by name, rather than strip it;
   * the projected schema says `additionalProperties: false`. `parameters` must then be a
   * plain `z.object`. Overrides the set's `strictInputs`.
   */
  readonly strictInputs?: boolean;
  /** What a model reads when this fails (see {@link FormatError}); wins over the set's. */
  readonly formatError?: FormatError;
  /**
   * The scopes the caller's `ctx.auth` must grant, every one, for a call to run. A caller
   * who lacks one still sees the tool, and its call fails `forbidden` (over MCP HTTP, `403`
   * with `insufficient_scope`), naming what is missing; a call with no `ctx.auth` lacks
   * them all.
   */
  readonly requiredScopes?: readonly string[];
  /**
   * Whether the caller of `ctx` may see this at all. A tool it may not see is absent from
   * every listing, and calling it reads exactly as calling a name that does not exist.
   * Only `true` shows it: a check that throws, or returns anything else, hides it (access
   * fails closed). It must answer at once: listings are synchronous.
   */
  readonly visible?: (ctx: ToolExecutionContext | undefined) => boolean;
}

/** A callable's controls, resolved (with a set's defaults, where there is one). */
export interface Controls {
  readonly kind: CallableKind;
  readonly timeoutMs?: number;
  /** With strict inputs: the argument keys `parameters` declares. */
  readonly accepted?: readonly string[];
  /** Whether a call on parsed arguments needs approval; absent when none ever does. */
  readonly needsApproval?: (
    args: unknown,
    ctx: ToolExecutionContext | undefined,
  ) => Promise<boolean>;
  /** What a model reads of a failure: the definition's `formatError`, then the set's. */
  readonly formatters: readonly FormatError[];
  /** With `requiredScopes`: the scopes a call's `ctx.auth` must grant. */
  readonly requiredScopes?: readonly string[];
  /**
   * With a `visible` check (the definition's, the set's): why the caller of `ctx` may not
   * see it, or `undefined` when it may. Never throws.
   */
  readonly hiddenBecause?: (ctx: ToolExecutionContext | undefined) => string | undefined;
}

/** The set-wide defaults a definition's controls are resolved against. */
export interface ControlDefaults {
  /** The set's own approval check for this callable, asked beside the definition's. */
  readonly needsApproval?: ApprovalCheck;
  readonly timeoutMs?: number;
  readonly strictInputs?: boolean;
  readonly formatError?: FormatError;
  /** The set's own `visible` check for this callable, asked beside the definition's. */
  readonly visible?: (ctx: ToolExecutionContext | undefined) => boolean;
}

/** A callable's resolved controls and the arguments schema a model is shown of it. */
export interface Resolved {
  /** `undefined` when nothing is controlled: the pipeline's direct path. */
  readonly controls: Controls | undefined;
  /** `parameters`, or its `.strict()` form under strict inputs. */
  readonly shown: AnySchema;
}

/** The control names, which a definition declares under `controls`, never beside it. */
const CONTROL_NAMES = [
  "needsApproval",
  "timeoutMs",
  "strictInputs",
  "formatError",
  "requiredScopes",
  "visible",
] as const;

/**
 * A `TypeError` naming `owner` when `definition` declares a control beside `controls`
 * instead of under it (the place it had before controls were grouped), which would
 * otherwise be ignored: a time limit or an approval that silently does not hold.
 */
export function checkControlPlacement(definition: object, owner: string): void {
  const misplaced = CONTROL_NAMES.filter((name) => name in definition);
  if (misplaced.length === 0) return;
  const listed = misplaced.join(", ");
  throw new TypeError(
    `${owner}: ${listed} ${misplaced.length === 1 ? "is a control" : "are controls"}: declare ${misplaced.length === 1 ? "it" : "them"} under controls: { ${listed} }`,
  );
}

/**
 * `controls`, checked: a `TypeError` naming `owner` (`defineTool`, `toolSet: tool
 * 'billing/refund'`) and the option for a value of the wrong type, so that a bad control
 * fails where it is written and never lets a call run unasked.
 */
export function checkControls(controls: unknown, owner: string): CallControls | undefined {
  if (controls === undefined) return undefined;
  if (typeof controls !== "object" || controls === null) {
    expect(false, `${owner}: controls`, "an object", controls);
  }
  const { needsApproval, timeoutMs, strictInputs, formatError, requiredScopes, visible } =
    controls as CallControls;
  if (needsApproval !== undefined && typeof needsApproval !== "boolean") {
    expect(
      typeof needsApproval === "function",
      `${owner}: needsApproval`,
      "a boolean or a function",
      needsApproval,
    );
  }
  if (timeoutMs !== undefined) checkTimer(timeoutMs, `${owner}: timeoutMs`);
  if (strictInputs !== undefined) {
    expect(typeof strictInputs === "boolean", `${owner}: strictInputs`, "a boolean", strictInputs);
  }
  if (formatError !== undefined) {
    expect(typeof formatError === "function", `${owner}: formatError`, "a function", formatError);
  }
  if (requiredScopes !== undefined) checkScopes(requiredScopes, `${owner}: requiredScopes`);
  if (visible !== undefined) {
    expect(typeof visible === "function", `${owner}: visible`, "a function", visible);
  }
  return controls as CallControls;
}

// Scopes are compared as written (RFC 6749 scope tokens): an empty one could never be granted.
function checkScopes(value: unknown, option: string): void {
  expect(
    Array.isArray(value) && value.every((scope) => typeof scope === "string" && scope !== ""),
    option,
    "an array of scope names (non-empty strings)",
    value,
  );
}

/** Throws a `TypeError` unless `value` is a positive, finite number of milliseconds. */
export function checkTimeout(value: unknown, option: string): void {
  expect(
    typeof value === "number" && Number.isFinite(value) && value > 0,
    option,
    "a positive, finite number of milliseconds",
    value,
  );
}

/** The longest delay a timer holds: Node fires a longer one at once, with a warning. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * {@link checkTimeout} for a delay a timer waits: a `RangeError` past the longest one
 * holds, which would otherwise time every call out at once.
 */
export function checkTimer(value: unknown, option: string): void {
  checkTimeout(value, option);
  if ((value as number) > LONGEST_TIMER_MS) {
    throw new RangeError(
      `${option} must be at most ${LONGEST_TIMER_MS} ms (about 24.8 days, the longest a timer holds), received ${String(value)}`,
    );
  }
}

/**
 * Resolves what a definition declares (`own`) against `defaults`. `owner` names the
 * callable in a `TypeError` for a control that cannot hold (strict inputs over parameters
 * that are not a plain `z.object`).
 */
export function resolveControls(
  kind: CallableKind,
  owner: string,
  parameters: AnySchema,
  own: CallControls | undefined,
  defaults: ControlDefaults = {},
): Resolved {
  const needsApproval = approvalOf(own?.needsApproval, defaults.needsApproval);
  const timeoutMs = own?.timeoutMs ?? defaults.timeoutMs;
  const strict = own?.strictInputs ?? defaults.strictInputs ?? false;
  const formatters = [own?.formatError, defaults.formatError].filter(
    (format): format is FormatError => typeof format === "function",
  );
  const requiredScopes =
    own?.requiredScopes !== undefined && own.requiredScopes.length > 0
      ? Object.freeze([...own.requiredScopes])
      : undefined;
  const hiddenBecause = visibilityOf(own?.visible, defaults.visible);
  if (
    needsApproval === undefined &&
    timeoutMs === undefined &&
    !strict &&
    formatters.length === 0 &&
    requiredScopes === undefined &&
    hiddenBecause === undefined
  ) {
    return { controls: undefined, shown: parameters };
  }
  const closed = strict ? strictForm(owner, parameters) : undefined;
  const controls: Controls = {
    kind,
    ...(needsApproval !== undefined && { needsApproval }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(closed !== undefined && { accepted: closed.accepted }),
    formatters,
    ...(requiredScopes !== undefined && { requiredScopes }),
    ...(hiddenBecause !== undefined && { hiddenBecause }),
  };
  return { controls, shown: closed?.schema ?? parameters };
}

/**
 * The strict form of an object schema and the keys it declares; a `TypeError` naming the
 * callable for any other schema, which has no keys of its own to hold a call to.
 */
function strictForm(
  owner: string,
  parameters: AnySchema,
): { readonly schema: AnySchema; readonly accepted: readonly string[] } {
  const { strict } = parameters as { strict?: unknown };
  const schema = typeof strict === "function" ? (strict.call(parameters) as AnySchema) : undefined;
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  if (schema === undefined || typeof shape !== "object" || shape === null) {
    throw new TypeError(
      `${owner} has strictInputs, but its parameters are not a plain z.object (no .strict()); declare them as z.object({...}) or turn strictInputs off for it`,
    );
  }
  return { schema, accepted: Object.keys(shape) };
}

// A call needs approval when either check says so; a check that fails cannot say the call
// is safe: approval fails closed.
function approvalOf(
  own: ApprovalCheck | undefined,
  set: ApprovalCheck | undefined,
): Controls["needsApproval"] {
  if (own === true || set === true) return async () => true;
  const checks = [own, set].filter(
    (check): check is Exclude<ApprovalCheck, boolean> => typeof check === "function",
  );
  if (checks.length === 0) return undefined;
  return async (args, ctx) => {
    for (const check of checks) {
      try {
        if ((await check(args, ctx)) !== false) return true;
      } catch {
        return true;
      }
    }
    return false;
  };
}

// Seen when every check says `true`; the first that does not says why (access fails closed).
function visibilityOf(
  own: CallControls["visible"],
  set: ControlDefaults["visible"],
): Controls["hiddenBecause"] {
  const checks = [
    { check: own, whose: "its visible check" },
    { check: set, whose: "the set's visible check" },
  ].filter(({ check }) => typeof check === "function");
  if (checks.length === 0) return undefined;
  return (ctx) => {
    for (const { check, whose } of checks) {
      let seen: unknown;
      try {
        seen = check?.(ctx);
      } catch (error) {
        return `${whose} threw: ${messageOf(error)}`;
      }
      if (seen !== true)
        return `${whose} returned ${seen === false ? "false" : describeValue(seen)}`;
    }
    return undefined;
  };
}

function expect(ok: boolean, option: string, wanted: string, value: unknown): void {
  if (!ok) throw new TypeError(`${option} must be ${wanted}, received ${describeValue(value)}`);
}
