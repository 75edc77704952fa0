/**
 * toolwright's one error family. Every error it raises on purpose is a
 * `ToolwrightError` with a stable `code`; those raised at the toolbox boundary name the
 * tool and keep the original error (usually a `ZodError`) as `cause`.
 *
 * `instanceof` holds across copies of the package (see `brand.ts`).
 *
 * @module
 */

import type { SchemaLintFinding } from "../../lint/types";
import type { SchemaError, SchemaIssue } from "../zod/schema";
import { isInstance } from "./brand";
import { clip } from "./clip";
import { nameText } from "./describe";

/** The stable code of each kind of {@link ToolwrightError}. Never renamed once shipped. */
export type ToolwrightErrorCode =
  | "TOOL_ARGUMENTS"
  | "TOOL_OUTPUT"
  | "UNKNOWN_TOOL"
  | "SCHEMA_PROJECTION"
  | "STRICT_SCHEMA"
  | "SCOPE_UNAVAILABLE"
  | "SCOPE_VALIDATION"
  | "TOOL_TIMEOUT"
  | "PARTIAL_RESULT"
  | "APPROVAL_REQUIRED"
  | "TOOL_FORBIDDEN"
  | "CLIENT_TOOL"
  | "CLIENT_REQUEST";

/**
 * The base of every error toolwright raises on purpose. Branch on `code`, which is
 * stable, rather than on the message.
 *
 * @example
 * ```ts
 * try {
 *   await tools.execute("list_meetings", { day: 1 });
 * } catch (error) {
 *   if (error instanceof ToolwrightError && error.code === "TOOL_ARGUMENTS") retryWithFixedArgs();
 *   else throw error;
 * }
 * ```
 */
export abstract class ToolwrightError extends Error {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ToolwrightError");
  }

  /** The mark every copy of toolwright gives a `ToolwrightError` (see `brand.ts`). */
  get "~toolwright.ToolwrightError"(): true {
    return true;
  }

  /** What kind of failure this is; stable across versions. */
  abstract readonly code: ToolwrightErrorCode;
}

/** The arguments a host passed to a tool failed its `parameters` schema. */
export class ToolArgumentsError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ToolArgumentsError");
  }

  /** The mark every copy of toolwright gives a `ToolArgumentsError` (see `brand.ts`). */
  get "~toolwright.ToolArgumentsError"(): true {
    return true;
  }

  override readonly name = "ToolArgumentsError";
  readonly code = "TOOL_ARGUMENTS";
  /** The tool whose `parameters` rejected the arguments. */
  readonly tool: string;
  /** Zod's issues, as the `ZodError` in `cause` reports them. */
  readonly issues: readonly SchemaIssue[];

  /**
   * @param cause - The `ZodError`, or what the schema threw while parsing.
   * @param issues - The schema's issues; by default the `cause`'s, none when it threw.
   * @param message - The message, when it says more than `received invalid arguments: <detail>`
   * (strict inputs name the unknown key and what the tool accepts).
   */
  constructor(
    tool: string,
    detail: string,
    cause: unknown,
    issues = issuesOf(cause),
    message = `tool '${tool}' received invalid arguments: ${detail}`,
  ) {
    super(message, { cause });
    this.tool = tool;
    this.issues = issues;
  }
}

/** A `defineTool` tool returned a value its `returns` schema rejected. */
export class ToolOutputError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ToolOutputError");
  }

  /** The mark every copy of toolwright gives a `ToolOutputError` (see `brand.ts`). */
  get "~toolwright.ToolOutputError"(): true {
    return true;
  }

  override readonly name = "ToolOutputError";
  readonly code = "TOOL_OUTPUT";
  /** The tool whose output violated its `returns` schema. */
  readonly tool: string;
  /** Zod's issues, as the `ZodError` in `cause` reports them. */
  readonly issues: readonly SchemaIssue[];

  constructor(tool: string, detail: string, cause: SchemaError) {
    super(`tool '${tool}' output violated its returns schema: ${detail}`, { cause });
    this.tool = tool;
    this.issues = issuesOf(cause);
  }
}

