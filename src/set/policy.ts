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

/** What a set-wide `visible` check is asked about one entry. */
export interface VisibilityQuery<Entry> {
  /** The entry to show, or not. */
  readonly entry: Entry;
  /** The caller's context (its `auth`, its `host`), as a listing or a call brings it. */
  readonly ctx: ToolExecutionContext | undefined;
}

/**
 * A tool set's `controls`: the controls a definition declares, as defaults for every
 * entry (a definition's own `timeoutMs` and `strictInputs` win; approval, `formatError`
 * and `visible` combine, the definition's first).
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
  /**
   * Whether the caller may see an entry, beside its definition's own `visible`: an entry
   * either hides is absent from every listing (the set's, every adapter's, the catalog's)
   * and calling it reads as calling a name that does not exist. Only `true` shows it; a
   * check that throws hides it.
   *
   * @example
   * ```ts
   * controls: { visible: ({ entry, ctx }) => entry.capability !== "admin" || isAdmin(ctx?.auth) }
   * ```
   */
  readonly visible?: (query: VisibilityQuery<Entry>) => boolean;
}

/** Checks a set's controls once, naming the bad one. */
export function checkSetControls<Entry>(controls: SetControls<Entry> | undefined): void {
  if (controls === undefined) return;
  if (typeof controls !== "object" || controls === null) {
    throw new TypeError(`toolSet: controls must be an object, received ${typeof controls}`);
  }
  const { needsApproval, timeoutMs, strictInputs, formatError, visible } = controls;
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
  if (visible !== undefined && typeof visible !== "function") {
    throw new TypeError("toolSet: visible must be a function");
  }
}

/** The defaults one entry's controls are resolved against: the set's, its policy made a check. */
export function defaultsFor<Entry extends { readonly annotations?: { destructive?: boolean } }>(
  entry: Entry,
  controls: SetControls<Entry> | undefined,
): ControlDefaults {
  const policy = controls?.needsApproval;
  const visible = controls?.visible;
  return {
    ...(controls?.timeoutMs !== undefined && { timeoutMs: controls.timeoutMs }),
    ...(controls?.strictInputs !== undefined && { strictInputs: controls.strictInputs }),
    ...(controls?.formatError !== undefined && { formatError: controls.formatError }),
    ...(policy !== undefined && { needsApproval: checkOf(entry, policy) }),
    ...(visible !== undefined && {
      visible: (ctx: ToolExecutionContext | undefined) => visible({ entry, ctx }),
    }),
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
