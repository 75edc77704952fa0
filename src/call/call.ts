/**
 * What moves through the pipeline: the callable as the pipeline sees it, one call as it
 * passes the stages, the outcome before anyone has named it, and the site a call is made
 * from (a toolbox, a playbook, a tool set), which names the outcome its own way.
 *
 * @module
 */
import type { ToolTimeoutError } from "../core/errors";
import type { FactoryExecute } from "../core/factory-execute";
import type { MaybePromise, ToolExecutionContext } from "../core/tool-definition";
import type { AnySchema, RawShape, SchemaIssue } from "../zod/schema";
import type { CallControls, Controls } from "./controls";
import type { ApprovalRequest, CallFailure } from "./outcome";

/** A tool or play as the pipeline sees it. */
export interface Callable {
  readonly parameters: AnySchema | RawShape;
  readonly returns?: AnySchema;
  readonly controls?: CallControls;
  execute(args: unknown, ctx?: ToolExecutionContext): MaybePromise<unknown>;
}

/** What happened to one call, before a site has named it. */
export type Outcome = { readonly kind: "value"; readonly value: unknown } | FailedOutcome;

/** An outcome that is not a value: what went wrong, and with which call. */
export type FailedOutcome =
  | {
      readonly kind: "unknown-name";
      readonly name: string;
      /** The caller's context, so that a site names only what that caller may see. */
      readonly ctx?: ToolExecutionContext;
    }
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
  | {
      /** Strict inputs: argument keys `parameters` does not declare. */
      readonly kind: "unknown-arguments";
      readonly name: string;
      readonly keys: readonly string[];
      readonly accepted: readonly string[];
    }
  | {
      readonly kind: "thrown";
      readonly name: string;
      readonly error: unknown;
      /** The text, when it is not the error's own message. */
      readonly message?: string;
    }
  | { readonly kind: "timeout"; readonly name: string; readonly error: ToolTimeoutError }
  | { readonly kind: "cancelled"; readonly name: string; readonly reason: unknown }
  | {
      /** A failure already worded, by a toolbox's own `execute` that a tool set called. */
      readonly kind: "worded";
      readonly name: string;
      readonly failure: CallFailure;
    }
  | {
      /** Required scopes the caller (`ctx.auth`) was not granted. */
      readonly kind: "forbidden";
      readonly name: string;
      /** The required scopes it lacks, in order. */
      readonly missing: readonly string[];
      /** Every scope the callable requires. */
      readonly required: readonly string[];
    }
  | {
      readonly kind: "approval-required";
      readonly name: string;
      /** The signed request, where the site can resume one (a tool set). */
      readonly request?: ApprovalRequest;
    };

/** One call as it passes the stages. */
export interface Call {
  readonly name: string;
  readonly callable: Callable;
  /** The factory mark of the callable's `execute`, when it has one. */
  readonly plan: FactoryExecute | undefined;
  readonly controls: Controls | undefined;
  /** The arguments as the caller sent them. */
  readonly args: unknown;
  readonly ctx: ToolExecutionContext | undefined;
  /** Set by the arguments stage: the arguments as `parameters` parsed them. */
  readonly parsed?: { readonly value: unknown };
  /** A call resumed after a person approved it: the approval stage lets it through. */
  readonly approved?: boolean;
  /** Only asking whether the call needs approval: nothing runs. */
  readonly asking?: boolean;
  /** Signs a request for this call, where the site can resume one. */
  readonly requestApproval?: (args: unknown) => Promise<ApprovalRequest>;
  /** Runs the call instead of the callable's `execute` (a toolbox's own `execute`). */
  readonly run?: (call: Call) => Promise<Outcome>;
}

/** A step of the pipeline: does its part, and hands the call on to `next` (or does not). */
export type Stage = (call: Call, next: (call: Call) => Promise<Outcome>) => Promise<Outcome>;

/**
 * Where a call is made from, and how it settles the outcome into what it returns (or
 * throws). A value goes to `value`, which must not throw; anything else to `failure`.
 * Split in two so that a successful call allocates no outcome object.
 */
export interface Site<Owner, T> {
  /**
   * What `callable` runs under here; `undefined` when nothing is controlled. `plan` is the
   * factory mark of its `execute`, which holds the controls its factory resolved.
   */
  controls(
    owner: Owner,
    name: string,
    callable: Callable,
    plan: FactoryExecute | undefined,
  ): Controls | undefined;
  value(value: unknown, owner: Owner, name: string): T;
  failure(outcome: FailedOutcome, owner: Owner, call: FailedCallInfo): T;
  /**
   * The site looks names up for its caller itself, and holds back what `visible` hides (a
   * tool set, whose listings do): the pipeline does not ask again.
   */
  readonly looksUpVisible?: true;
  /** Signs approval requests; without it, a call that needs approval fails closed. */
  requestApproval?(owner: Owner, name: string, args: unknown): Promise<ApprovalRequest>;
}

/** A site that holds its callables by name: a toolbox, a playbook. */
export interface Container<Owner, T> extends Site<Owner, T> {
  /** The owner's record of callables, e.g. a toolbox's `tools`. */
  callables(owner: Owner): Readonly<Record<string, Callable>>;
}

/** What a site's `failure` learns about the call beside its outcome. */
export interface FailedCallInfo {
  readonly args: unknown;
  readonly controls: Controls | undefined;
}