/** A host asked a toolbox for a tool it does not hold. */
export class UnknownToolError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "UnknownToolError");
  }

  /** The mark every copy of toolwright gives a `UnknownToolError` (see `brand.ts`). */
  get "~toolwright.UnknownToolError"(): true {
    return true;
  }

  override readonly name = "UnknownToolError";
  readonly code = "UNKNOWN_TOOL";
  /** The name that was asked for. */
  readonly tool: string;
  /** The names the toolbox does hold, sorted. */
  readonly available: readonly string[];

  constructor(tool: string, owner: string, available: readonly string[]) {
    const listed = available.length > 0 ? available.join(", ") : "(none)";
    super(
      `unknown tool '${clip(nameText(tool))}' in toolbox '${owner}'; available tools: ${listed}`,
    );
    this.tool = tool;
    this.available = available;
  }
}

/** Whether a schema belongs to a tool or a play, for naming it in errors. */
export type CallableKind = "tool" | "play";

/** A tool's schema could not be projected, or projected to something no host can use. */
export class SchemaProjectionError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "SchemaProjectionError");
  }

  /** The mark every copy of toolwright gives a `SchemaProjectionError` (see `brand.ts`). */
  get "~toolwright.SchemaProjectionError"(): true {
    return true;
  }

  override readonly name = "SchemaProjectionError";
  readonly code = "SCHEMA_PROJECTION";
  /** The tool or play whose schema failed. */
  readonly tool: string;
  /** Whether `tool` names a tool or a play. */
  readonly kind: CallableKind;

  constructor(tool: string, message: string, options?: ErrorOptions, kind: CallableKind = "tool") {
    super(`${kind} '${tool}' ${message}`, options);
    this.tool = tool;
    this.kind = kind;
  }
}

/** `requireScope` found no `ctx.host.scope`. The message says how to provide one. */
export class ScopeUnavailableError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ScopeUnavailableError");
  }

  /** The mark every copy of toolwright gives a `ScopeUnavailableError` (see `brand.ts`). */
  get "~toolwright.ScopeUnavailableError"(): true {
    return true;
  }

  override readonly name = "ScopeUnavailableError";
  readonly code = "SCOPE_UNAVAILABLE";

  constructor() {
    super(
      "no run scope: this tool needs ctx.host.scope and the execution context carries none; " +
        "bind the agent's SessionScope for the run and pass it as the context's host.scope " +
        "(toolbox.execute(name, args, { host: { scope: sessionScope.bind(values) } })), " +
        "or call readScope(ctx) if the tool can work without a scope",
    );
  }
}

/** A scope item's default, a preset or a bound value failed the item's schema. */
export class ScopeValidationError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ScopeValidationError");
  }

  /** The mark every copy of toolwright gives a `ScopeValidationError` (see `brand.ts`). */
  get "~toolwright.ScopeValidationError"(): true {
    return true;
  }

  override readonly name = "ScopeValidationError";
  readonly code = "SCOPE_VALIDATION";
}

/**
 * A call ran past its `timeoutMs`: its `ctx.signal` was aborted with this error as the
 * reason, and whatever it returns later is discarded.
 */
export class ToolTimeoutError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ToolTimeoutError");
  }

  /** The mark every copy of toolwright gives a `ToolTimeoutError` (see `brand.ts`). */
  get "~toolwright.ToolTimeoutError"(): true {
    return true;
  }

  override readonly name = "ToolTimeoutError";
  readonly code = "TOOL_TIMEOUT";
  /** The tool or play that ran too long. */
  readonly tool: string;
  /** The limit it ran past, in milliseconds. */
  readonly timeoutMs: number;

  constructor(tool: string, timeoutMs: number, kind: CallableKind = "tool") {
    super(`${kind} '${tool}' timed out after ${timeoutMs} ms`);
    this.tool = tool;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A call that needs approval was made where nobody can be asked (`Toolbox.execute`,
 * `Playbook.execute`): it did not run. The message says how to run it: through a tool
 * set, whose `call` returns an approval request that `resume` runs once approved.
 */
export class ApprovalRequiredError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ApprovalRequiredError");
  }

  /** The mark every copy of toolwright gives a `ApprovalRequiredError` (see `brand.ts`). */
  get "~toolwright.ApprovalRequiredError"(): true {
    return true;
  }

  override readonly name = "ApprovalRequiredError";
  readonly code = "APPROVAL_REQUIRED";
  /** The tool or play that needs approval. */
  readonly tool: string;

  constructor(tool: string, kind: CallableKind = "tool") {
    const container = kind === "play" ? "Playbook.execute" : "Toolbox.execute";
    super(
      `${kind} '${tool}' needs approval before it runs and has not run; ${container} cannot ask anyone, so call it through a tool set: toolSet([capability]).call returns an approval request, and set.resume runs the call once a person approves it`,
    );
    this.tool = tool;
  }
}

