/**
 * The controls a tool set adds to its entries' own: set-wide defaults of the same names,
 * an approval policy over every entry, and their validation, once, at construction.
 *
 * @module
 */
import type { ApprovalCheck, ControlDefaults, FormatError } from "../call/controls";
import { checkTimer } from "../call/controls";
import type { MaybePromise, ToolExecutionContext } from "../core/tool-definition";

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

/**
 * A tool set's `controls`: the four controls a definition declares, as defaults for every
 * entry (a definition's own `timeoutMs` and `strictInputs` win; approval and `formatError`
 * combine, the definition's hook first).
 */
export interface SetControls<Entry> {
  /** Which calls need approval, beside those whose definition says so (see {@link ApprovalPolicy}). */
  readonly needsApproval?: ApprovalPolicy<Entry>;
  /** Each call's time limit in milliseconds, unless its definition sets its own. */
  readonly timeoutMs?: number;
  /** Refuse unknown argument keys by name in every entry that does not say otherwise. */
  readonly strictInputs?: boolean;
  /** What a model reads when a call fails, after each definition's own `formatError`. */
  readonly formatError?: FormatError;
}

/** Checks a set's controls once, naming the bad one. */
export function checkSetControls<Entry>(controls: SetControls<Entry> | undefined): void {
  if (controls === undefined) return;
  if (typeof controls !== "object" || controls === null) {
    throw new TypeError(`toolSet: controls must be an object, received ${typeof controls}`);
  }
  const { needsApproval, timeoutMs, strictInputs, formatError } = controls;
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
  if (timeoutMs !== undefined) checkTimer(timeoutMs, "toolSet: timeoutMs");
  if (strictInputs !== undefined && typeof strictInputs !== "boolean") {
    throw new TypeError("toolSet: strictInputs must be a boolean");
  }
  if (formatError !== undefined && typeof formatError !== "function") {
    throw new TypeError("toolSet: formatError must be a function");
  }
}

/** The defaults one entry's controls are resolved against: the set's, its policy made a check. */
export function defaultsFor<Entry extends { readonly annotations?: { destructive?: boolean } }>(
  entry: Entry,
  controls: SetControls<Entry> | undefined,
): ControlDefaults {
  const policy = controls?.needsApproval;
  return {
    ...(controls?.timeoutMs !== undefined && { timeoutMs: controls.timeoutMs }),
    ...(controls?.strictInputs !== undefined && { strictInputs: controls.strictInputs }),
    ...(controls?.formatError !== undefined && { formatError: controls.formatError }),
    ...(policy !== undefined && { needsApproval: checkOf(entry, policy) }),
  };
}

function checkOf<Entry extends { readonly annotations?: { destructive?: boolean } }>(
  entry: Entry,
  policy: ApprovalPolicy<Entry>,
): ApprovalCheck {
  if (policy === "destructive") return entry.annotations?.destructive === true;
  if (typeof policy === "boolean") return policy;
  return (args, ctx) => policy({ entry, args, ctx });
}
