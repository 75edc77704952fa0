/**
 * The controls one entry of a tool set runs under: what its definition declares
 * (`needsApproval`, `timeoutMs`, `strictInputs`, `formatError`) resolved against the
 * set's own defaults, once, at construction.
 *
 * @module
 */
import type { ApprovalCheck, CallControls, FormatError } from "../../core/call-controls";
import { checkTimeout, controlsOf } from "../../core/controls-of";
import type { CallableKind } from "../../core/errors";
import type { MaybePromise, ToolExecutionContext } from "../../core/tool-definition";
import type { AnySchema } from "../../zod/schema";
import { declaredKeys } from "./expected-fields";
import { strictParameters } from "./strict-inputs";

/** What a set-wide approval policy is asked about one call. */
export interface ApprovalQuery<Entry> {
  /** The entry called. */
  readonly entry: Entry;
  /** The arguments, as `parameters` parsed them. */
  readonly args: unknown;
  /** The call's context. */
  readonly ctx: ToolExecutionContext | undefined;
}

/**
 * Which calls of a set need approval, beside what each definition declares: all (`true`),
 * those of entries annotated `destructive: true` (`"destructive"`), or as a function
 * decides. A call needs approval when its definition or the policy says so.
 */
export type ApprovalPolicy<Entry> =
  | boolean
  | "destructive"
  | ((query: ApprovalQuery<Entry>) => MaybePromise<boolean>);

/** The set-wide defaults an entry's controls are resolved against. */
export interface SetControls<Entry> {
  readonly needsApproval?: ApprovalPolicy<Entry>;
  readonly approvalMaxAgeMs?: number;
  readonly outputBudget?: number;
  readonly timeoutMs?: number;
  readonly strictInputs?: boolean;
  readonly formatError?: FormatError;
}

/** One entry's resolved controls. */
export interface OwnerControls {
  readonly kind: CallableKind;
  /** The definition's own arguments schema, parsed to decide on approval. */
  readonly parameters: AnySchema;
  /** Decides whether a call on parsed arguments needs approval; absent when none ever does. */
  readonly approval?: (args: unknown, ctx: ToolExecutionContext | undefined) => Promise<boolean>;
  readonly timeoutMs?: number;
  /** With strict inputs, the keys accepted. */
  readonly accepted?: readonly string[];
  /** The definition's `formatError`, then the set's. */
  readonly formatters: readonly FormatError[];
}

/** An entry's controls and the arguments schema a model is shown of it (strict when asked). */
export interface ResolvedControls {
  readonly controls: OwnerControls | undefined;
  readonly shown: AnySchema;
}

/** Checks the set-wide options once, naming the bad one. */
export function checkSetControls<Entry>(options: SetControls<Entry>): void {
  const { needsApproval, timeoutMs, strictInputs, formatError } = options;
  if (
    needsApproval !== undefined &&
    typeof needsApproval !== "boolean" &&
    needsApproval !== "destructive" &&
    typeof needsApproval !== "function"
  ) {
    throw new TypeError(
      `toolSet: needsApproval must be a boolean, "destructive" or a function, received ${JSON.stringify(needsApproval) ?? typeof needsApproval}`,
    );
  }
  if (timeoutMs !== undefined) checkTimeout(timeoutMs, "toolSet: timeoutMs");
  const budget = options.outputBudget;
  if (budget !== undefined && !(Number.isInteger(budget) && budget >= 0)) {
    throw new TypeError(
      `toolSet: outputBudget must be a whole number of characters (0 or more), received ${JSON.stringify(budget) ?? typeof budget}`,
    );
  }
  if (options.approvalMaxAgeMs !== undefined) {
    checkTimeout(options.approvalMaxAgeMs, "toolSet: approvalMaxAgeMs");
  }
  if (strictInputs !== undefined && typeof strictInputs !== "boolean") {
    throw new TypeError("toolSet: strictInputs must be a boolean");
  }
  if (formatError !== undefined && typeof formatError !== "function") {
    throw new TypeError("toolSet: formatError must be a function");
  }
}

/**
 * Resolves what `definition` declares against `set`. `label` names the entry in a
 * construction error (`tool 'billing/refund'`).
 */
export function resolveControls<Entry extends { readonly annotations?: { destructive?: boolean } }>(
  entry: Entry,
  kind: CallableKind,
  name: string,
  label: string,
  parameters: AnySchema,
  definition: CallControls,
  set: SetControls<Entry>,
): ResolvedControls {
  // A hand-written definition's controls are checked here, as a factory's are where it is
  // written: a `needsApproval` that is neither a boolean nor a function must not run unasked.
  controlsOf(definition as CallControls<never>, `toolSet: ${label}`);
  const approval = approvalOf(entry, definition.needsApproval, set.needsApproval);
  const timeoutMs = definition.timeoutMs ?? set.timeoutMs;
  const strict = definition.strictInputs ?? set.strictInputs ?? false;
  const formatters = [definition.formatError, set.formatError].filter(
    (format): format is FormatError => typeof format === "function",
  );
  if (approval === undefined && timeoutMs === undefined && !strict && formatters.length === 0) {
    return { controls: undefined, shown: parameters };
  }
  const shown = strict ? strictParameters(label, parameters) : parameters;
  const controls: OwnerControls = {
    kind,
    parameters,
    ...(approval !== undefined && { approval }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(strict && { accepted: declaredKeys(name, parameters) }),
    formatters,
  };
  return { controls, shown };
}

function approvalOf<Entry extends { readonly annotations?: { destructive?: boolean } }>(
  entry: Entry,
  own: ApprovalCheck | undefined,
  policy: ApprovalPolicy<Entry> | undefined,
): OwnerControls["approval"] {
  const always =
    own === true ||
    policy === true ||
    (policy === "destructive" && entry.annotations?.destructive === true);
  if (always) return async () => true;
  const checks: Array<
    (args: unknown, ctx: ToolExecutionContext | undefined) => MaybePromise<boolean>
  > = [];
  if (typeof own === "function") checks.push(own);
  if (typeof policy === "function") checks.push((args, ctx) => policy({ entry, args, ctx }));
  if (checks.length === 0) return undefined;
  return async (args, ctx) => {
    for (const check of checks) {
      try {
        if ((await check(args, ctx)) !== false) return true;
      } catch {
        return true; // a check that fails cannot say the call is safe: approval fails closed
      }
    }
    return false;
  };
}