/**
 * The caller (`ctx.auth`) was not granted every scope a tool's `requiredScopes` names: the
 * call did not run. The caller may see the tool; over MCP HTTP this is a `403` with
 * `insufficient_scope`.
 */
export class ToolForbiddenError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ToolForbiddenError");
  }

  /** The mark every copy of toolwright gives a `ToolForbiddenError` (see `brand.ts`). */
  get "~toolwright.ToolForbiddenError"(): true {
    return true;
  }

  override readonly name = "ToolForbiddenError";
  readonly code = "TOOL_FORBIDDEN";
  /** The tool or play that was refused. */
  readonly tool: string;
  /** The required scopes the caller lacks, in order. */
  readonly missing: readonly string[];
  /** Every scope the tool requires. */
  readonly required: readonly string[];

  constructor(
    tool: string,
    missing: readonly string[],
    required: readonly string[],
    kind: CallableKind = "tool",
  ) {
    const quoted = missing.map((scope) => `'${scope}'`).join(", ");
    const scopes = missing.length === 1 ? `the scope ${quoted}` : `the scopes ${quoted}`;
    super(`${kind} '${tool}' requires ${scopes}, which the caller was not granted; it has not run`);
    this.tool = tool;
    this.missing = missing;
    this.required = required;
  }
}

/**
 * A call reached a tool declared without `execute` (`clientSide`): the client runs it, so
 * toolwright cannot. Its arguments were parsed first. A tool set names the tool in its
 * failure's text; a host routes such calls to its client instead (the AI SDK adapter
 * hands the tool to the AI SDK without `execute`, which then leaves the call to you).
 */
export class ClientToolError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ClientToolError");
  }

  /** The mark every copy of toolwright gives a `ClientToolError` (see `brand.ts`). */
  get "~toolwright.ClientToolError"(): true {
    return true;
  }

  override readonly name = "ClientToolError";
  readonly code = "CLIENT_TOOL";

  constructor() {
    super(
      "is declared without execute: the client runs it, so it cannot run here; send its calls to the client",
    );
  }
}

/**
 * A streamed partial value that its `partial` schema rejected (or that threw while
 * parsed): the call fails with it, and the generator is stopped. Also a stream that
 * yielded partial values and returned nothing, whose result would otherwise be lost in
 * silence (`index` is then how many it yielded).
 */
export class PartialResultError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "PartialResultError");
  }

  /** The mark every copy of toolwright gives a `PartialResultError` (see `brand.ts`). */
  get "~toolwright.PartialResultError"(): true {
    return true;
  }

  override readonly name = "PartialResultError";
  readonly code = "PARTIAL_RESULT";
  /** Which yielded value it was, counting from 0. */
  readonly index: number;
  /** Zod's issues; none when the parse threw. */
  readonly issues: readonly SchemaIssue[];

  /** `message` words a stream that went wrong otherwise (one that yielded and returned nothing). */
  constructor(
    index: number,
    detail: string,
    issues: readonly SchemaIssue[],
    cause: unknown,
    message = `partial result ${index} violated its partial schema: ${detail}`,
  ) {
    super(message, { cause });
    this.index = index;
    this.issues = issues;
  }
}

/**
 * A tool's (or a play's) own failure, worded for the model: throw it from `execute` and
 * the model reads its message as written, with no prefix, wherever the call is made. A
 * tool set's failure (`kind: "thrown"`) carries the message as its `error` and the
 * `ToolError` itself as its `cause`; every provider adapter sends that text, and the MCP
 * server answers an `isError` result with exactly that text (an ordinary thrown error reads
 * `tool '<name>' failed: <message>` there). `Playbook.execute` returns it as `{ error }`;
 * `Toolbox.execute` rethrows it as it is, like any error the tool throws. `formatError`,
 * the output budget and MCP's `clientError` apply to its text as to any other failure's.
 *
 * It is the tool's error, not one toolwright raises: it is no {@link ToolwrightError}.
 * `instanceof` holds across copies of toolwright (see `brand.ts`).
 *
 * @example
 * ```ts
 * execute: async ({ id }) => {
 *   const user = await users.find(id);
 *   if (user === undefined) throw new ToolError(`NOT_FOUND: no user ${id}; list users first`);
 *   return user;
 * }
 * ```
 */
export class ToolError extends Error {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ToolError");
  }

  /** The mark every copy of toolwright gives a `ToolError` (see `brand.ts`). */
  get "~toolwright.ToolError"(): true {
    return true;
  }

  override readonly name = "ToolError";

  /**
   * @param message - What the model reads, exactly.
   * @param options - `cause`: what went wrong underneath, for the host's logs; never shown.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/** The providers whose strict mode a schema is lowered for. */
export type StrictTarget = "openai" | "anthropic";

const STRICT_NAMES: Record<StrictTarget, string> = { openai: "OpenAI", anthropic: "Anthropic" };

/**
 * A tool's parameters cannot be sent in a provider's strict mode (`strict: true` of the
 * OpenAI or Anthropic adapter); `reasons` say which construct and where, `findings` are
 * the lint findings behind them when the linter found them.
 */
export class StrictSchemaError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "StrictSchemaError");
  }

  /** The mark every copy of toolwright gives a `StrictSchemaError` (see `brand.ts`). */
  get "~toolwright.StrictSchemaError"(): true {
    return true;
  }

  override readonly name = "StrictSchemaError";
  readonly code = "STRICT_SCHEMA";
  /** The tool whose parameters cannot be strict. */
  readonly tool: string;
  /** Whose strict mode: `"openai"` or `"anthropic"`. */
  readonly target: StrictTarget;
  /** One `path [code] why` (or `path: why`) line per blocking construct. */
  readonly reasons: readonly string[];
  /** The strict dialect's lint findings behind `reasons`, when the linter found them. */
  readonly findings: readonly SchemaLintFinding[];

  constructor(
    tool: string,
    target: StrictTarget,
    reasons: readonly string[],
    findings: readonly SchemaLintFinding[] = [],
  ) {
    const listed = reasons.map((reason) => reason.replace(/\.+$/, "")).join("; ");
    super(
      `tool '${tool}' parameters cannot be made ${STRICT_NAMES[target]}-strict: ${listed}. Rewrite those parts of the schema, send this tool without strict, or use strict: "auto"`,
    );
    this.tool = tool;
    this.target = target;
    this.reasons = reasons;
    this.findings = findings;
  }
}

/** Which request to the client a {@link ClientRequestError} is about: `ctx.elicit` or `ctx.sample`. */
export type ClientRequestKind = "elicit" | "sample";

/**
 * Why a request to the client did not come back with an answer: `"unsupported"` (the
 * transport cannot carry a request to the client, as stateless HTTP cannot (session mode can), or the client
 * did not declare the capability), `"failed"` (the client answered with an error, or the
 * connection went), `"invalid-response"` (the answer does not match what was asked).
 */
export type ClientRequestFailure = "unsupported" | "failed" | "invalid-response";

/**
 * `ctx.elicit` or `ctx.sample` could not get an answer from the client. Branch on
 * `reason`: a tool can fall back when it is `"unsupported"`.
 *
 * @example
 * ```ts
 * try {
 *   answer = await ctx.elicit({ message: "Which account?", schema });
 * } catch (error) {
 *   if (!(error instanceof ClientRequestError) || error.reason !== "unsupported") throw error;
 *   answer = { action: "decline" }; // ask the model to ask instead
 * }
 * ```
 */
export class ClientRequestError extends ToolwrightError {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "ClientRequestError");
  }

  /** The mark every copy of toolwright gives a `ClientRequestError` (see `brand.ts`). */
  get "~toolwright.ClientRequestError"(): true {
    return true;
  }

  override readonly name = "ClientRequestError";
  readonly code = "CLIENT_REQUEST";
  /** `"elicit"` or `"sample"`. */
  readonly request: ClientRequestKind;
  /** Why there is no answer. */
  readonly reason: ClientRequestFailure;

  constructor(
    request: ClientRequestKind,
    reason: ClientRequestFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`ctx.${request}: ${message}`, options);
    this.request = request;
    this.reason = reason;
  }
}

function issuesOf(cause: unknown): readonly SchemaIssue[] {
  const issues = (cause as Partial<SchemaError> | null | undefined)?.issues;
  return Array.isArray(issues) ? issues : [];
}
